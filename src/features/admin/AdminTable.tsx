import { Box, Button, Card, EmptyState, HStack, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from "react-icons/lu";
import type { AdminPage, SortDirection } from "../../../common/admin";
import { DataTable } from "../../components/DataTable";
import { SelectInput } from "../../components/FormField";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { LoadFailed } from "../../components/LoadFailed";
import { SearchBox } from "../../components/SearchBox";
import { sortedBy, TABLE_NOT_LOADED, TABLE_NOT_REFRESHED } from "./labels";

/**
 * The one table of the admin console (issue #7): the server pages, sorts and
 * searches; the page, sort and search live in the URL (the route's
 * validateSearch), and this component only asks to change them. Loading rows
 * keep the final layout, an empty search says so, a failed load offers Retry.
 */
/** A table's query changed: into the URL, or `replace`d in place (a correction nobody asked for, which Back skips). */
export type QueryChange<Q> = (next: Partial<Q>, options?: { replace?: boolean }) => void;

export type TableQuery<S extends string> = {
  page: number;
  pageSize: number;
  sort: S;
  dir: SortDirection;
  q?: string | undefined;
};

export type AdminColumn<T, S extends string> = {
  key: string;
  header: string;
  /** The sort this column's header asks for; unsortable without it. */
  sort?: S;
  align?: "start" | "end";
  /** A column of buttons: on a phone they close the row, without the column's name beside them. */
  actions?: boolean;
  /** A value in lines of its own (a list of changes): on a phone it goes under the column's name, not beside it. */
  wide?: boolean;
  /** Free text (a title, a name) that may break into lines when the table is short of room. */
  wrap?: boolean;
  cell: (row: T) => ReactNode;
};

/** On a phone the first column heads its row and a column of buttons closes it; the others show their name. */
const cellLabel = <T, S extends string>(column: AdminColumn<T, S>, index: number) =>
  index === 0 || column.actions ? undefined : column.header;

export function AdminTable<T extends { id: string }, S extends string>({
  caption,
  columns,
  query,
  onQueryChange,
  data,
  pending,
  error,
  onRetry,
  search,
  empty,
  toolbar,
}: {
  caption: string;
  columns: AdminColumn<T, S>[];
  query: TableQuery<S>;
  onQueryChange: QueryChange<TableQuery<S>>;
  data: AdminPage<T> | undefined;
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  /**
   * The search box: its label, which says everything it matches, and the short placeholder that
   * fits inside it (a label as placeholder was cut off on five tables at 1280 px). A table without
   * search text (the audit log) leaves it out.
   */
  search?: { label: string; placeholder: string };
  empty: { title: string; text: string; icon: ReactNode };
  toolbar?: ReactNode;
}) {
  const captionId = useId();
  const rows = data?.items;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : undefined;
  // The page asked for (the URL's), within the pages there are.
  const asked = Math.min(query.page, pages ?? query.page);
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.items.length - 1) : 0;

  // A page past the end (its last rows deleted, or an old link): go to the last page there is.
  const lastPage = data && data.items.length === 0 && data.total > 0 && data.page > 1 ? pages : undefined;
  const change = useRef(onQueryChange);
  change.current = onQueryChange;
  useEffect(() => {
    // In place of the page past the end: Back then leaves the table, not for that page, which came here again.
    if (lastPage) change.current({ page: lastPage }, { replace: true });
  }, [lastPage]);

  // A sort button's press, said: the new order is shown by an arrow and aria-sort, which a screen reader
  // reads only when it comes back to the header, and the rows change out of its sight.
  const [sortSaid, saySort] = useLiveAnnouncement();
  function sortBy(sort: S, header: string) {
    const dir: SortDirection = query.sort === sort && query.dir === "asc" ? "desc" : "asc";
    onQueryChange({ sort, dir, page: 1 });
    saySort(sortedBy(header, dir));
  }

  return (
    <Card.Root as="section" aria-labelledby={captionId}>
      <Card.Header>
        {/* The tools go under the caption when they do not fit beside it, rather than squeeze it (lines
            break on the items' whole widths); alone on a phone's line, a long caption wraps. */}
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Text as="h2" id={captionId} fontWeight="semibold" fontSize="lg" minW="0">
            {caption}
          </Text>
          <HStack gap="2" flexWrap="wrap" flex="1 1 20rem" justify="flex-end">
            {search && <SearchBox {...search} value={query.q ?? ""} onSearch={(q) => onQueryChange({ q, page: 1 })} />}
            {toolbar}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body aria-busy={pending || undefined}>
        {pending && <VisuallyHidden role="status">Loading {caption.toLowerCase()}</VisuallyHidden>}
        <LiveAnnouncement announcement={sortSaid} />
        <DataTable.Root aria-labelledby={captionId}>
          <DataTable.Head>
            {columns.map((column) => (
              <DataTable.ColumnHeader
                key={column.key}
                sortable={Boolean(column.sort)}
                alignEnd={column.align === "end"}
                aria-sort={
                  column.sort && query.sort === column.sort
                    ? query.dir === "asc"
                      ? "ascending"
                      : "descending"
                    : undefined
                }
              >
                {column.sort ? (
                  <SortButton
                    label={column.header}
                    active={query.sort === column.sort}
                    dir={query.dir}
                    onClick={() => column.sort && sortBy(column.sort, column.header)}
                  />
                ) : (
                  column.header
                )}
              </DataTable.ColumnHeader>
            ))}
          </DataTable.Head>
          <DataTable.Body>
            {pending
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <DataTable.Row key={i} aria-hidden="true">
                    {columns.map((column, index) => (
                      <DataTable.Cell key={column.key} label={cellLabel(column, index)}>
                        <Skeleton height="5" />
                      </DataTable.Cell>
                    ))}
                  </DataTable.Row>
                ))
              : rows?.map((row) => (
                  <DataTable.Row key={row.id}>
                    {columns.map((column, index) => (
                      <DataTable.Cell
                        key={column.key}
                        label={cellLabel(column, index)}
                        alignEnd={column.align === "end"}
                        wide={column.wide}
                        wrap={column.wrap}
                      >
                        {column.cell(row)}
                      </DataTable.Cell>
                    ))}
                  </DataTable.Row>
                ))}
          </DataTable.Body>
        </DataTable.Root>
        {/* Below the table, not in a row of it: a cell spanning every column is as wide as the table,
            and on a phone the message was cut off at the scroll box's edge. */}
        {/* A refetch that failed keeps the rows it had (a dialog open on one keeps what is typed in it)
            and says they may be out of date. */}
        {/* An alert of its own (LoadFailed), outside the region below, which would read it a second time. */}
        {!pending && (!rows || error) && (
          <LoadFailed
            message={rows ? TABLE_NOT_REFRESHED : TABLE_NOT_LOADED}
            onRetry={onRetry}
            justify="center"
            py="6"
          />
        )}
        {/* In a region that is always there, so what shows in it is read out: a search with no results too
            (a region added with its words is not). */}
        <Box aria-live="polite">
          {!pending &&
            (rows && !error && rows.length === 0 ? (
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Indicator>{empty.icon}</EmptyState.Indicator>
                  <Stack textAlign="center" gap="1">
                    <EmptyState.Title as="p">{query.q ? `No results for “${query.q}”` : empty.title}</EmptyState.Title>
                    <EmptyState.Description>
                      {query.q && search ? noResultsHint(search.placeholder) : empty.text}
                    </EmptyState.Description>
                  </Stack>
                </EmptyState.Content>
              </EmptyState.Root>
            ) : null)}
        </Box>
      </Card.Body>
      {data && pages !== undefined && data.total > 0 && (
        <Card.Footer>
          <nav aria-label={`${caption} pages`} style={{ width: "100%" }}>
            <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align="center" gap="2">
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {first}–{last} of {data.total} · page {data.page} of {pages}
              </Text>
              {/* aria-disabled at the ends, not disabled: pressed onto the last page, Next page keeps the
                  keyboard focus (a disabled button drops it to the page's body). From the page asked for,
                  not the one shown: pressed again while a page loads, a button goes on from there. */}
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-disabled={asked <= 1 || undefined}
                  onClick={() => asked > 1 && onQueryChange({ page: asked - 1 })}
                >
                  Previous page
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-disabled={asked >= pages || undefined}
                  onClick={() => asked < pages && onQueryChange({ page: asked + 1 })}
                >
                  Next page
                </Button>
              </HStack>
            </Stack>
          </nav>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

function SortButton({
  label,
  active,
  dir,
  onClick,
}: {
  label: string;
  active: boolean;
  dir: SortDirection;
  onClick: () => void;
}) {
  const Icon = !active ? LuArrowUpDown : dir === "asc" ? LuArrowUp : LuArrowDown;
  return (
    // The header's own text size and weight: a sortable column's name reads like the others'.
    <Button variant="ghost" size="xs" px="1" ms="-1" fontSize="inherit" fontWeight="inherit" onClick={onClick}>
      {label}
      <Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * A table's filter by one of its statuses, in its toolbar: "All" or one of `options`, each with its
 * label. Choosing goes back to the first page (the page's rows are another list's).
 */
export function TableFilter<V extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <HStack gap="2">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" whiteSpace="nowrap">
          {label}
        </Text>
      </label>
      <SelectInput
        id={id}
        height="9"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </SelectInput>
    </HStack>
  );
}

/** What to try when a search finds nothing, in the words of what the table's search matches ("Name or e-mail"). */
export const noResultsHint = (matches: string) => `Try another ${matches.toLowerCase()}, or clear the search.`;
