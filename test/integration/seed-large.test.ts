import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { largeCounts, largeEmail, seedLarge } from "../../seed/large";
import { listProjects } from "../../server/data/projects";
import { type Database, openDatabase } from "../../server/db";
import { ROOT } from "../../server/paths";

/**
 * npm run seed:large at a tiny scale, on PostgreSQL only (scripts/test.mjs
 * leaves this file out of the PGlite pass: the generator refuses PGlite).
 */
const SCALE = 0.002;
const TABLES = [
  "users",
  "projects",
  "project_developers",
  "project_messages",
  "milestones",
  "invoices",
  "tasks",
  "services",
  "service_orders",
  "contact_enquiries",
  "audit_log",
];

const created: string[] = [];
const opened: Database[] = [];

async function freshDatabase(): Promise<{ url: string; database: Database }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("seed-large.test.ts runs on PostgreSQL: set TEST_DATABASE_URL (TEST_DB=postgres)");
  const name = `test_large_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  opened.push(database);
  return { url: url.toString(), database };
}

/** One md5 per table over every row in id order: equal hashes, equal data. */
async function rowsHash(database: Database): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const table of TABLES) {
    const order = table === "project_developers" ? "project_id, developer_id" : "id";
    const result = await database.db.execute<{ hash: string }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as hash from ${table} t`),
    );
    hashes[table] = result.rows[0]?.hash ?? "";
  }
  // The password hash is salted, so accounts are compared without it.
  const accounts = await database.db.execute<{ hash: string }>(
    sql`select md5(string_agg(id || user_id || provider_id, '|' order by id)) as hash from accounts`,
  );
  hashes.accounts = accounts.rows[0]?.hash ?? "";
  return hashes;
}

async function count(database: Database, query: string): Promise<number> {
  const result = await database.db.execute<{ n: string }>(sql.raw(query));
  return Number(result.rows[0]?.n);
}

let first: Database;
let second: Database;
let firstResult: Awaited<ReturnType<typeof seedLarge>>;

beforeAll(async () => {
  first = (await freshDatabase()).database;
  second = (await freshDatabase()).database;
  firstResult = await seedLarge(first, { seed: 42, scale: SCALE });
  await seedLarge(second, { seed: 42, scale: SCALE });
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("npm run seed:large", () => {
  it("generates the asked counts at scale", async () => {
    const expected = largeCounts(SCALE);
    expect(firstResult.counts).toEqual(expected);
    expect(await count(first, "select count(*) n from users where role = 'client'")).toBe(expected.clients);
    expect(await count(first, "select count(*) n from users where role = 'developer'")).toBe(expected.developers);
    expect(await count(first, "select count(*) n from users where role = 'admin'")).toBe(1);
    expect(await count(first, "select count(*) n from accounts")).toBe(expected.clients + expected.developers + 1);
    expect(await count(first, "select count(*) n from projects")).toBe(expected.projects);
    expect(await count(first, "select count(*) n from project_messages")).toBe(expected.messages);
    expect(await count(first, "select count(*) n from milestones")).toBe(expected.milestones);
    expect(await count(first, "select count(*) n from invoices")).toBe(expected.invoices);
    expect(await count(first, "select count(*) n from tasks")).toBe(expected.tasks);
    expect(await count(first, "select count(*) n from services")).toBe(expected.services);
    expect(await count(first, "select count(*) n from service_orders")).toBe(expected.orders);
    expect(await count(first, "select count(*) n from contact_enquiries")).toBe(expected.enquiries);
    expect(await count(first, "select count(*) n from audit_log")).toBe(expected.auditEntries);
    expect(
      await count(first, `select count(*) n from project_messages where project_id = '${firstResult.ids.bigProject}'`),
    ).toBe(expected.bigThread);
    expect(
      await count(
        first,
        `select count(*) n from project_developers where developer_id = '${firstResult.ids.developer}'`,
      ),
    ).toBe(expected.busyDeveloperProjects);
    // Each assignment carries its project's creation time (the developer's list order).
    expect(
      await count(
        first,
        "select count(*) n from project_developers d join projects p on p.id = d.project_id where d.project_created_at <> p.created_at",
      ),
    ).toBe(0);
    // And its lowered title (the developer's search order), written by migration 0037's trigger.
    expect(
      await count(
        first,
        "select count(*) n from project_developers d join projects p on p.id = d.project_id where d.project_title_key <> lower(p.title)",
      ),
    ).toBe(0);
    // Left vacuumed, as autovacuum would leave it: every page of the tasks visible to index-only reads.
    expect(
      await count(first, "select count(*) n from pg_class where relname = 'tasks' and relallvisible < relpages"),
    ).toBe(0);
    // Every project has a developer; the big thread's project belongs to the printed client.
    expect(
      await count(
        first,
        "select count(*) n from projects p where not exists (select 1 from project_developers d where d.project_id = p.id)",
      ),
    ).toBe(0);
    expect(
      await count(
        first,
        `select count(*) n from projects where id = '${firstResult.ids.bigProject}' and client_id = '${firstResult.ids.client}'`,
      ),
    ).toBe(1);
  });

  it("keeps the data consistent: ids the API accepts, invoices billed to their project's client", async () => {
    const ids = await first.db.execute<{ id: string }>(
      sql`(select id::text from projects limit 20) union all (select id::text from project_messages limit 20)`,
    );
    expect(ids.rows).toHaveLength(40);
    for (const row of ids.rows) expect(z.uuid().safeParse(row.id).success).toBe(true);
    expect(
      await count(
        first,
        "select count(*) n from invoices i join projects p on p.id = i.project_id where p.client_id <> i.client_id",
      ),
    ).toBe(0);
    expect(
      await count(
        first,
        "select count(*) n from milestones where (payment_status = 'paid') <> (paid_date is not null)",
      ),
    ).toBe(0);
    // Invoices already overdue were told then: a server started on the data reminds nobody of them.
    expect(
      await count(first, "select count(*) n from invoices where status <> 'paid' and due_date < current_date"),
    ).toBeGreaterThan(0);
    expect(
      await count(
        first,
        "select count(*) n from invoices where status <> 'paid' and due_date < current_date - 1 and overdue_told_for is distinct from due_date",
      ),
    ).toBe(0);
    // Orders cost their service's price, and a decided order was updated no earlier than it was made.
    expect(
      await count(
        first,
        "select count(*) n from service_orders o join services s on s.id = o.service_id where o.total_amount_minor <> s.price_minor or o.updated_at < o.created_at",
      ),
    ).toBe(0);
    // The running counts the admin tables read agree with the rows (the tables' triggers kept them).
    for (const [metric, table, bucket] of [
      ["orders", "service_orders", "status"],
      ["service_orders", "service_orders", "service_id::text || '|' || status"],
      ["enquiries", "contact_enquiries", "status"],
      ["audit_log", "audit_log", "entity || '|' || action"],
      ["audit_actors", "audit_log", "actor_id"],
      ["audit_days", "audit_log", "to_char(created_at at time zone 'Africa/Lagos', 'YYYY-MM-DD')"],
    ]) {
      expect(
        await count(
          first,
          `select count(*) n from (select ${bucket} as bucket, count(*) as count from ${table} group by 1) t
            full join (select bucket, count from analytics_counters where metric = '${metric}' and count <> 0) c using (bucket)
            where t.count is distinct from c.count`,
        ),
      ).toBe(0);
    }
    // The generated people use the product's own reads: the busy developer's list is theirs.
    const page = await listProjects(
      first.db,
      { kind: "developer", developerId: firstResult.ids.developer },
      { limit: 100 },
    );
    expect(page.length).toBe(firstResult.counts.busyDeveloperProjects);
    expect(firstResult.accounts.developer).toBe(largeEmail("developer", 1));
  });

  it("gives the same rows for the same seed, other rows for another", async () => {
    const hashA = await rowsHash(first);
    expect(await rowsHash(second)).toEqual(hashA);
    const third = (await freshDatabase()).database;
    await seedLarge(third, { seed: 43, scale: SCALE });
    const hashC = await rowsHash(third);
    expect(hashC.projects).not.toBe(hashA.projects);
    expect(hashC.project_messages).not.toBe(hashA.project_messages);
  }, 120_000);

  it("refuses a database that holds data unless forced, and then starts again from empty", async () => {
    await expect(seedLarge(second, { seed: 42, scale: SCALE })).rejects.toThrow(/already holds data/);
    await seedLarge(second, { seed: 42, scale: SCALE, force: true });
    expect(await rowsHash(second)).toEqual(await rowsHash(first));
  }, 120_000);

  it("the command refuses the embedded database", () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bin/cli.ts"), "seed-large"], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/for PostgreSQL, not the embedded database/);
  });
});
