import { type AnyColumn, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Scope, scopePerson } from "../rules";
import { prefixSearchValues } from "./admin-table";
import { badRequest } from "./errors";

/**
 * Keyset paging: a list ordered by (created_at desc, id desc) continues after
 * its last row, named by its id. The query compares with that row's own
 * (created_at, id) as the database holds it, so no precision is lost on the
 * way through JSON (PostgreSQL keeps microseconds, JavaScript milliseconds).
 */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(100).optional(),
};

export const encodeCursor = (row: { id: string }) => Buffer.from(row.id).toString("base64url");

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  if (!z.uuid().safeParse(id).success) {
    throw badRequest("This page link is not valid. Load the list again.", { cursor: "Not a valid cursor." });
  }
  return id;
}

/**
 * Where a cursor row must be for the viewer to page after it: its `column` equal to a value (the
 * row's project, owner or assignee), or among a subquery's ids (a client's projects, a developer's
 * assignments). A cursor from outside names no row, and the page is empty, so a row the viewer may
 * not read gives away nothing, not even where it falls in their list.
 */
export type CursorScope = { column: AnyColumn; equals: string | Placeholder } | { column: AnyColumn; in: SQL };

export const cursorScopeCondition = (value: SQL, scope: CursorScope): SQL =>
  "equals" in scope ? sql`${value} = ${scope.equals}` : sql`${value} in (${scope.in})`;

/**
 * The keyset condition of a newest-first page: (created_at, id) before the cursor row's, that row
 * read from `table` by primary key. `order` names the page's own columns when they are not the
 * table's (a developer's projects are ordered by their assignments' copy of the date). `scope`
 * (CursorScope) is checked on the row found, behind `offset 0`: given both conditions at once, a
 * prepared statement's generic plan answered the lookup from the (scope, created_at, id) index and
 * read the scope's whole range (an older page of the 100,000-message thread: 719 buffers and 5 ms,
 * against 4 by primary key).
 */
export function beforeCursor(
  table: PgTable & { createdAt: AnyColumn; id: AnyColumn },
  after: string | Placeholder | undefined,
  options: { order?: { createdAt: AnyColumn; id: AnyColumn }; scope?: CursorScope | undefined } = {},
): SQL | undefined {
  if (!after) return undefined;
  const { order = table, scope } = options;
  const row = scope
    ? sql`select c.created_at, c.id from (select r.created_at, r.id, r.${sql.identifier(scope.column.name)} as scope from ${table} r where r.id = ${after} offset 0) c where ${cursorScopeCondition(sql`c.scope`, scope)}`
    : sql`select c.created_at, c.id from ${table} c where c.id = ${after}`;
  return sql`(${order.createdAt}, ${order.id}) < (${row})`;
}

/** Reads one row more than asked to know whether a next page exists. */
export function toPage<T extends { id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * A list's page by cursor as a prepared read (server/db/prepared.ts): the shape says whether a
 * status, a search and a cursor are given and the page's size, with the viewer's scope kind; the
 * values are the scope's person (placeholder "viewer"), the status, the search's range
 * (prefixSearchValues) and the cursor.
 */
export function cursorPageRead<S extends Scope>(
  scope: S,
  options: { limit: number; after?: string | undefined; status?: string | undefined; q?: string | undefined },
) {
  const search = prefixSearchValues(options.q);
  return {
    shape: {
      scope: scope.kind as S["kind"],
      status: Boolean(options.status),
      search: Boolean(search),
      after: Boolean(options.after),
      limit: options.limit,
    },
    values: { viewer: scopePerson(scope), status: options.status, ...search, after: options.after },
  };
}
