import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Page } from "../../common/api";
import { api } from "./api";
import type { LiveChange } from "./live";
import { logFailedRead } from "./query-client";

/**
 * A live list read by cursor, newest first, a page at a time ("Load more"): the rows shown and the
 * cursor of the page after them (null when every row is shown). Its rows come pushed one by one
 * (`placeRow`), and a refetch reads as many rows as are shown (`readShownPages`), so a list the
 * person has opened further keeps its length.
 */
export type ShownPages<T> = { items: T[]; next: string | null };

/** The most rows a cursor list answers at once (server/http/cursor.ts pageQuery). */
const MAX_LIMIT = 100;

type Row = { id: string; createdAt: string };
type FetchPage<T> = (limit: number, cursor: string | null) => Promise<Page<T>>;

/** Pages of the API's cursor list at `path`, with `filters` beside the limit and cursor (those given). */
export const cursorPages =
  <T>(path: string, filters: Record<string, string | undefined> = {}): FetchPage<T> =>
  (limit, cursor) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set("cursor", cursor);
    for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
    return api.get<Page<T>>(`${path}?${query}`);
  };

/** The order of every cursor list: created_at desc, then id desc (server/http/cursor.ts). */
export const newestFirst = (a: Row, b: Row) =>
  a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : a.id > b.id ? -1 : a.id < b.id ? 1 : 0;

/** The first `pageSize` rows, or as many as `shown` holds when "Load more" added pages. */
export async function readShownPages<T>(
  shown: ShownPages<T> | undefined,
  pageSize: number,
  fetchPage: FetchPage<T>,
): Promise<ShownPages<T>> {
  const wanted = Math.max(pageSize, shown?.items.length ?? 0);
  const items: T[] = [];
  let next: string | null = null;
  let short = false;
  do {
    const limit = Math.min(MAX_LIMIT, wanted - items.length);
    const page: Page<T> = await fetchPage(limit, next);
    items.push(...page.items);
    next = page.next;
    // A page shorter than asked ends the read: the server gives pages of its own size.
    short = page.items.length < limit;
  } while (next && !short && items.length < wanted);
  return { items, next };
}

/**
 * A pushed change: a shown row replaced by id (`merge` decides what of the shown row stays), a
 * deleted one dropped, a new one placed in the order, unless it belongs to a page not loaded yet
 * ("Load more" will bring it).
 */
export function placeRow<T extends Row>(
  list: ShownPages<T> | undefined,
  change: LiveChange,
  merge: (shown: T, row: T) => T = (_shown, row) => row,
): ShownPages<T> | undefined {
  if (!list) return list;
  if (change.op === "delete") return { ...list, items: list.items.filter((item) => item.id !== change.row.id) };
  const row = change.row as T;
  const shown = list.items.find((item) => item.id === row.id);
  if (shown) return { ...list, items: list.items.map((item) => (item.id === row.id ? merge(shown, row) : item)) };
  const last = list.items.at(-1);
  if (list.next && last && newestFirst(row, last) > 0) return list;
  return { ...list, items: [...list.items, row].sort(newestFirst) };
}

/**
 * "Load more": the page after the rows shown, appended (rows already shown are not repeated). Rejects
 * when the page cannot be read, for `LoadMoreButton` to say so.
 */
export function useLoadMore<T extends { id: string }>(listKey: QueryKey, pageSize: number, fetchPage: FetchPage<T>) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  async function loadMore() {
    const cursor = queryClient.getQueryData<ShownPages<T>>(listKey)?.next;
    if (!cursor || loading) return;
    setLoading(true);
    try {
      const page = await fetchPage(pageSize, cursor);
      queryClient.setQueryData<ShownPages<T>>(listKey, (list) => {
        if (!list) return list;
        const known = new Set(list.items.map((item) => item.id));
        return { items: [...list.items, ...page.items.filter((item) => !known.has(item.id))], next: page.next };
      });
    } catch (error) {
      logFailedRead([...listKey, { after: cursor }], error);
      throw error;
    } finally {
      setLoading(false);
    }
  }
  return { loadMore, loading };
}
