import { type AnyColumn, asc, count, desc, or, type SQL, sql } from "drizzle-orm";
import type { AdminPage, AdminTableQuery } from "../../common/admin";

/**
 * Serving an admin table (issue #7): the page, sort and search of
 * common/admin.ts turned into ORDER BY (the chosen column, then the id as the
 * tie-break, so pages never overlap nor skip a row), LIMIT/OFFSET and a total.
 *
 * Search is a case-insensitive PREFIX match on each searched expression
 * (lower(x) LIKE 'text%'), which a btree index on lower(x) text_pattern_ops
 * answers on PGlite and PostgreSQL alike. A substring match would need pg_trgm,
 * which PGlite only has as a separately loaded extension and a managed
 * PostgreSQL may not allow, so the tables do without it.
 */

/** ORDER BY the sort expression in `dir`, then the id the same way. */
export function tableOrder(sortBy: SQL | AnyColumn, dir: "asc" | "desc", id: AnyColumn): SQL[] {
  const by = dir === "asc" ? asc : desc;
  return [by(sortBy), by(id)];
}

/** LIKE's wildcards in people's text match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Above every character a name can hold (U+10FFFF is a noncharacter): the prefix's range ends below it. */
const AFTER_PREFIX = "\u{10FFFF}";

/**
 * Rows where any of `lowered` (each a lower(…) expression with a
 * text_pattern_ops index) starts with the search text; undefined for no search.
 * The prefix is also given as the range the index scans: PostgreSQL derives
 * that range from `like 'text%'` only when it plans for the literal, not in
 * the generic plan it caches for a prepared statement (server/db).
 */
export function prefixSearch(q: string | undefined, lowered: SQL[]): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const pattern = `${escapeLike(text)}%`;
  const end = `${text}${AFTER_PREFIX}`;
  return or(
    ...lowered.map(
      (expression) => sql`(${expression} ~>=~ ${text} and ${expression} ~<~ ${end} and ${expression} like ${pattern})`,
    ),
  );
}

export const offsetOf = (query: Pick<AdminTableQuery, "page" | "pageSize">) => (query.page - 1) * query.pageSize;

/** `count(*)` as a number, for the total of a table's filter. */
export const totalCount = () => count();

export function tablePage<T>(
  items: T[],
  total: number,
  query: Pick<AdminTableQuery, "page" | "pageSize">,
): AdminPage<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}
