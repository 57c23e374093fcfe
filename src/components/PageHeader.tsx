import { Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/page-title";

/**
 * A portal page's h1 with an optional one-line description underneath, and the page's main action
 * (`action`: Add client, Create Task…) beside them, under them on a narrow screen. The title names
 * the browser tab too ("<title> · Lagos Studio"); pass `documentTitle` when the heading is not plain
 * text.
 */
export function PageHeader({
  title,
  description,
  documentTitle,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  documentTitle?: string;
  action?: ReactNode;
}) {
  usePageTitle(documentTitle ?? (typeof title === "string" ? title : undefined));
  return (
    <Flex justify="space-between" align="start" wrap="wrap" gap="3" mb="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {action}
    </Flex>
  );
}
