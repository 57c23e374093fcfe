import autocannon from "autocannon";
import {
  BENCH_SECRET,
  bar,
  cleanup,
  describeSummary,
  ensureBuilt,
  freshPostgres,
  ROUNDS,
  signIn,
  startServer,
  summary,
  USERS,
  writeResult,
} from "./lib.mjs";

/**
 * The hot path of every portal page: an authenticated GET that checks the
 * session and reads one small row (GET /api/me), 50 connections for 10 s.
 * Runs on embedded PGlite, then on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a fresh database, dropped afterwards).
 */
const CONNECTIONS = 50;
const DURATION_S = 10;
/** Issue #12's bars, judged on the median of ROUNDS rounds. */
const BARS = { pglite: 2_000, postgres: 6_000 };

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(kind, env) {
  const server = await startServer({ env: { ...env, AUTH_RATE_LIMIT: "1000" } });
  try {
    const cookie = await signIn(server.url, USERS.client);
    const target = { url: `${server.url}/api/me`, headers: { cookie }, connections: CONNECTIONS };
    // A short warm-up so the JIT and the session cache are in their steady state.
    await cannon({ ...target, duration: 2 });
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const result = await cannon({ ...target, duration: DURATION_S });
      rounds.push({
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      });
      const last = rounds.at(-1);
      console.log(
        `  ${kind} round ${round + 1}: ${last.requestsPerSecond} req/s, p50 ${last.latencyP50Ms} ms, ` +
          `p99 ${last.latencyP99Ms} ms, failed ${last.failed}`,
      );
    }
    const figures = {
      requestsPerSecond: summary(rounds.map((round) => round.requestsPerSecond)),
      latencyP99Ms: summary(rounds.map((round) => round.latencyP99Ms)),
      failed: rounds.reduce((sum, round) => sum + round.failed, 0),
      rounds,
    };
    console.log(`  ${kind}: ${describeSummary(figures.requestsPerSecond)} req/s`);
    const passed = [
      bar(`${kind} throughput, median`, figures.requestsPerSecond.median, ">=", BARS[kind], "req/s"),
      bar(`${kind} failed requests`, figures.failed, "<", 1, "requests"),
    ].every(Boolean);
    return { ...figures, bar: `>= ${BARS[kind]} req/s`, passed };
  } finally {
    await server.stop();
    cleanup(server.dataDir);
  }
}

ensureBuilt();
const runs = {};
console.log(`auth-get: GET /api/me, ${CONNECTIONS} connections, ${DURATION_S} s`);
runs.pglite = await measure("pglite", {});
const postgres = await freshPostgres("authget");
if (postgres) {
  try {
    runs.postgres = await measure("postgres", { DATABASE_URL: postgres.databaseUrl, AUTH_SECRET: BENCH_SECRET });
  } finally {
    await postgres.drop();
  }
} else {
  console.log("  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}
const passed = Object.values(runs).every((run) => run.passed);
writeResult("auth-get", {
  endpoint: "GET /api/me",
  connections: CONNECTIONS,
  durationSeconds: DURATION_S,
  runs,
  passed,
});
process.exitCode = passed ? 0 : 1;
