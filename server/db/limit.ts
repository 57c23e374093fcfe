import { sql } from "drizzle-orm";

/**
 * A LIMIT written into the statement's text, for `.limit()` and `sql` templates.
 *
 * Every query with parameters runs as a named prepared statement
 * (server/db/index.ts), and PostgreSQL keeps a statement's generic plan,
 * planned once, only when its estimated cost is no worse than the plans it
 * made for the values given. Given LIMIT as a parameter, it cannot know the
 * count, assumes a tenth of the rows, finds the generic plan dear and plans
 * the statement again on every execution: 0.25-0.45 ms for a page of tasks,
 * projects or payments whose execution takes 0.1-0.4 ms. With the count in
 * the text, the generic plan is the one it would have made, and is kept.
 * The choice stays PostgreSQL's, made on estimates: the large-data benches
 * print, for each read, whether it is planned on every run (one read, a
 * thread's page, keeps its parameter for that reason: server/data/projects.ts).
 *
 * `rows` is a whole number the route has validated (at most a few hundred),
 * so the text is safe; each count gives its own statement, and the product
 * asks for a few (the SPA's page sizes, the dashboards' constants). Past the
 * named statements' cap (server/db/index.ts), further texts run unnamed.
 *
 * Typed as a number for Drizzle's `.limit()`, which writes an SQL object it is
 * given into the query as it is (pg-core's dialect); test/unit/page-limit.test.ts
 * checks that this still holds.
 */
export function pageLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}
