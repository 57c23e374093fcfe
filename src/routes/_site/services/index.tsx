import { SimpleGrid } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { home } from "../../../content/home";
import { services, servicesPage } from "../../../content/services";
import { CallToAction } from "../../../features/site/CallToAction";
import { PageMeta } from "../../../features/site/PageMeta";
import { Reveal } from "../../../features/site/Reveal";
import { PageHero, Section } from "../../../features/site/Section";
import { ServiceCard } from "../../../features/site/ServiceCard";

export const Route = createFileRoute("/_site/services/")({
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <>
      <PageMeta seo={servicesPage.seo} />
      <PageHero heading={servicesPage.heading} intro={servicesPage.intro} />
      <Section>
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="6" listStyleType="none" aria-label={servicesPage.heading}>
          {services.map((service, index) => (
            <li key={service.id}>
              <Reveal delay={index * 0.08}>
                <ServiceCard service={service} linkLabel={servicesPage.viewDetails} headingLevel="h2" />
              </Reveal>
            </li>
          ))}
        </SimpleGrid>
      </Section>
      <CallToAction heading={home.ctaHeading} text={home.ctaText} button={home.ctaButton} />
    </>
  );
}
