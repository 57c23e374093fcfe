import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { serverNodeFlags } from "../scripts/server-command.mjs";
import { BENCH_SECRET, cleanup, ensureBuilt, MAIN, ROOT, signIn, startServer, USERS } from "./lib.mjs";

/**
 * Where the time of one API read goes: starts the built server as the
 * benchmarks do, under `--cpu-prof`, loads one path with 50 connections,
 * stops the server (V8 writes the profile on exit) and prints
 * bench/cpuprofile-summary.mjs's summary of it. Not part of `npm run bench`.
 *
 *   node bench/profile.mjs [--path /api/me] [--as client|admin|developer] [--duration 20] [--connections 50]
 *        [--database-url postgres://…] [--email … --password …] [--env production] [--out DIR]
 *
 * Without --database-url the server runs on a fresh PGlite with the demo data. At 50 connections
 * on two cores the server's thread is often waiting for a core, and V8's sampler charges that
 * wait to the frame it was in (most of it to the socket write); a few connections show where its
 * own time goes (docs/performance.md, S15).
 */
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const pathName = option("path", "/api/me");
const duration = Number(option("duration", "20"));
const connections = Number(option("connections", "50"));
const databaseUrl = option("database-url", undefined);
const email = option("email", USERS[option("as", "client")]);
const password = option("password", undefined);
const nodeEnv = option("env", databaseUrl ? "production" : "development");
const outDir = path.resolve(option("out", path.join(ROOT, "bench/results/profiles")));
mkdirSync(outDir, { recursive: true });

ensureBuilt();
const before = new Set(readdirSync(outDir));
const server = await startServer({
  args: [...serverNodeFlags({ DATABASE_URL: databaseUrl }), "--cpu-prof", "--cpu-prof-dir", outDir, MAIN],
  env: {
    NODE_ENV: nodeEnv,
    AUTH_RATE_LIMIT: "100000",
    AUTH_SECRET: BENCH_SECRET,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
});
let loadStarted = 0;
let loadEnded = 0;
try {
  const cookie = await signIn(server.url, email, password);
  const target = {
    url: `${server.url}${pathName}`,
    headers: { cookie, accept: "application/json", "accept-encoding": "gzip, deflate, br" },
    connections,
    duration,
  };
  loadStarted = performance.now();
  const result = await new Promise((resolve, reject) =>
    autocannon(target, (error, value) => (error ? reject(error) : resolve(value))),
  );
  console.log(
    `GET ${pathName} (${nodeEnv}, ${databaseUrl ? "PostgreSQL" : "PGlite"}): ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  loadEnded = performance.now();
} finally {
  await server.stop();
  cleanup(server.dataDir);
}
// The profile ends when the server exits; the load's span is measured back from there.
const exited = performance.now();
const window = `${Math.round(exited - loadStarted)},${Math.round(exited - loadEnded)}`;
const written = readdirSync(outDir).filter((name) => name.endsWith(".cpuprofile") && !before.has(name));
for (const name of written) {
  const file = path.join(outDir, name);
  console.log(`profile: ${file}`);
  spawnSync(
    process.execPath,
    [path.join(ROOT, "bench/cpuprofile-summary.mjs"), file, "--top", "35", "--window", window],
    {
      stdio: "inherit",
    },
  );
}
