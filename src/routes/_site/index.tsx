import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { home } from "../../content/home";
import { services } from "../../content/services";
import { CallToAction } from "../../features/site/CallToAction";
import { HeroIllustration } from "../../features/site/HeroIllustration";
import { PageMeta } from "../../features/site/PageMeta";
import { Reveal } from "../../features/site/Reveal";
import { HeroPattern, Section } from "../../features/site/Section";
import { ServiceCard } from "../../features/site/ServiceCard";
import { ValueGrid } from "../../features/site/ValueGrid";

export const Route = createFileRoute("/_site/")({
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <PageMeta seo={home.seo} />
      <Box bg="brand.800" color="white" position="relative" overflow="hidden" data-on-dark="">
        <HeroPattern />
        <Container maxW="6xl" py={{ base: "14", md: "24" }} position="relative">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="10" alignItems="center">
            <Stack gap="6">
              <Text
                color="gold.300"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wider"
                fontSize="sm"
              >
                {home.hero.eyebrow}
              </Text>
              <Heading as="h1" size={{ base: "4xl", md: "5xl" }} lineHeight="1.1">
                {home.hero.title}
              </Heading>
              <Text fontSize={{ base: "lg", md: "xl" }} color="brand.50">
                {home.hero.text}
              </Text>
              <Stack direction={{ base: "column", sm: "row" }} gap="3">
                <Button asChild size="lg" colorPalette="gold">
                  <Link to="/contact">{home.hero.primaryCta}</Link>
                </Button>
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  color="white"
                  borderColor="whiteAlpha.700"
                  _hover={{ bg: "whiteAlpha.200" }}
                >
                  <Link to="/plans">{home.hero.secondaryCta}</Link>
                </Button>
              </Stack>
            </Stack>
            <Box
              display={{ base: "none", md: "flex" }}
              justifyContent="center"
              // A CSS entrance runs before any JavaScript and is skipped for reduced-motion visitors.
              css={{
                "@media (prefers-reduced-motion: no-preference)": {
                  animation: "fade-in 0.8s ease-out, scale-in 0.8s ease-out",
                },
              }}
            >
              <HeroIllustration />
            </Box>
          </SimpleGrid>
        </Container>
      </Box>

      <Section heading={home.valuesHeading} headingId="values-heading">
        <ValueGrid values={home.values} variant="tinted" />
      </Section>

      <Section
        heading={home.servicesHeading}
        intro={home.servicesIntro}
        headingId="featured-services-heading"
        bg="gray.50"
      >
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="6" listStyleType="none">
          {services.map((service, index) => (
            <li key={service.id}>
              <Reveal delay={index * 0.08}>
                <ServiceCard service={service} linkLabel={home.learnMore} />
              </Reveal>
            </li>
          ))}
        </SimpleGrid>
        <Box textAlign="center" mt="10">
          <Button asChild variant="outline" colorPalette="brand">
            <Link to="/services">{home.allServices}</Link>
          </Button>
        </Box>
      </Section>

      <CallToAction heading={home.ctaHeading} text={home.ctaText} button={home.ctaButton} />
    </>
  );
}
