import { Table } from "@chakra-ui/react";
import type { ComponentProps, ReactNode, Ref } from "react";

/**
 * The one way to show a table in the portal (the admin tables, a client's invoices, a person's
 * records). From md up it is a table that scrolls in its own box when it is wider than its card.
 * On a phone each row stacks into a block, each value beside its column's name, so a row is read
 * whole: scrolled sideways, the invoices showed only Invoice ID and Project, with the amount,
 * status and Download past the edge. Done by CSS alone, so it holds on a page the server rendered
 * before its app runs, and the markup stays one table (the roles are explicit because some
 * browsers drop a table's semantics once its parts are no longer laid out as a table).
 */

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: "0",
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  borderWidth: "0",
} as const;

/**
 * From md up: shadows at the edges the table can still be scrolled towards, drawn by CSS alone:
 * two shadows fixed to the box, each covered by a band of the card's colour that scrolls with the
 * table and reaches the edge only when the table's end does (the backgrounds' `local` and
 * `scroll` attachments). The rows are left transparent so the box's background shows through
 * them (the line variant paints each one in the card's colour).
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
  "& [data-cell-label]": { display: "none" },
  // Chakra's scroll area keeps every cell on one line; a title or a name may take two before the
  // table outgrows its card (at 1280 px beside the sidebar, Payments' Mark paid was past the edge).
  "& td[data-wrap]": { whiteSpace: "normal", minWidth: "8rem" },
};

/**
 * Below md: rows as blocks. The header row keeps only what a reader uses on a phone, the sort
 * buttons; the other column names stay for screen readers, which announce them with each cell
 * (each cell's visible name is hidden from them, so nothing is read twice). Words may break
 * inside a value here, as everywhere but in a table that scrolls (src/theme/system.ts).
 */
const STACKED = {
  "& table, & thead, & tbody": { display: "block", width: "full" },
  "& thead tr": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "1", borderBottomWidth: "0" },
  "& thead tr:has(th[data-sortable])::before": {
    content: '"Sort by" / ""',
    color: "fg.muted",
    fontSize: "sm",
    marginEnd: "1",
  },
  "& thead th": { display: "block", borderBottomWidth: "0", paddingInline: "0", paddingBlock: "1" },
  "& thead th:not([data-sortable])": VISUALLY_HIDDEN,
  "& tbody tr": {
    display: "flex",
    flexDirection: "column",
    gap: "1.5",
    paddingBlock: "3",
    borderBottomWidth: "1px",
    borderColor: "border",
  },
  "& tbody td": {
    display: "flex",
    justifyContent: "space-between",
    alignItems: "baseline",
    gap: "4",
    padding: "0",
    borderBottomWidth: "0",
    textAlign: "start",
    whiteSpace: "normal",
  },
  "& td, & td *": { overflowWrap: "anywhere" },
  "& [data-cell-label]": { flexShrink: 0, color: "fg.muted", fontSize: "sm" },
  "& [data-cell-value]": { minWidth: "0", textAlign: "end" },
  "& td:not([data-labelled]) > [data-cell-value]": { flex: "1", textAlign: "start" },
  "& td[data-wide]": { flexDirection: "column", alignItems: "stretch", gap: "1" },
  "& td[data-wide] > [data-cell-value]": { textAlign: "start" },
  "& td[data-align-end]:not([data-labelled])": { justifyContent: "flex-end" },
  "& td[data-align-end]:not([data-labelled]) > [data-cell-value]": { flex: "initial" },
};

/**
 * The box and the table. It is positioned so that what its cells place absolutely (the visually
 * hidden names of each row's buttons, a phone's hidden column names) scrolls and clips with the
 * table: left static, as Chakra's Table.ScrollArea is, those labels took the nearest positioned
 * ancestor, the card, and widened the page (at 375 px the clients' page was 503 px wide).
 */
function Root({ children, ...props }: ComponentProps<typeof Table.Root>) {
  return (
    <Table.ScrollArea position="relative" css={{ mdDown: STACKED, md: EDGE_SHADOWS }}>
      <Table.Root size="sm" role="table" {...props}>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The header row. */
function Head({ children }: { children: ReactNode }) {
  return (
    <Table.Header role="rowgroup">
      <Table.Row role="row">{children}</Table.Row>
    </Table.Header>
  );
}

/** A column's name; `sortable` when it holds the column's sort button, which a phone keeps showing. */
function ColumnHeader({
  sortable,
  alignEnd,
  children,
  ...props
}: { sortable?: boolean; alignEnd?: boolean } & ComponentProps<typeof Table.ColumnHeader>) {
  return (
    <Table.ColumnHeader
      role="columnheader"
      scope="col"
      data-sortable={sortable ? "" : undefined}
      textAlign={alignEnd ? "end" : undefined}
      {...props}
    >
      {children}
    </Table.ColumnHeader>
  );
}

function Body({ children, ref }: { children: ReactNode; ref?: Ref<HTMLTableSectionElement> }) {
  return (
    <Table.Body ref={ref} role="rowgroup">
      {children}
    </Table.Body>
  );
}

function Row(props: ComponentProps<typeof Table.Row>) {
  return <Table.Row role="row" {...props} />;
}

/**
 * A cell. `label` is its column's name, shown beside the value on a phone; a cell without one
 * (a row's title, its buttons) takes the row's width there. `alignEnd` for amounts and buttons;
 * `wide` for a value laid out in lines of its own (a list of changes), put under its name on a phone;
 * `wrap` for free text (a title, a name) that may break into lines when the table is short of room.
 */
function Cell({
  label,
  alignEnd,
  wide,
  wrap,
  children,
  ...props
}: {
  label?: string | undefined;
  alignEnd?: boolean;
  wide?: boolean;
  wrap?: boolean | undefined;
} & ComponentProps<typeof Table.Cell>) {
  return (
    <Table.Cell
      role="cell"
      data-labelled={label ? "" : undefined}
      data-wide={wide ? "" : undefined}
      data-wrap={wrap ? "" : undefined}
      data-align-end={alignEnd ? "" : undefined}
      textAlign={alignEnd ? "end" : undefined}
      {...props}
    >
      {label && (
        <span aria-hidden="true" data-cell-label="">
          {label}
        </span>
      )}
      <div data-cell-value="">{children}</div>
    </Table.Cell>
  );
}

export const DataTable = { Root, Head, ColumnHeader, Body, Row, Cell };
