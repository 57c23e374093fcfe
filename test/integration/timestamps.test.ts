import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { DbTimestamp } from "../../server/db/timestamp";
import { startTestServer, type TestServer } from "../support/server";

/**
 * A timestamp column is read as a DbTimestamp (server/db/timestamp.ts), a Date that writes its JSON
 * without formatting it again: on both databases, whose sessions here run at UTC.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("timestamps read from the database", () => {
  it("arrive as Dates of the stored instant that serialise to it", async () => {
    const email = "admin@lagosstudio.test";
    const [row] = await server.db
      .select({
        createdAt: users.createdAt,
        // The stored instant as PostgreSQL writes it in ISO form, to the millisecond.
        iso: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.createdAt).toBeInstanceOf(DbTimestamp);
    expect(row?.createdAt.toISOString()).toBe(row?.iso);
    expect(JSON.stringify({ at: row?.createdAt })).toBe(`{"at":"${row?.iso}"}`);
  });

  it("write a Date back as the same instant", async () => {
    const at = new Date("2026-05-06T07:08:09.123Z");
    const [written] = await server.db
      .update(users)
      .set({ updatedAt: at })
      .where(eq(users.email, "admin@lagosstudio.test"))
      .returning({ updatedAt: users.updatedAt });
    expect(written?.updatedAt.toISOString()).toBe(at.toISOString());
  });
});
