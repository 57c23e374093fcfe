import { Box, Button, chakra, SimpleGrid } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { PLAN_CATEGORIES } from "../../../common/site-domain";
import { LazyFormAlert } from "../../components/LazyFormAlert";
import { plansPage } from "../../content/plans";
import { CallToAction } from "../../features/site/CallToAction";
import { PageMeta } from "../../features/site/PageMeta";
import { PlanCard } from "../../features/site/PlanCard";
import { usePlans } from "../../features/site/plans";
import { Reveal } from "../../features/site/Reveal";
import { PageHero, Section } from "../../features/site/Section";

export const Route = createFileRoute("/_site/plans")({
  component: PlansPage,
});

function PlansPage() {
  const { plans, isPending, isError, retry } = usePlans();
  return (
    <>
      <PageMeta seo={plansPage.seo} />
      <PageHero heading={plansPage.heading} intro={plansPage.intro} />
      {isError && (
        <Box maxW="6xl" mx="auto" px="4" pt="8">
          <LazyFormAlert status="warning" title={plansPage.loadError} takeFocus={false}>
            <Button size="sm" variant="outline" colorPalette="brand" mt="3" display="flex" onClick={retry}>
              {plansPage.retry}
            </Button>
          </LazyFormAlert>
        </Box>
      )}
      {/* Always there, so its words are read out when they come (a region added with them is not). */}
      <chakra.p role="status" srOnly>
        {isPending ? plansPage.loading : ""}
      </chakra.p>
      {/* Failed, the alert stands alone: no headings over empty lists. */}
      {!isError &&
        PLAN_CATEGORIES.map((category, sectionIndex) => {
          const copy = plansPage.categories[category];
          const shown = plans.filter((plan) => plan.category === category);
          return (
            <Section
              key={category}
              heading={copy.heading}
              intro={copy.intro}
              headingId={`${category}-plans`}
              bg={sectionIndex % 2 ? "gray.50" : undefined}
            >
              {!isPending && shown.length === 0 ? (
                <chakra.p color="fg.muted">{plansPage.none}</chakra.p>
              ) : (
                <SimpleGrid
                  as="ul"
                  columns={{ base: 1, md: 3 }}
                  gap="6"
                  listStyleType="none"
                  alignItems="stretch"
                  aria-busy={isPending || undefined}
                >
                  {isPending &&
                    // Three cards' room while the plans arrive (a link from another page: /plans itself carries them).
                    [0, 1, 2].map((slot) => (
                      <Box as="li" key={slot} aria-hidden="true" h="96" rounded="xl" bg="gray.100" />
                    ))}
                  {shown.map((plan, index) => (
                    <li key={plan.slug}>
                      <Reveal delay={index * 0.08}>
                        <PlanCard plan={plan} />
                      </Reveal>
                    </li>
                  ))}
                </SimpleGrid>
              )}
            </Section>
          );
        })}
      <CallToAction heading={plansPage.customHeading} text={plansPage.customText} button={plansPage.customButton} />
    </>
  );
}
