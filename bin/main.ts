import { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDatabase } from "../seed";
import { buildApp } from "../server/app";
import { type Config, loadConfig, StartupError } from "../server/config";
import { type Database, isNewEmbeddedDatabase, openDatabase } from "../server/db";
import { lockDataDir } from "../server/db/lock";

/** Starts the product: one port for the SPA, the API and the live channel. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  process.once("exit", release);

  const prepared = await prepareNewEmbeddedDatabase(config);
  const extraOrigins = process.env.VITE_DEV_ORIGIN ? [process.env.VITE_DEV_ORIGIN] : [];
  const { server, database } = await buildApp({ config, extraOrigins });
  const seeded = prepared.seeded || (await seedIfEmpty(database, config));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal} received: finishing requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server
      .close()
      .then(() => {
        release();
        process.exit(0);
      })
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await server.listen({ port: config.port, host: config.host });
  const address = server.addresses().find((entry) => typeof entry === "object");
  const localUrl = address
    ? `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
    : config.appUrl;
  const lines = [
    "",
    `  Lagos Studio is ready in ${Math.round(performance.now() - started)} ms on ${database.kind === "pglite" ? `embedded PGlite (${config.dataDir})` : "PostgreSQL"}`,
    `  Open ${config.appUrl}${localUrl !== config.appUrl ? `  (listening on ${localUrl})` : ""}`,
    `  API docs ${config.appUrl}/api/docs`,
  ];
  // Only a database seeded in this start is known to still have the demo passwords.
  if (seeded) {
    lines.push(`  Demo accounts (just seeded), password ${DEMO_PASSWORD}:`);
    for (const user of DEMO_USERS) lines.push(`    ${user.role.padEnd(9)} ${user.email}`);
  }
  console.log(`${lines.join("\n")}\n`);
  collectStartupGarbage();
}

/** The demo data, in an embedded database with no one in it yet, outside production. */
async function seedIfEmpty(database: Database, config: Config): Promise<boolean> {
  if (database.kind !== "pglite" || config.env === "production" || !(await isEmpty(database.db))) return false;
  await seedDatabase(database.db);
  return true;
}

/**
 * A new embedded data directory is created, migrated and seeded by a database instance that is
 * closed before the server opens its own. PostgreSQL's WebAssembly heap never shrinks: an
 * instance that did that work kept its high-water mark for as long as the server ran, and the
 * soak's memory a minute after its load started from there. Idle after a first start, 2 runs:
 * 147.3 and 144.1 MB with the seeding instance kept, 141.5 and 141.4 now (a restart: 136-138).
 */
async function prepareNewEmbeddedDatabase(config: Config): Promise<{ seeded: boolean }> {
  if (config.databaseUrl || !isNewEmbeddedDatabase(config.dataDir)) return { seeded: false };
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return { seeded: await seedIfEmpty(database, config) };
  } finally {
    await database.close();
  }
}

/**
 * Start-up leaves garbage behind: PGlite's 9 MB WebAssembly binary, read whole to compile it
 * (server/db/index.ts), the migrations' texts, the first seed. V8 returns it when its memory
 * reducer decides the process is idle, ~15 s later, or sooner by chance, so the memory of an
 * idle server depended on the start. One full collection as soon as the server is ready
 * returns it at once; `npm start` exposes `gc` for this (serverNodeFlags in scripts/server-command.mjs).
 */
function collectStartupGarbage() {
  // Without arguments: a full mark-compact (Node 20's V8 reads an options object as a scavenge).
  const { gc } = globalThis as { gc?: () => void };
  gc?.();
}

main().catch((error) => {
  if (error instanceof StartupError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error(`Cannot start: ${(error as Error).message ?? error}`);
    if (process.env.DEBUG) console.error(error);
  }
  process.exit(1);
});
