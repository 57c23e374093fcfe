import { Box, Heading, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ServiceSummary } from "../../content/shared";
import { serviceIcons } from "./icons/services";
import { ArrowRightIcon } from "./icons/ui";

/** A service card; the whole card is one link to the service page. */
export function ServiceCard({
  service,
  linkLabel,
  headingLevel = "h3",
}: {
  service: ServiceSummary;
  linkLabel: string;
  /** h2 where the cards are the page's top-level sections (/services), h3 under a section heading. */
  headingLevel?: "h2" | "h3";
}) {
  const Icon = serviceIcons[service.id];
  return (
    <Box
      asChild
      display="flex"
      flexDirection="column"
      h="full"
      p="6"
      bg="white"
      rounded="xl"
      borderWidth="1px"
      borderColor="gray.200"
      shadow="sm"
      transition="transform 0.2s, box-shadow 0.2s, border-color 0.2s"
      _hover={{ transform: "translateY(-4px)", shadow: "lg", borderColor: "brand.300" }}
      css={{ "@media (prefers-reduced-motion: reduce)": { transition: "none", _hover: { transform: "none" } } }}
    >
      <Link to="/services/$serviceId" params={{ serviceId: service.id }}>
        <Box
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="12"
          rounded="lg"
          bg="brand.50"
          color="brand.700"
          fontSize="2xl"
          mb="4"
        >
          <Icon aria-hidden="true" />
        </Box>
        <Heading as={headingLevel} size="lg" color="brand.900">
          {service.title}
        </Heading>
        <Text mt="2" color="gray.700" flex="1">
          {service.blurb}
        </Text>
        <Text
          as="span"
          mt="4"
          display="inline-flex"
          alignItems="center"
          gap="1"
          color="brand.700"
          fontWeight="semibold"
        >
          {linkLabel}
          <ArrowRightIcon aria-hidden="true" />
        </Text>
      </Link>
    </Box>
  );
}
