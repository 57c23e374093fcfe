import { EmptyState, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/**
 * A list with nothing in it yet: the spec's words and, where it has one, its
 * action, centred as one block. `framed` draws the list's outline when it
 * stands on the page; a list inside a card goes without.
 */
export function EmptyList({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = "h3",
  framed = true,
  size = "md",
}: {
  icon: IconType;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  /** h2 when the list stands for the whole page; h3 inside a section. */
  headingLevel?: "h2" | "h3";
  framed?: boolean;
  size?: "sm" | "md";
}) {
  return (
    <EmptyState.Root size={size} {...(framed && { borderWidth: "1px", borderRadius: "lg", bg: "bg" })}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Icon aria-hidden="true" />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title as={headingLevel}>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
