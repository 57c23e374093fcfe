import type { QueryClient, QueryKey } from "@tanstack/react-query";

type Row = { id: string };

const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";

/**
 * The rows of one cached list, whichever shape its query keeps them in: an array (the plans), an admin
 * table's page (`{ items, total }`, its total following the rows it loses) or an infinite list's pages
 * (`{ pages: [{ items }] }`). Anything else cached under the same key (a table's totals, a list of
 * something that is not rows) is left as it is.
 */
function changeRows(data: unknown, change: (rows: Row[]) => Row[]): unknown {
  if (Array.isArray(data)) return data.every(isRow) ? change(data) : data;
  if (typeof data !== "object" || data === null) return data;
  if ("pages" in data && Array.isArray(data.pages))
    return { ...data, pages: data.pages.map((page: unknown) => changeRows(page, change)) };
  if ("items" in data && Array.isArray(data.items) && data.items.every(isRow)) {
    const items = change(data.items);
    const lost = data.items.length - items.length;
    return "total" in data && typeof data.total === "number" && lost > 0
      ? { ...data, items, total: data.total - lost }
      : { ...data, items };
  }
  return data;
}

/**
 * A row saved through an edit form takes its copy's place in every list cached under `key` (whatever
 * its filters), as the server answered it: the form opened on it next sends the version it now has
 * (common/schemas.ts editedVersion), not the one the save replaced, which the server would refuse as
 * changed by someone else until the list's refetch landed.
 */
export function putSavedRow<T extends Row>(queryClient: QueryClient, key: QueryKey, saved: T): void {
  queryClient.setQueriesData({ queryKey: key }, (data) =>
    changeRows(data, (rows) => rows.map((row) => (row.id === saved.id ? saved : row))),
  );
}

/** A deleted row leaves every list cached under `key` at once, before their refetch lands. */
export function dropSavedRow(queryClient: QueryClient, key: QueryKey, id: string): void {
  queryClient.setQueriesData({ queryKey: key }, (data) =>
    changeRows(data, (rows) => rows.filter((row) => row.id !== id)),
  );
}
