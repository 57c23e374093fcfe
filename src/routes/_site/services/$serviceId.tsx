import { Box, Button, chakra, Heading, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { isServiceId } from "../../../../common/site-domain";
import { findService, serviceDetail } from "../../../content/serviceDetails";
import { ArrowLeftIcon, ArrowRightIcon, CircleCheckIcon } from "../../../features/site/icons/ui";
import { PageMeta } from "../../../features/site/PageMeta";
import { Reveal } from "../../../features/site/Reveal";
import { PageHero, Section } from "../../../features/site/Section";

export const Route = createFileRoute("/_site/services/$serviceId")({
  // Spec §2: an unknown service id goes to the services list (the server redirects too).
  // The check uses the ids alone: the page's copy stays in its lazy chunk, out of the entry.
  beforeLoad: ({ params }) => {
    if (!isServiceId(params.serviceId)) throw redirect({ to: "/services", replace: true });
  },
  component: ServicePage,
});

const BackLink = chakra(Link);

function ServicePage() {
  const { serviceId } = Route.useParams();
  const service = findService(serviceId);
  if (!service) return null;
  return (
    <>
      <PageMeta seo={serviceDetail.seo(service)} />
      <PageHero heading={service.title} intro={service.blurb}>
        <BackLink
          to="/services"
          display="inline-flex"
          alignItems="center"
          gap="1"
          mb="4"
          color="gold.300"
          fontWeight="semibold"
          _hover={{ textDecoration: "underline" }}
        >
          <ArrowLeftIcon aria-hidden="true" />
          {serviceDetail.back}
        </BackLink>
      </PageHero>

      <Section>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "10", md: "16" }}>
          <Text fontSize="lg" color="gray.800" lineHeight="1.8">
            {service.description}
          </Text>
          <Box as="section" aria-labelledby="features-heading">
            <Heading as="h2" id="features-heading" size="2xl" color="brand.900" mb="5">
              {serviceDetail.featuresHeading}
            </Heading>
            <List.Root gap="3" variant="plain">
              {service.features.map((feature) => (
                <List.Item key={feature} alignItems="flex-start">
                  <List.Indicator asChild color="brand.600" mt="1">
                    <CircleCheckIcon aria-hidden="true" />
                  </List.Indicator>
                  {feature}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        </SimpleGrid>
      </Section>

      <Section heading={serviceDetail.processHeading} headingId="process-heading" bg="gray.50">
        <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: 4 }} gap="6" listStyleType="none">
          {service.process.map((step, index) => (
            <li key={step.title}>
              <Reveal delay={index * 0.08}>
                <Stack gap="3" p="6" h="full" rounded="xl" bg="white" borderWidth="1px" borderColor="gray.200">
                  <Box
                    aria-hidden="true"
                    boxSize="10"
                    rounded="full"
                    bg="gold.300"
                    color="brand.950"
                    fontWeight="bold"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                  >
                    {index + 1}
                  </Box>
                  <Heading as="h3" size="lg" color="brand.900">
                    <chakra.span srOnly>Step {index + 1}: </chakra.span>
                    {step.title}
                  </Heading>
                  <Text color="gray.700">{step.text}</Text>
                </Stack>
              </Reveal>
            </li>
          ))}
        </SimpleGrid>
      </Section>

      <Box
        as="section"
        data-on-dark=""
        bg="brand.800"
        color="white"
        py={{ base: "12", md: "16" }}
        textAlign="center"
        aria-labelledby="start-heading"
      >
        <Heading as="h2" id="start-heading" size={{ base: "2xl", md: "3xl" }}>
          {serviceDetail.ctaHeading}
        </Heading>
        <Text mt="3" fontSize="lg" maxW="2xl" mx="auto" px="4" color="brand.50">
          {serviceDetail.ctaText}
        </Text>
        <Button asChild mt="6" size="lg" colorPalette="gold">
          <Link to="/contact">
            {serviceDetail.cta}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </Box>
    </>
  );
}
