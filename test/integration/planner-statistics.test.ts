import { fillPlaceholders, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagePage } from "../../server/data/projects";
import { analyzeStaleTables } from "../../server/db/analyze";
import { activeProjectId, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * The planner's statistics follow the data on the embedded database too,
 * which runs no autovacuum: after a thread grows, its newest page is read by
 * walking the index, not by sorting the whole thread.
 */
let server: TestServer;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
});
afterAll(async () => {
  await server?.close();
});

async function planOfNewestPage(): Promise<string> {
  const query = messagePage.build(server.db, { after: false }).toSQL();
  const params = fillPlaceholders(query.params, { projectId, limit: 51 });
  const inlined = query.sql.replace(/\$(\d+)/g, (_match, n: string) => `'${params[Number(n) - 1]}'`);
  const { rows } = await server.db.execute<Record<string, string>>(sql.raw(`explain ${inlined}`));
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

/** `read` after a round of analyzeStaleTables: polled, since the statistics reach pg_stat_user_tables when the writing session reports them. */
const afterAnalysing =
  <T>(read: () => Promise<T>) =>
  async (): Promise<T> => {
    await analyzeStaleTables(server.db);
    return read();
  };

describe("planner statistics", () => {
  it("analyses a table that grew past autovacuum's threshold, and the thread's newest page then walks its index", async () => {
    const userId = await userIdOf(server.db, "chinedu@ezefoods.test");
    await server.db.execute(sql`insert into project_messages (project_id, user_id, message, created_at)
      select ${projectId}, ${userId}, 'grown ' || g, now() + (g || ' milliseconds')::interval
      from generate_series(1, 10000) g`);
    await expect
      .poll(afterAnalysing(planOfNewestPage), { timeout: 10_000 })
      .toMatch(/Index Scan Backward using project_messages_project_created_idx/);
    // The page itself is not sorted (each message's few files are, in its SubPlan).
    expect((await planOfNewestPage()).split("SubPlan")[0]).not.toMatch(/Sort/);
    // Nothing is stale any more: the next round analyses nothing.
    expect(await analyzeStaleTables(server.db)).not.toContain("project_messages");
  });

  it("vacuums a small table whose rows were updated over and over, as autovacuum would", async () => {
    const userId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const deadRows = async () => {
      const { rows } = await server.db.execute<{ dead: number; vacuumed: boolean }>(sql`
        select n_dead_tup::int as dead, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'project_reads'`);
      return rows[0];
    };
    await server.db.execute(sql`insert into project_reads (user_id, project_id) values (${userId}, ${projectId})
      on conflict do nothing`);
    for (let i = 0; i < 300; i++)
      await server.db.execute(
        sql`update project_reads set unread = ${i} where user_id = ${userId} and project_id = ${projectId}`,
      );
    await expect.poll(afterAnalysing(deadRows), { timeout: 10_000 }).toMatchObject({ vacuumed: true });
    expect((await deadRows())?.dead).toBeLessThan(50);
  });
});
