import { Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { about } from "../../content/about";
import { home } from "../../content/home";
import { CallToAction } from "../../features/site/CallToAction";
import { PageMeta } from "../../features/site/PageMeta";
import { Reveal } from "../../features/site/Reveal";
import { PageHero, Section } from "../../features/site/Section";
import { ValueGrid } from "../../features/site/ValueGrid";

export const Route = createFileRoute("/_site/about")({
  component: AboutPage,
});

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

function AboutPage() {
  return (
    <>
      <PageMeta seo={about.seo} />
      <PageHero heading={about.heading} intro={about.intro} />

      <Section heading={about.missionHeading} headingId="mission-heading">
        <Text
          fontSize={{ base: "xl", md: "2xl" }}
          textAlign="center"
          maxW="3xl"
          mx="auto"
          color="brand.900"
          lineHeight="1.6"
        >
          {about.mission}
        </Text>
      </Section>

      <Section heading={about.valuesHeading} headingId="values-heading" bg="gray.50">
        <ValueGrid values={about.values} variant="outlined" />
      </Section>

      <Section heading={about.teamHeading} headingId="team-heading">
        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
          {about.team.map((person, index) => (
            <li key={person.name}>
              <Reveal delay={index * 0.08}>
                <Stack
                  as="article"
                  gap="3"
                  p="6"
                  h="full"
                  rounded="xl"
                  borderWidth="1px"
                  borderColor="gray.200"
                  align="center"
                  textAlign="center"
                >
                  <Box
                    aria-hidden="true"
                    boxSize="20"
                    rounded="full"
                    bg="brand.700"
                    color="white"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    fontSize="2xl"
                    fontWeight="bold"
                  >
                    {initials(person.name)}
                  </Box>
                  <Heading as="h3" size="lg" color="brand.900">
                    {person.name}
                  </Heading>
                  <Text color="brand.700" fontWeight="semibold">
                    {person.role}
                  </Text>
                  <Text color="gray.700">{person.bio}</Text>
                </Stack>
              </Reveal>
            </li>
          ))}
        </SimpleGrid>
      </Section>

      <CallToAction heading={home.ctaHeading} text={home.ctaText} button={home.ctaButton} />
    </>
  );
}
