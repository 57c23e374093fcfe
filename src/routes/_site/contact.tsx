import { Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { contactPage } from "../../content/contact";
import { company } from "../../content/shared";
import { ContactForm } from "../../features/site/ContactForm";
import { ClockIcon, MailIcon, MapPinIcon, TimerIcon } from "../../features/site/icons/contact";
import { PageMeta } from "../../features/site/PageMeta";
import { PageHero, Section } from "../../features/site/Section";

const PLAN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const Route = createFileRoute("/_site/contact")({
  // A plan chosen on /plans arrives as ?plan=<slug> and is preselected in the form.
  // `plan` is returned even when invalid (undefined): the router lays this over the URL's raw search.
  validateSearch: (search: Record<string, unknown>): { plan?: string | undefined } => ({
    plan:
      typeof search.plan === "string" && search.plan.length <= 60 && PLAN_SLUG.test(search.plan)
        ? search.plan
        : undefined,
  }),
  // The plan field is a chunk of its own; fetch it with the page rather than after hydration,
  // so it shows as early as possible. Without it the form works all the same.
  loaderDeps: ({ search }) => ({ plan: search.plan }),
  loader: async ({ deps }) => {
    if (deps.plan) await import("../../features/site/PlanField").catch(() => {});
  },
  component: ContactPage,
});

function ContactPage() {
  const { plan } = Route.useSearch();
  return (
    <>
      <PageMeta seo={contactPage.seo} />
      <PageHero heading={contactPage.heading} intro={contactPage.intro} />
      <Section>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: "10", lg: "12" }}>
          <Stack as="aside" gap="6" aria-label="Contact details">
            <InfoBlock icon={<MapPinIcon />} heading={contactPage.officeHeading}>
              <Text as="address" fontStyle="normal">
                {company.office.street}
                <br />
                {company.office.city}, {company.office.country}
              </Text>
            </InfoBlock>
            <InfoBlock icon={<TimerIcon />} heading={contactPage.responseHeading}>
              <Text>{company.responseTime}</Text>
            </InfoBlock>
            <InfoBlock icon={<ClockIcon />} heading={contactPage.hoursHeading}>
              <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
                {company.hours.map((slot) => (
                  <Box key={slot.days} display="contents">
                    <Text as="dt" fontWeight="semibold">
                      {slot.days}
                    </Text>
                    <Text as="dd">{slot.time}</Text>
                  </Box>
                ))}
              </Box>
            </InfoBlock>
            <InfoBlock icon={<MailIcon />} heading={contactPage.emailHeading}>
              <Text asChild color="brand.700" textDecoration="underline">
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </Text>
            </InfoBlock>
          </Stack>
          <Box
            gridColumn={{ lg: "span 2" }}
            p={{ base: "6", md: "8" }}
            rounded="2xl"
            borderWidth="1px"
            borderColor="gray.200"
            shadow="sm"
            bg="white"
          >
            <Heading as="h2" id="enquiry-heading" size="2xl" color="brand.900" mb="6">
              {contactPage.formHeading}
            </Heading>
            <ContactForm plan={plan} />
          </Box>
        </SimpleGrid>
      </Section>
    </>
  );
}

function InfoBlock({ icon, heading, children }: { icon: ReactNode; heading: string; children: ReactNode }) {
  return (
    <Stack direction="row" gap="4" align="flex-start">
      <Box
        aria-hidden="true"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="10"
        flexShrink="0"
        rounded="full"
        bg="brand.50"
        color="brand.700"
        fontSize="lg"
      >
        {icon}
      </Box>
      <Box>
        <Heading as="h2" size="md" color="brand.900" mb="1">
          {heading}
        </Heading>
        {children}
      </Box>
    </Stack>
  );
}
