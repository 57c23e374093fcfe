import { Table } from "@chakra-ui/react";
import type { ComponentProps } from "react";

/**
 * Shadows at the edges a wide table can still be scrolled towards, drawn by CSS alone, so they
 * show on a page rendered by the server before its app runs: two shadows fixed to the box, each
 * covered by a band of the card's colour that scrolls with the table and reaches the edge only
 * when the table's end does (the backgrounds' `local` and `scroll` attachments). The rows are
 * left transparent so the box's background shows through them (the line variant paints each one
 * in the card's colour). On a phone, the table's columns past the edge (an invoice's amount,
 * status and Download) are otherwise cut off with nothing saying there is more.
 */
const EDGE_SHADOWS = {
  backgroundColor: "var(--chakra-colors-bg)",
  backgroundImage: [
    "linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent)",
    "linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent)",
    "radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.2), transparent)",
    "radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.2), transparent)",
  ].join(", "),
  backgroundPosition: "left center, right center, left center, right center",
  backgroundRepeat: "no-repeat",
  backgroundSize: "40px 100%, 40px 100%, 14px 100%, 14px 100%",
  backgroundAttachment: "local, local, scroll, scroll",
  "& tr": { backgroundColor: "transparent" },
};

/**
 * The box a wide table scrolls in, on a phone. It is positioned so that what its cells place
 * absolutely (the visually hidden names of each row's buttons) scrolls and clips with the table:
 * left static, as Chakra's Table.ScrollArea is, those labels took the nearest positioned ancestor,
 * the card, and widened the page (at 375 px the clients' page was 503 px wide and scrolled sideways).
 */
export function TableScrollArea(props: ComponentProps<typeof Table.ScrollArea>) {
  return <Table.ScrollArea position="relative" css={EDGE_SHADOWS} {...props} />;
}
