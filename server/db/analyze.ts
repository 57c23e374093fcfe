import { sql } from "drizzle-orm";
import type { Db } from ".";

/** How often the embedded database looks for tables whose planner statistics are stale. */
export const ANALYZE_INTERVAL_MS = 30_000;

/**
 * PostgreSQL's autovacuum re-analyses a table once the rows changed since its
 * last analysis exceed 50 plus 10 % of its rows, so the planner's row counts
 * follow the data. PGlite runs no autovacuum: a message thread that grew from
 * 40 to 10,000 rows kept its seed-time estimate, and its newest page went from
 * walking the index backwards to sorting the whole thread (3 ms to 33 ms a
 * read; the soak bench halved its throughput in 5 minutes). This applies the
 * same rule, and autovacuum's vacuum rule too (dead rows over 50 plus 20 % of
 * the table): every message updates small, hot rows (read points, collapsed
 * notifications, mail digests, counters) thousands of times, and without a
 * vacuum their dead versions and index entries pile up and slow each later
 * lookup. Returns the tables it analysed (vacuumed or not).
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ relname: string; vacuum: boolean }>(sql`
    select relname, n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0) as vacuum
    from pg_stat_user_tables
    where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
       or n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)
    order by relname`);
  for (const { relname, vacuum } of rows) {
    const table = `"${relname.replaceAll('"', '""')}"`;
    await db.execute(sql.raw(vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`));
  }
  return rows.map((row) => row.relname);
}
