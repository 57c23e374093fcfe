import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase } from "../../server/db";
import { dbKind, sleep, startTestServer, type TestServer } from "../support/server";

/**
 * The database's notifications (server/db/index.ts `listen`), which carry every live change and
 * session change between the processes sharing a database: each callback called once per NOTIFY
 * however the listens were asked for, no query queued behind another on one connection (deprecated
 * in node-postgres, an error from pg 9), and on PostgreSQL the listener connects again when its
 * connection is lost.
 */
let server: TestServer;
let dataDir: string;
let database: Database;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

/**
 * The queries node-postgres was asked for while another waited on the same connection: what its
 * deprecation warns of, checked at each call as it checks it (its `_queryQueue`). The warning itself comes
 * once per process, and a worker runs several files (isolate: false): an earlier file's may have used it up.
 */
const queued: string[] = [];
type QueryingClient = { _queryQueue?: unknown[]; pipeline?: boolean };
const query = pg.Client.prototype.query;
function watchedQuery(this: QueryingClient, ...args: unknown[]) {
  if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) queued.push(String(args[0]).slice(0, 80));
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
}

beforeAll(async () => {
  process.on("warning", onWarning);
  (pg.Client.prototype as { query: unknown }).query = watchedQuery;
  server = await startTestServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ls-listen-"));
  if (dbKind === "pglite") cpSync(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
  database = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir });
});
afterAll(async () => {
  process.off("warning", onWarning);
  pg.Client.prototype.query = query;
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await server?.close();
});

const notify = (channel: string, payload: string) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

/** Waits until `heard` holds `count` payloads (notifications arrive after the NOTIFY's transaction). */
async function heardAll(heard: string[], count: number, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (heard.length < count && Date.now() < until) await sleep(20);
}

describe("the database's notifications", () => {
  it("call each callback once per NOTIFY, with listens asked for all at once", async () => {
    const heard = { first: [] as string[], second: [] as string[], third: [] as string[] };
    // Three listens at once, two of them on one channel: one listener connection, each callback once.
    await Promise.all([
      database.listen("test_listen_a", (payload) => heard.first.push(payload)),
      database.listen("test_listen_b", (payload) => heard.second.push(payload)),
      database.listen("test_listen_a", (payload) => heard.third.push(payload)),
    ]);
    await notify("test_listen_a", "one");
    await notify("test_listen_b", "two");
    await heardAll(heard.first, 1);
    await heardAll(heard.second, 1);
    await heardAll(heard.third, 1);
    // Time for a duplicate to arrive, had a second listener connection been opened.
    await sleep(200);
    expect(heard).toEqual({ first: ["one"], second: ["two"], third: ["one"] });
  });

  it.runIf(dbKind === "postgres")(
    "queue no query behind another on one connection while the pool opens its connections",
    async () => {
      // Ten reads at once make the pool open new connections, each set to UTC before its first read.
      await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
      expect(queued).toEqual([]);
      expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
    },
  );

  it.runIf(dbKind === "postgres")("reach the listener again after its connection is lost", async () => {
    const heard: string[] = [];
    await database.listen("test_listen_again", (payload) => heard.push(payload));
    // Ends the listener's connection from the server's side, as a database restart would.
    const ended = await database.db.execute<{ ended: boolean }>(sql`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query = 'listen "test_listen_again"'`);
    expect(ended.rows.length).toBe(1);
    // Notified until heard: the listener connects again RECONNECT_MS after the loss.
    const until = Date.now() + 5_000;
    while (heard.length === 0 && Date.now() < until) {
      await notify("test_listen_again", "back");
      await sleep(100);
    }
    expect(heard[0]).toBe("back");
  });
});
