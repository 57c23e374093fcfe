import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, DERIVED_TABLES, restoreDatabase, tablesInDependencyOrder } from "../../server/db/backup";
import { startTestServer, type TestServer } from "../support/server";

/** A backup of the seeded database restored into an empty one holds the same rows. */
let source: TestServer;
let target: TestServer;
const dir = mkdtempSync(path.join(os.tmpdir(), "ls-backup-"));
const file = path.join(dir, "backup.gz");

async function counts(server: TestServer): Promise<Record<string, number>> {
  const { rows } = await server.db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 1`);
  const result: Record<string, number> = {};
  for (const { name } of rows) {
    if (DERIVED_TABLES.includes(name)) continue;
    const [row] = (await server.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`))).rows;
    result[name] = row?.n ?? 0;
  }
  return result;
}

/** Every row of a table as text, in a stable order: what "the same rows" means. */
async function rowsOf(server: TestServer, table: string): Promise<string[]> {
  const { rows } = await server.db.execute<{ row: string }>(
    sql.raw(`select row_to_json(t)::text as row from "${table}" t order by 1`),
  );
  return rows.map((entry) => entry.row);
}

async function figures(server: TestServer) {
  const { rows } = await server.db.execute(
    sql`select metric, bucket, count, amount_minor from analytics_counters
        where count <> 0 or amount_minor <> 0 order by metric, bucket`,
  );
  return rows;
}

beforeAll(async () => {
  source = await startTestServer();
  target = await startTestServer();
  // A message with files (its count of them is kept by triggers, as the invoice counts are).
  await source.db.execute(sql`insert into message_files (message_id, position, name)
    select id, n, 'kept-' || n || '.txt' from (select id from project_messages order by id limit 1) m, generate_series(0, 1) n`);
  // The target starts empty but migrated: delete the seed it got, each table before those it references.
  for (const table of (await tablesInDependencyOrder(target.db)).reverse()) {
    await target.db.execute(sql.raw(`delete from "${table}"`));
  }
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips every table: the same counts and the same rows", async () => {
    const before = await counts(source);
    expect(before.users).toBeGreaterThan(0);
    expect(before.project_messages).toBeGreaterThan(0);
    const written = await backupDatabase(source.db, file);
    expect(written).toEqual(before);

    const restored = await restoreDatabase(target.db, file);
    expect(restored).toEqual(Object.fromEntries(Object.entries(before).filter(([, n]) => n > 0)));
    expect(await counts(target)).toEqual(before);
    for (const table of ["users", "projects", "project_messages", "invoices", "services", "plans"]) {
      expect(await rowsOf(target, table)).toEqual(await rowsOf(source, table));
    }
    // The admin figures are not copied (DERIVED_TABLES): restoring the rows they count rebuilt them.
    expect(written).not.toHaveProperty("analytics_counters");
    expect(await figures(target)).toEqual(await figures(source));
    expect((await figures(source)).length).toBeGreaterThan(0);
    // Nor each client's invoice count (DERIVED_COLUMNS): the users rows compared above hold it, rebuilt.
    const counted = sql`select count(*)::int as n from users where invoice_count > 0`;
    expect((await target.db.execute<{ n: number }>(counted)).rows[0]?.n).toBeGreaterThan(0);
    // Nor their order counts per status, likewise (the demo data has orders).
    const ordered = sql`select count(*)::int as n from users where order_counts <> '{}'`;
    expect((await target.db.execute<{ n: number }>(ordered)).rows[0]?.n).toBeGreaterThan(0);
    // Nor each order's copy of its client's name: rebuilt as each order is restored.
    const misplaced = sql`select count(*)::int as n from service_orders o join users u on u.id = o.client_id
      where o.client_sort_key <> lower(u.full_name)`;
    expect((await target.db.execute<{ n: number }>(misplaced)).rows[0]?.n).toBe(0);
    // Nor each assignment's copy of its project's title, likewise.
    const retitled = sql`select count(*)::int as n from project_developers d join projects p on p.id = d.project_id
      where d.project_title_key <> lower(p.title)`;
    expect((await target.db.execute<{ n: number }>(retitled)).rows[0]?.n).toBe(0);
    // Nor each message's count of files: rebuilt by restoring the files, not doubled.
    const withFiles = sql`select file_count from project_messages where file_count > 0`;
    expect((await target.db.execute(withFiles)).rows).toEqual([{ file_count: 2 }]);
  });

  it("refuses to restore over data", async () => {
    await expect(restoreDatabase(target.db, file)).rejects.toThrow(/not empty/);
  });

  it("the restored copy works: its people sign in", async () => {
    const client = await target.signIn("chinedu@ezefoods.test");
    expect((await client.request("GET", "/api/projects")).json.items.length).toBeGreaterThan(0);
  });
});
