import { type AnyColumn, asc, count, desc, or, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AdminPage, AdminTableQuery } from "../../common/admin";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";

/**
 * Serving an admin table (issue #7): the page, sort and search of
 * common/admin.ts turned into ORDER BY (the chosen column, then the id as the
 * tie-break, so pages never overlap nor skip a row), LIMIT/OFFSET and a total.
 *
 * Search is a case-insensitive PREFIX match on each searched expression
 * (lower(x) in the range of strings that start with the text), which a btree
 * index on lower(x) text_pattern_ops answers on PGlite and PostgreSQL alike. A
 * substring match would need pg_trgm, which PGlite only has as a separately
 * loaded extension and a managed PostgreSQL may not allow, so the tables do
 * without it.
 */

/**
 * ORDER BY the sort expression in `dir`, then the id the same way; a unique column is its own
 * tie-break (no id given), so its unique index gives the order without a sort after it.
 */
export function tableOrder(sortBy: SQL | AnyColumn, dir: "asc" | "desc", id: AnyColumn | undefined): SQL[] {
  const by = dir === "asc" ? asc : desc;
  return id ? [by(sortBy), by(id)] : [by(sortBy)];
}

/** LIKE's wildcards in people's text match themselves (the yearly invoice numbering's LIKE, server/data/payments.ts). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Above every character a name can hold (U+10FFFF is a noncharacter): the prefix's range ends below it. */
const AFTER_PREFIX = "\u{10FFFF}";

/**
 * Rows where any of `lowered` (each a lower(…) expression with a
 * text_pattern_ops index) starts with the search text; undefined for no search.
 *
 * Written as the range [text, text + U+10FFFF) in the operators' byte order,
 * which holds exactly the strings that start with the text (UTF-8 keeps code
 * points in byte order; only a continuation of U+10FFFF, a noncharacter, falls
 * outside), and which the index scans in a prepared statement's generic plan
 * too. It was the range and `like 'text%'`: the LIKE decided nothing more, but
 * PostgreSQL checked it against every row the range found, computing lower()
 * again, so counting the 1,112 clients "client1" matches took 1.3 ms, not 0.25.
 * The text's `%` and `_` are plain characters in a range (no escaping).
 */
export function prefixSearch(q: string | undefined, lowered: SQL[]): SQL | undefined {
  return textSearch(q)?.(lowered);
}

/**
 * A search written over some lowered expressions: for a typed text (textSearch) or with a
 * prepared read's placeholders (prefixSearchPlaceholders). A table whose search spans several
 * subqueries writes it once, given one of these.
 */
export type SearchMatch = (lowered: SQL[]) => SQL;

/** The search of a typed text, as a SearchMatch; undefined for no search. */
export function textSearch(q: string | undefined): SearchMatch | undefined {
  const values = prefixSearchValues(q);
  return values && ((lowered) => prefixMatch(lowered, values) as SQL);
}

type PrefixValues = { searchText: string; searchEnd: string };

/** The values of a prefix search (prefixSearch), named as prefixSearchPlaceholders' placeholders; undefined for no search. */
export function prefixSearchValues(q: string | undefined): PrefixValues | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  return { searchText: text, searchEnd: `${text}${AFTER_PREFIX}` };
}

/** prefixSearch in a prepared read (server/db/prepared.ts): its values come from prefixSearchValues. */
export const prefixSearchPlaceholders: SearchMatch = (lowered) =>
  prefixMatch(lowered, { searchText: sql.placeholder("searchText"), searchEnd: sql.placeholder("searchEnd") }) as SQL;

/**
 * prefixSearchPlaceholders with the values read through sub-selects, which no plan can see into
 * (as offsetPlaceholder's), for a statement whose plan should not follow the text: a total,
 * whose bitmap scans suit every prefix, and a page among few matches (FEW_MATCHES), found on the
 * search's indexes and sorted whatever the text. Seeing the text, PostgreSQL planned the payments
 * search's total again on every run (0.36 ms a read in pgbench, 0.19 with its one plan), and the
 * pages of a search for one client (0.45–0.5 ms of planning a read, S21). A page walked in the
 * sort's order keeps prefixSearchPlaceholders: which index to walk depends on how many rows the
 * text matches.
 */
export const opaquePrefixSearchPlaceholders: SearchMatch = (lowered) =>
  prefixMatch(lowered, {
    searchText: sql`(select ${sql.placeholder("searchText")}::text)`,
    searchEnd: sql`(select ${sql.placeholder("searchEnd")}::text)`,
  }) as SQL;

/** The search of a table's page: opaque among few matches, seen by the plan of a walk (above). */
export const pageSearch = (fewMatches: boolean): SearchMatch =>
  fewMatches ? opaquePrefixSearchPlaceholders : prefixSearchPlaceholders;

function prefixMatch(lowered: SQL[], { searchText, searchEnd }: Record<keyof PrefixValues, unknown>) {
  return or(...lowered.map((expression) => sql`(${expression} ~>=~ ${searchText} and ${expression} ~<~ ${searchEnd})`));
}

export const offsetOf = (query: Pick<AdminTableQuery, "page" | "pageSize">) => (query.page - 1) * query.pageSize;

/**
 * What decides the statement of a table's page, as a prepared read's shape (server/db/prepared.ts):
 * its sort, direction and size, whether it is searched, and whether it is past the first page.
 */
const tableShape = <C extends string>(query: AdminTableQuery<C>, searched: boolean) => ({
  sort: query.sort,
  dir: query.dir,
  pageSize: query.pageSize,
  search: searched,
  paged: query.page > 1,
});

export type TableShape<C extends string> = ReturnType<typeof tableShape<C>>;

/**
 * A table page's prepared read arguments: its shape (above) and its values, the offset
 * (offsetPlaceholder) and the search's (prefixSearchPlaceholders).
 */
export function tablePageRead<C extends string>(query: AdminTableQuery<C>) {
  const search = prefixSearchValues(query.q);
  return { shape: tableShape(query, Boolean(search)), values: { offset: offsetOf(query), ...search } };
}

/**
 * OFFSET in a prepared read (server/db/prepared.ts), whose shape says whether the page is past
 * the first: none on the first page, as Drizzle writes an offset of 0, and after it the `offset`
 * placeholder read through a sub-select, `(select $n::bigint)`.
 *
 * PostgreSQL keeps a prepared statement's generic plan only when it costs no more than the plans
 * made for the values given (server/db/limit.ts). An OFFSET it cannot see, it costs as a tenth of
 * the rows: a plain parameter made the generic plan of payments page 100 look dearer than a custom
 * one that skips the real 2,475 rows, so it was planned again on every run (0.61 ms a read in
 * pgbench, 0.34 with its generic plan, the same plan). The sub-select is an init plan, which no
 * plan can see into, so custom and generic plans are costed alike and the generic one is kept:
 * the same rows skipped, by the plan the custom ones had (the large-data benches print each).
 */
export const offsetPlaceholder = (paged: boolean) =>
  paged ? (sql`(select ${sql.placeholder("offset")}::bigint)` as unknown as number) : 0;

/**
 * Up to this many matches, a searched page is chosen among the matches themselves (PLANNED_APART):
 * found on the search's indexes and sorted, ~0.2 µs a match in PostgreSQL (2,000 in ~0.5 ms). More
 * than that, the page walks the sort's index and keeps the rows that match, which finds a page
 * soon among so many unless they lie together at the far end of the order. Walked, a page of few
 * matches cost as many rows as lie before them in the sort's order: "client1" (1,112 of 10,000
 * clients, nearly the oldest) newest first read 8,000 clients for its 25, 6.7 ms a read against
 * 0.28 (pgbench, prepared).
 */
export const FEW_MATCHES = 2_000;

/**
 * OFFSET 0 on a subquery that must be planned on its own: PostgreSQL does not fold a subquery with
 * an OFFSET into the query around it. A searched page of few matches reads them this way (their
 * search's indexes, as a bitmap scan), then sorts them, instead of walking the sort's index.
 */
export const PLANNED_APART = sql`0` as unknown as number;

/**
 * A searched page's rows, read as the number of its matches says: none when nothing matches, and
 * `read(fewMatches)` otherwise, `fewMatches` when there are at most FEW_MATCHES of them. The count
 * comes first, as it decides which statement reads the page.
 */
export function searchedPage<T>(total: number, read: (fewMatches: boolean) => Promise<T[]>): Promise<T[]> {
  return total === 0 ? Promise.resolve([]) : read(total <= FEW_MATCHES);
}

/**
 * The page's ids among `matches` (a subquery of the matching rows' `id` and their sort value as
 * `sortKey`, planned on its own: PLANNED_APART, or a UNION), sorted, the id breaking ties.
 */
export function sortedMatchesPage(
  db: Db,
  matches: Subquery & { id: AnyPgColumn; sortKey: SQL.Aliased },
  shape: Pick<TableShape<string>, "dir" | "pageSize" | "paged">,
) {
  return db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...tableOrder(sql`${matches.sortKey}`, shape.dir, matches.id))
    .limit(pageLimit(shape.pageSize))
    .offset(offsetPlaceholder(shape.paged));
}

/**
 * The ids of a one-table page (no join decides its order): among the rows `where` keeps, planned
 * apart and sorted when they are few (`fewMatches`: FEW_MATCHES), else walking the sort's index
 * (`sortBy`, then `id`) and keeping the rows that match.
 */
export function onePageIds(
  db: Db | Tx,
  { table, id, sortBy, where }: { table: PgTable; id: AnyPgColumn; sortBy: SQL | AnyColumn; where: SQL | undefined },
  shape: Pick<TableShape<string>, "dir" | "pageSize" | "paged"> & { fewMatches: boolean },
) {
  if (shape.fewMatches) {
    const matches = db
      .select({ id, sortKey: sql`${sortBy}`.as("sort_key") })
      .from(table)
      .where(where)
      .offset(PLANNED_APART)
      .as("matches");
    return sortedMatchesPage(db as Db, matches, shape);
  }
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...tableOrder(sortBy, shape.dir, id))
    .limit(pageLimit(shape.pageSize))
    .offset(offsetPlaceholder(shape.paged));
}

/**
 * A page of rows kept together by their owner (a client's invoices, a service's orders): owners by
 * name, then id, each one's rows by id. `owners` selects each owner's `id`, `name` (as sorted) and
 * `counted`, their running count of the rows the page may show; added up as they come, they give the
 * owner the page's offset reaches, and the page reads from each owner it reaches only the rows it
 * holds (`rows`: `id` of `from` where `where(owner's id)`). The counts are read in the statement that
 * reads the rows, so they agree with them. Walking every row of the owners the page reaches and
 * sorting them, page 100 sorted 2,500 rows (3.4 ms of PostgreSQL's time for the payments by client).
 */
export function countedOwnersPage(
  shape: Pick<TableShape<string>, "dir" | "pageSize" | "paged">,
  owners: SQL,
  rows: { from: PgTable; id: AnyPgColumn; where: (ownerId: SQL) => SQL | undefined },
): SQL {
  const direction = sql.raw(shape.dir);
  const offset = offsetPlaceholder(shape.paged);
  const pageSize = pageLimit(shape.pageSize);
  const inOrder = sql`owner.name ${direction}, owner.id ${direction}`;
  return sql`(select chosen.id from (select owner.id, owner.name, owner.before from (
        select owner.id, owner.name, owner.counted,
          (sum(owner.counted) over (order by ${inOrder} rows unbounded preceding) - owner.counted)::bigint as before
        from (${owners}) owner
        order by ${inOrder}) owner
      where owner.counted > 0 and owner.before + owner.counted > ${offset}
      limit ${pageSize}) owner
    cross join lateral (select ${rows.id} as id from ${rows.from} where ${rows.where(sql`owner.id`)}
      order by ${rows.id} ${direction}
      limit greatest(least(${pageSize}, ${offset} + ${pageSize} - owner.before), 0)
      offset greatest(${offset} - owner.before, 0)) chosen
    order by ${inOrder}, chosen.id ${direction}
    limit ${pageSize})`;
}

/** `count(*)` as a number, for the total of a table's filter. */
export const totalCount = () => count();

export function tablePage<T>(
  items: T[],
  total: number,
  query: Pick<AdminTableQuery, "page" | "pageSize">,
): AdminPage<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}
