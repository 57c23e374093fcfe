import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Db, openDatabase } from "../../server/db";
import { users } from "../../server/db/schema";
import { DbTimestamp } from "../../server/db/timestamp";
import { dbKind, startTestServer, type TestServer } from "../support/server";

/**
 * A timestamp column is read as a DbTimestamp (server/db/timestamp.ts), a Date that writes its JSON
 * without formatting it again: on both databases, whose sessions the server sets to UTC.
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

/** The session's zone and one timestamp as `db` reads them. */
async function sessionView(db: Db) {
  const [row] = await db
    .select({ zone: sql<string>`current_setting('TimeZone')`, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, "admin@lagosstudio.test"));
  return row;
}

/** Sets (or with null resets) the default time zone of the database `db` is connected to. */
const setDatabaseZone = (db: Db, zone: string | null) =>
  db.execute(
    sql.raw(
      `do $$ begin execute format('alter database %I ${zone ? `set timezone to ''${zone}''` : "reset timezone"}', current_database()); end $$`,
    ),
  );

describe("the database session's time zone", () => {
  it("is UTC in the server's sessions", async () => {
    expect((await sessionView(server.db))?.zone).toBe("UTC");
  });

  it("is UTC even where the database's own zone is Lagos, so timestamps are read without a Date parse", async () => {
    // A database set to Lagos (an operator's choice the product cannot rule out), opened afresh.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "ls-zone-"));
    if (dbKind === "pglite") cpSync(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
    const databaseUrl = server.config.databaseUrl;
    try {
      const setup = await openDatabase({ databaseUrl, dataDir });
      await setDatabaseZone(setup.db, "Africa/Lagos");
      await setup.close();

      const reopened = await openDatabase({ databaseUrl, dataDir });
      try {
        const view = await sessionView(reopened.db);
        expect(view?.zone).toBe("UTC");
        // The fast path: the instant's JSON is the text PostgreSQL wrote, in UTC.
        expect(view?.createdAt).toBeInstanceOf(DbTimestamp);
        expect(JSON.stringify(view?.createdAt)).toMatch(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/);
      } finally {
        await setDatabaseZone(reopened.db, null);
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
