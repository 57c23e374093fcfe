import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { renderWhenNearViewport } from "./Section";

/** The closing band of a page: one heading and one button to the contact form. */
export function CallToAction({
  heading,
  text,
  button,
  search,
}: {
  heading: string;
  text: string;
  button: string;
  search?: { plan?: string };
}) {
  return (
    <Box
      as="section"
      bg="gold.300"
      py={{ base: "12", md: "16" }}
      aria-labelledby="cta-heading"
      {...renderWhenNearViewport}
    >
      <Container maxW="4xl" textAlign="center">
        <Heading as="h2" id="cta-heading" size={{ base: "2xl", md: "3xl" }} color="brand.950">
          {heading}
        </Heading>
        <Text mt="3" fontSize="lg" color="brand.950">
          {text}
        </Text>
        <Button asChild mt="6" size="lg" colorPalette="brand">
          <Link to="/contact" search={search}>
            {button}
          </Link>
        </Button>
      </Container>
    </Box>
  );
}
