import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A page's h1 with an optional one-line description underneath. */
export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
    </Stack>
  );
}
