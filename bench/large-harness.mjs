import { spawnSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  BENCH_SECRET,
  bar,
  CLI,
  cleanup,
  ensureBuilt,
  percentile,
  ROOT,
  signIn,
  startServer,
  writeResult,
} from "./lib.mjs";

/**
 * The large-data-set harness shared by bench/portal-large.mjs and
 * bench/admin-large.mjs: generates the large data set (npm run seed:large:
 * 10,000 clients, 50,000 projects, 1,000,000 messages… at --scale 1) into a
 * fresh PostgreSQL database, starts the built server on it as deployed
 * (NODE_ENV=production), signs in as the accounts the reads need, then for
 * each read of `routesFile` (which also gives each read's queries) prints the
 * EXPLAIN (ANALYZE, BUFFERS) plan, flagging a sequential scan of a large
 * table, its time under a generic plan (noted when it is much slower) and
 * whether PostgreSQL plans it again on every run, and measures it with 50
 * connections, printing p95.
 *
 *   node bench/<name>.mjs [--scale 1] [--seed 1] [--duration 10] [--keep]
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a user that may create
 * databases); without one it says so and exits 0. --keep leaves the database.
 */
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const SCALE = Number(option("scale", "1"));
const SEED = Number(option("seed", "1"));
const DURATION_S = Number(option("duration", "10"));
const KEEP = args.includes("--keep");
const CONNECTIONS = 50;
/** The large data set's accounts (seed/large.ts; their password is the demo data's, signIn's default), by the `as` of a route. */
const LARGE_ACCOUNTS = {
  admin: "admin@large.lagosstudio.test",
  developer: "developer1@large.lagosstudio.test",
  client: "client1@large.lagosstudio.test",
};

function cannon(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", onResponse);
  });
}

/** Waits until requests left in flight by the last run are answered, so the next read starts on an idle server. */
async function drained(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs the bench `benchName` over the reads of `routesFile`, judged against p95 < `barP95Ms`. */
export async function runLargeBench({ benchName, routesFile, barP95Ms: BAR_P95_MS }) {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  console.log(`${benchName}: scale ${SCALE}, seed ${SEED}, ${CONNECTIONS} connections, ${DURATION_S} s per read`);
  if (!base || !(await reachable(base))) {
    console.log(
      base
        ? `  skipped: PostgreSQL at ${new URL(base).host} is not reachable`
        : "  skipped: no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server whose user may create databases)",
    );
    writeResult(benchName, { skipped: "no PostgreSQL reachable", scale: SCALE });
    process.exit(0);
  }

  ensureBuilt();
  const name = `bench_${benchName.replace("-", "_")}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  let server;
  try {
    const seedStarted = performance.now();
    const seeded = spawnSync(
      process.execPath,
      [CLI, "seed-large", "--database-url", databaseUrl, "--seed", String(SEED), "--scale", String(SCALE)],
      { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "development" } },
    );
    if (seeded.status !== 0) throw new Error("generating the large data set failed");
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

    // The reads and their plans, captured from the server's own data functions.
    const explained = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, routesFile), databaseUrl], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (explained.status !== 0) throw new Error(`explaining the reads failed:\n${explained.stderr}`);
    const { routes, largeTables } = JSON.parse(explained.stdout.trim().split("\n").at(-1));
    console.log(`  large tables (>= 10,000 rows): ${largeTables.join(", ")}`);

    server = await startServer({
      env: {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: BENCH_SECRET,
        AUTH_RATE_LIMIT: "100000",
      },
    });
    const cookies = {};
    for (const role of new Set(routes.map((route) => route.as)))
      cookies[role] = await signIn(server.url, LARGE_ACCOUNTS[role]);

    const measured = [];
    for (const route of routes) {
      console.log(`\n--- ${route.name}: GET ${route.path}`);
      for (const [
        index,
        { plan, seqScansOfLargeTables, executionMs, genericPlanMs, plannedEachRun },
      ] of route.plans.entries()) {
        console.log(`  query ${index + 1} of ${route.plans.length}:`);
        console.log(plan.replace(/^/gm, "    "));
        if (seqScansOfLargeTables.length > 0) console.log(`  FLAG: Seq Scan on ${seqScansOfLargeTables.join(", ")}`);
        // Not a bar: PostgreSQL keeps a generic plan only when it costs no more than the custom ones.
        console.log(`  under a generic plan (a prepared statement's, for any parameters): ${genericPlanMs} ms`);
        // Not a bar either: what PostgreSQL does with the server's prepared statement after five runs.
        console.log(
          plannedEachRun
            ? "  NOTE: planned again on every run (its generic plan is estimated dearer than the custom ones)"
            : "  after five runs PostgreSQL keeps one plan (the generic plan, or there are no parameters)",
        );
        if (genericPlanMs > Math.max(1, 2 * executionMs))
          console.log(
            `  NOTE: ${genericPlanMs} ms under a generic plan against ${executionMs} ms planned for these values`,
          );
      }
      const headers = { cookie: cookies[route.as], accept: "application/json", "accept-encoding": "gzip, deflate, br" };
      const target = { url: `${server.url}${route.path}`, headers, connections: CONNECTIONS };
      await cannon({ ...target, duration: 2 }, () => {});
      const times = [];
      const result = await cannon({ ...target, duration: DURATION_S }, (_client, _status, _bytes, ms) =>
        times.push(ms),
      );
      times.sort((a, b) => a - b);
      const figures = {
        name: route.name,
        as: route.as,
        path: route.path,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: Math.round(percentile(times, 50) * 10) / 10,
        latencyP95Ms: Math.round(percentile(times, 95) * 10) / 10,
        latencyP99Ms: Math.round(percentile(times, 99) * 10) / 10,
        bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
        failed: result.errors + result.timeouts + result.non2xx,
        seqScansOfLargeTables: [...new Set(route.plans.flatMap((plan) => plan.seqScansOfLargeTables))],
        plans: route.plans.map((plan) => plan.plan),
        genericPlansMs: route.plans.map((plan) => plan.genericPlanMs),
        plannedEachRun: route.plans.map((plan) => plan.plannedEachRun),
      };
      console.log(
        `  ${figures.requestsPerSecond} req/s, p50 ${figures.latencyP50Ms} ms, p95 ${figures.latencyP95Ms} ms, ` +
          `p99 ${figures.latencyP99Ms} ms, ${figures.bytesPerResponse} B/response, failed ${figures.failed}`,
      );
      if (times.length === 0) console.log("  no response completed within the run: the read is too slow to measure");
      measured.push(figures);
      await drained(server.url);
    }

    console.log(`\n=== ${benchName} summary ===`);
    const checks = measured.map((route) => [
      bar(`${route.name} p95`, route.latencyP95Ms, "<", BAR_P95_MS, "ms"),
      bar(`${route.name} seq scans of large tables`, route.seqScansOfLargeTables.length, "<", 1, ""),
      bar(`${route.name} failed requests`, route.failed, "<", 1, "requests"),
    ]);
    const passed = checks.flat().every(Boolean);
    writeResult(benchName, {
      scale: SCALE,
      seed: SEED,
      seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      bar: `p95 < ${BAR_P95_MS} ms per read, no Seq Scan on a table of >= 10,000 rows`,
      largeTables,
      routes: measured,
      passed,
    });
    process.exitCode = passed ? 0 : 1;
  } finally {
    if (server) {
      await server.stop();
      cleanup(server.dataDir);
    }
    if (KEEP) {
      console.log(`Kept the database: ${databaseUrl}`);
    } else {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    }
  }
}
