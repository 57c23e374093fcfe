import { Table } from "@chakra-ui/react";
import type { ComponentProps } from "react";

/**
 * The box a wide table scrolls in, on a phone. It is positioned so that what its cells place
 * absolutely (the visually hidden names of each row's buttons) scrolls and clips with the table:
 * left static, as Chakra's Table.ScrollArea is, those labels took the nearest positioned ancestor,
 * the card, and widened the page (at 375 px the clients' page was 503 px wide and scrolled sideways).
 */
export function TableScrollArea(props: ComponentProps<typeof Table.ScrollArea>) {
  return <Table.ScrollArea position="relative" {...props} />;
}
