import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { dbKind, startTestServer, type TestServer } from "../support/server";

/**
 * On PostgreSQL, server/db names every parameterised statement, so each
 * connection parses it once and PostgreSQL's plan cache applies (as
 * server/db/pglite-query.ts does on PGlite).
 */
let server: TestServer;

beforeAll(async () => {
  if (dbKind === "postgres") server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe.runIf(dbKind === "postgres")("statements on PostgreSQL", () => {
  it("prepares a parameterised statement once per connection and reuses it", async () => {
    const email = "admin@lagosstudio.test";
    // One transaction holds one connection, whose prepared statements pg_prepared_statements lists.
    const { prepared, found } = await server.db.transaction(async (tx) => {
      const read = () => tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      const rows = [await read(), await read(), await read()];
      const listed = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return { prepared: listed.rows as { name: string; statement: string }[], found: rows };
    });
    for (const rows of found) expect(rows).toHaveLength(1);
    const mine = prepared.filter((row) => row.statement.includes('from "users" where "users"."email" = $1'));
    expect(mine).toHaveLength(1);
  });

  it("leaves a statement without parameters unnamed: it runs as before, through the simple protocol", async () => {
    const { answer, prepared } = await server.db.transaction(async (tx) => {
      const result = await tx.execute(sql.raw("select 41 + 1 as answer"));
      const listed = await tx.execute(sql`select statement from pg_prepared_statements`);
      return { answer: result.rows[0]?.answer, prepared: listed.rows as { statement: string }[] };
    });
    expect(answer).toBe(42);
    expect(prepared.some((row) => row.statement.includes("41 + 1"))).toBe(false);
  });
});
