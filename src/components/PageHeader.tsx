import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/page-title";

/**
 * A portal page's h1 with an optional one-line description underneath. The
 * title names the browser tab too ("<title> · Lagos Studio"); pass
 * `documentTitle` when the heading is not plain text.
 */
export function PageHeader({
  title,
  description,
  documentTitle,
}: {
  title: ReactNode;
  description?: ReactNode;
  documentTitle?: string;
}) {
  usePageTitle(documentTitle ?? (typeof title === "string" ? title : undefined));
  return (
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
    </Stack>
  );
}
