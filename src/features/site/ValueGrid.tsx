import { Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { IconBadge } from "./IconBadge";
import { valueIcons } from "./icons/values";
import { Reveal } from "./Reveal";

type Value = { title: string; text: string; icon: keyof typeof valueIcons };

/** Three short points in cards: the home page's value points and the about page's values. */
export function ValueGrid({ values, variant }: { values: readonly Value[]; variant: "tinted" | "outlined" }) {
  const card = variant === "tinted" ? { bg: "brand.50" } : { bg: "white", borderWidth: "1px", borderColor: "gray.200" };
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
      {values.map((value, index) => (
        <li key={value.title}>
          <Reveal delay={index * 0.08}>
            <Stack gap="3" p="6" h="full" rounded="xl" {...card}>
              <IconBadge icon={valueIcons[value.icon]} tone={variant === "tinted" ? "gold" : "brand"} />
              <Heading as="h3" size="lg" color="brand.900">
                {value.title}
              </Heading>
              <Text color="gray.700">{value.text}</Text>
            </Stack>
          </Reveal>
        </li>
      ))}
    </SimpleGrid>
  );
}
