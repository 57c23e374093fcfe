import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { StartupError } from "../config";
import { MIGRATIONS_DIR, ROOT } from "../paths";
import { ANALYZE_INTERVAL_MS, analyzeStaleTables } from "./analyze";
import { preparedQuery, type SelectBytes } from "./pglite-query";
import * as schema from "./schema";

/**
 * Both drivers expose the same Drizzle query API for one PostgreSQL dialect;
 * the node-postgres type stands for both so the rest of the code has one Db type.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs `callback` for every NOTIFY on `channel`, from any process sharing the database. */
  listen(channel: string, callback: (payload: string) => void): Promise<void>;
  /**
   * Runs `callback` each time the listener connects again after losing its connection (PostgreSQL; an
   * embedded database's is in the process and is never lost): the notifications sent meanwhile were
   * missed, so whatever they keep up to date is to be read afresh. `callback` handles its own failures.
   */
  onListenerResumed(callback: () => void): void;
  close(): Promise<void>;
};

export type OpenOptions = { databaseUrl?: string | undefined; dataDir: string };

/** Where the embedded database keeps its cluster inside DATA_DIR. */
const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
const hasCluster = (dir: string) => existsSync(path.join(dir, "PG_VERSION"));

/** Whether DATA_DIR holds no embedded database yet (the next open creates one). */
export const isNewEmbeddedDatabase = (dataDir: string) => !hasCluster(pgliteDir(dataDir));

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(pgliteDir(options.dataDir));
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw new StartupError(`Could not apply database migrations: ${(error as Error).message}`);
  }
  return database;
}

async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, config);
  } else {
    // Several processes may start together on one PostgreSQL; an advisory lock serialises their migrations.
    const { migrate: migrateNodePg } = await import("drizzle-orm/node-postgres/migrator");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migrateNodePg(tx as never, config);
    });
  }
}

/**
 * Every session runs at UTC, on both databases, whatever the server's or the database's own
 * setting: timestamps then arrive as "…+00", which server/db/timestamp.ts reads without a
 * Date parse, and nothing reads the session's zone (Lagos dates and months name their zone).
 */
const SESSION_TIME_ZONE = "UTC";

/**
 * PostgreSQL's defaults size memory for a shared server (128 MB of buffers),
 * and it writes to every byte of its shared memory at start, which WebAssembly
 * then keeps for the life of the process. The embedded database of one small
 * business is served from 2 MB of buffers with the operating system's file
 * cache behind them: against 4 MB, the server's memory after a soak was 2 MB
 * lower (the WebAssembly heap: 15.3-15.5 MB resident against 17.4) at the same
 * throughput (bench/soak.mjs).
 *
 * ANALYZE copies a sample of 300 rows per unit of statistics target into memory
 * (30,000 rows at the default 100), and WebAssembly memory never shrinks: after
 * the analyser's rounds over a message table of tens of thousands of rows, the
 * server kept 4-7 MB more for good (bench/soak.mjs). A target of 10 samples
 * 3,000 rows, which still gives exact row counts and the common values of a
 * small business's data; the large data sets run on PostgreSQL's defaults.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...[
    "shared_buffers=2MB",
    "wal_buffers=256kB",
    "max_connections=8",
    "max_locks_per_transaction=32",
    "default_statistics_target=10",
  ].flatMap((setting) => ["-c", setting]),
];

/**
 * Compiles PostgreSQL's WebAssembly here rather than letting PGlite read and compile it: the
 * 9 MB binary PGlite reads stayed reachable for a while after start on some starts (an idle
 * restart measured ~150 MB instead of ~138), whereas this buffer is garbage as soon as the
 * module is compiled, and the collection at ready (bin/main.ts) returns it.
 */
let pgliteWasm: Promise<WebAssembly.Module> | undefined;

/** Compiled once per process: a new data directory is opened twice at start (bin/main.ts), tests open many. */
function compilePgliteWasm(): Promise<WebAssembly.Module> {
  pgliteWasm ??= (async () => {
    const pglite = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    return WebAssembly.compile(await readFile(path.join(pglite, "pglite.wasm")));
  })();
  return pgliteWasm;
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  // V8 recompiles PostgreSQL's hot WebAssembly functions with its optimising compiler, which
  // keeps 30-45 MB more code resident for about 8 % more throughput on a portal request; the
  // baseline compiler alone keeps the idle server within its memory budget. V8 reads the flag
  // when it compiles, so it applies to the whole process from here on (a test run's too). It is
  // a V8 option, not a Node one: should a Node release drop it, the idle-memory bench shows it.
  v8.setFlagsFromString("--liftoff-only");
  let client: PGlite;
  try {
    // Creating a cluster (initdb) peaks at several hundred MB that WebAssembly never returns,
    // so a new data directory is created by a short-lived child process and only reopened here.
    if (!hasCluster(dir)) createPgliteCluster(dir);
    client = await PGlite.create(dir, {
      startParams: PGLITE_START_PARAMS,
      parsers: DRIZZLE_PARSERS,
      pgliteWasmModule: await compilePgliteWasm(),
    });
  } catch (error) {
    throw new StartupError(`Could not open the embedded database in ${dir}: ${(error as Error).message}`);
  }
  await client.exec(`set time zone '${SESSION_TIME_ZONE}'`);
  const db = drizzlePglite(withoutPerQueryParsers(client), { schema }) as unknown as Db;
  // PGlite runs no autovacuum: keep the planner's statistics following the data (server/db/analyze.ts).
  // A failed round leaves the statistics as they were until the next one; it loses nothing.
  const analyzer = setInterval(() => analyzeStaleTables(db).catch(() => {}), ANALYZE_INTERVAL_MS);
  analyzer.unref();
  return {
    kind: "pglite",
    db,
    async listen(channel, callback) {
      await client.listen(channel, callback);
    },
    onListenerResumed() {},
    async close() {
      clearInterval(analyzer);
      await client.close();
    },
  };
}

/** A named statement is prepared once per connection and kept: past this many distinct texts, new ones run unnamed. */
const MAX_NAMED_STATEMENTS = 500;

/**
 * Statement text → a name, the same for every connection of the pool, for at
 * most MAX_NAMED_STATEMENTS texts (node-postgres never deallocates them).
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known || names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/**
 * node-postgres sends an unnamed statement unless told a name, so PostgreSQL
 * parses and plans every query's text afresh: as on PGlite (preparedQuery),
 * each parameterised text becomes a named prepared statement, parsed once per
 * connection, after which PostgreSQL's plan cache applies (custom plans for
 * the first executions, a generic plan once it is as good). Only queries with
 * parameters are named: they already go through the extended protocol, so
 * nothing else about them changes.
 */
function nameStatements(client: pg.ClientBase, nameOf: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (
      config &&
      typeof config === "object" &&
      "text" in config &&
      typeof config.text === "string" &&
      !("name" in config && config.name) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = nameOf(config.text);
      if (name) return query({ ...config, name }, values, ...rest);
    }
    return query(config, values, ...rest);
  };
}

/**
 * Drizzle hands PGlite the same type parsers (dates, timestamps and intervals
 * kept as strings) with every query, and PGlite merges them into its whole
 * parser table each time: about a third of a small query's cost. The client
 * gets them once at creation instead, and drizzle's copy is dropped per query.
 */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

function withoutPerQueryParsers(client: PGlite): PGlite {
  const prepared = preparedQuery(client);
  const withoutParsers =
    (run: PGlite["query"]): PGlite["query"] =>
    (text, params, options) =>
      run(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
  const query = withoutParsers(prepared);
  const transaction: typeof prepared.transaction = (callback) =>
    prepared.transaction((tx) =>
      callback({
        query: withoutParsers(tx.query),
        rollback: () => tx.rollback(),
        get closed() {
          return tx.closed;
        },
      }),
    );
  // PGlite keeps its state in private fields, so every other member is used on the client itself.
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      if (property === "selectBytes") return prepared.selectBytes;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function createPgliteCluster(dir: string): void {
  const script = `const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(${JSON.stringify(dir)});
    await db.close();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr.trim().split("\n").at(-1) || "initdb failed");
}

/** How long the live channel's listener waits before connecting again after losing its connection. */
const RECONNECT_MS = 500;

async function openPostgres(url: string): Promise<Database> {
  // Loaded only in this mode: the embedded mode's memory bar has no room for unused drivers.
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  // The URL's own `options` (if it has any) stay its: the zone is set after connecting instead.
  const nameOf = statementNames();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Awaited by the pool before the connection is handed out: a query queued behind another on
    // one connection is deprecated in node-postgres (an error from pg 9). If it fails, so does the
    // caller's checkout.
    onConnect: async (client) => {
      await client.query(`set time zone '${SESSION_TIME_ZONE}'`);
      nameStatements(client, nameOf);
    },
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  const db = drizzleNodePg(pool, { schema });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  // Connecting the listener and each LISTEN run one at a time: two listens at once would otherwise
  // open two listener connections (each callback then called twice), or queue a query behind another.
  let listening: Promise<unknown> = Promise.resolve();
  const inTurn = (step: () => Promise<void>) => {
    const turn = listening.then(step);
    listening = turn.catch(() => {});
    return turn;
  };
  let closed = false;
  const resumed = new Set<() => void>();

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? "");
    });
    client.on("error", () => {
      client.end().catch(() => {});
      // The listener lost: connect again and listen again, as missing notifications would leave live
      // views stale. A connection lost while still being set up fails that attempt instead, which
      // its caller retries or reports.
      if (listenClient !== client) return;
      listenClient = undefined;
      reconnectSoon();
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    // Closed while connecting (a shutdown during a reconnect): nothing may keep the process open.
    if (closed) await client.end().catch(() => {});
    else listenClient = client;
  }

  /** Tries again every RECONNECT_MS until the database answers (it may be restarting). */
  function reconnectSoon(): void {
    if (closed) return;
    setTimeout(() => {
      inTurn(async () => {
        if (listenClient || closed) return;
        await connectListener();
        if (!listenClient) return;
        for (const callback of resumed) callback();
      }).catch(reconnectSoon);
    }, RECONNECT_MS);
  }

  return {
    kind: "postgres",
    db,
    async listen(channel, callback) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(callback);
      if (set.size > 1) return;
      await inTurn(async () => {
        // A LISTEN the connection already has (it connected after the channel was added) changes nothing.
        if (!listenClient) await connectListener();
        else await listenClient.query(`listen ${pg.escapeIdentifier(channel)}`);
      });
    },
    onListenerResumed(callback) {
      resumed.add(callback);
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * The first row's first column of `query`, a bytea, as bytes. On PGlite it is
 * read in binary format (server/db/pglite-query.ts): through PGlite's own
 * parser each 256 KB file chunk became a 512 KB hex string first, garbage that
 * grew the server by ~150 MB per 25 MB download. node-postgres reads it as usual.
 */
export async function selectBytes(db: Db, query: { sql: string; params: unknown[] }): Promise<Uint8Array | undefined> {
  const client = (db as unknown as { $client: { selectBytes?: SelectBytes } & Pick<pg.Pool, "query"> }).$client;
  if (client.selectBytes) return client.selectBytes(query.sql, query.params);
  const result = await client.query<unknown[]>({ text: query.sql, values: query.params, rowMode: "array" });
  return result.rows[0]?.[0] as Uint8Array | undefined;
}
