import { Box, type BoxProps, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * For the bands of a public page and its footer: the browser skips their style, layout and paint while
 * they are well below the viewport (Chromium: more than half a viewport away), which splits a long page's
 * first rendering into shorter tasks. The size is a placeholder until the band has rendered once; `auto`
 * then keeps its real size, so the scrollbar does not jump back and forth.
 */
export const renderWhenNearViewport = { contentVisibility: "auto", containIntrinsicSize: "auto 40rem" } as const;

type SectionProps = BoxProps & { heading?: string; intro?: string; headingId?: string; children: ReactNode };

/** A page band with an optional h2 and intro; labelled by its heading for landmark navigation. */
export function Section({ heading, intro, headingId, children, ...rest }: SectionProps) {
  return (
    <Box
      as="section"
      py={{ base: "12", md: "20" }}
      aria-labelledby={heading ? headingId : undefined}
      {...renderWhenNearViewport}
      {...rest}
    >
      <Container maxW="6xl">
        {heading && (
          <Box mb={{ base: "8", md: "12" }} textAlign="center" maxW="2xl" mx="auto">
            <Heading as="h2" id={headingId} size={{ base: "2xl", md: "3xl" }} color="brand.900">
              {heading}
            </Heading>
            {intro && (
              <Text mt="3" color="gray.700" fontSize="lg">
                {intro}
              </Text>
            )}
          </Box>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** The top band of every inner page: one h1 and a short intro on the brand colour. */
export function PageHero({ heading, intro, children }: { heading: string; intro?: string; children?: ReactNode }) {
  return (
    <Box
      bg="brand.800"
      color="white"
      py={{ base: "14", md: "20" }}
      position="relative"
      overflow="hidden"
      data-on-dark=""
    >
      <HeroPattern />
      <Container maxW="6xl" position="relative">
        {children}
        <Heading as="h1" size={{ base: "3xl", md: "5xl" }} maxW="3xl" lineHeight="1.1">
          {heading}
        </Heading>
        {intro && (
          <Text mt="4" fontSize={{ base: "lg", md: "xl" }} maxW="2xl" color="brand.50">
            {intro}
          </Text>
        )}
      </Container>
    </Box>
  );
}

/** Decorative dots drawn in CSS: no image request, no layout shift. */
export function HeroPattern() {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      inset="0"
      opacity="0.18"
      backgroundImage="radial-gradient(circle at 1px 1px, var(--chakra-colors-gold-300) 1.5px, transparent 0)"
      backgroundSize="28px 28px"
      maskImage="linear-gradient(to left, black, transparent 70%)"
    />
  );
}
