import { Badge, Box, Button, Heading, List, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { Plan } from "../../../common/public";
import { plansPage } from "../../content/plans";
import { formatPrice } from "../../lib/money";
import { textEm } from "../../lib/text-width";
import { CheckIcon } from "./icons/ui";

export function PlanCard({ plan }: { plan: Plan }) {
  const highlighted = plan.isPopular;
  const price = formatPrice(plan.priceMinor, plan.currency);
  return (
    <Stack
      as="article"
      aria-labelledby={`plan-${plan.slug}`}
      gap="5"
      p="7"
      h="full"
      rounded="2xl"
      bg={highlighted ? "brand.800" : "white"}
      color={highlighted ? "white" : "gray.800"}
      borderWidth={highlighted ? "2px" : "1px"}
      borderColor={highlighted ? "gold.400" : "gray.200"}
      shadow={highlighted ? "xl" : "sm"}
      position="relative"
      data-plan={plan.slug}
      css={{ containerType: "inline-size" }}
    >
      <Box minH="7">
        {plan.isPopular && (
          <Badge colorPalette="gold" variant="solid" size="lg" rounded="full" px="3">
            {plansPage.mostPopular}
          </Badge>
        )}
        {plan.badge && (
          <Badge colorPalette="brand" variant="solid" size="lg" rounded="full" px="3" ms={plan.isPopular ? "2" : "0"}>
            {plan.badge}
          </Badge>
        )}
      </Box>
      <Heading as="h3" id={`plan-${plan.slug}`} size="xl" color={highlighted ? "white" : "brand.900"}>
        {plan.name}
      </Heading>
      {/* The price stays whole, as large as the card allows (up to 4xl), and "/month" (or its period) goes under it when it must. */}
      <Text>
        <Text
          as="span"
          fontWeight="bold"
          letterSpacing="tight"
          whiteSpace="nowrap"
          data-price=""
          style={priceSize(price)}
        >
          {price}
        </Text>
        <Text as="span" fontSize="md" whiteSpace="nowrap" color={highlighted ? "brand.100" : "gray.600"}>
          {plansPage.per[plan.period] ?? `/${plan.period}`}
        </Text>
      </Text>
      <Text color={highlighted ? "brand.50" : "gray.700"}>{plan.description}</Text>
      <List.Root gap="2" variant="plain" flex="1">
        {plan.features.map((feature) => (
          <List.Item key={feature} alignItems="flex-start">
            <List.Indicator asChild color={highlighted ? "gold.300" : "brand.600"} mt="1">
              <CheckIcon aria-hidden="true" />
            </List.Indicator>
            {feature}
          </List.Item>
        ))}
      </List.Root>
      <Button
        asChild
        colorPalette={highlighted ? "gold" : "brand"}
        variant={highlighted ? "solid" : "outline"}
        size="lg"
      >
        <Link to="/contact" search={{ plan: plan.slug }} aria-label={plansPage.chooseLabel(plan.name)}>
          {plansPage.choose}
        </Link>
      </Button>
    </Stack>
  );
}

/** 4xl (2.25rem), or as large as fits the card's content box (a size container), down to 1.5rem. */
const priceSize = (price: string) => ({
  fontSize: `clamp(1.5rem, calc(100cqi / ${textEm(price).toFixed(2)}), 2.25rem)`,
});
