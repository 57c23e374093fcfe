import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { serverNodeFlags } from "../scripts/server-command.mjs";
import { BENCH_SECRET, ensureBuilt, MAIN, signIn, startServer } from "./lib.mjs";

/**
 * What one API read costs each process, counted by the kernel: starts the built server on a
 * PostgreSQL database (the large data set: `npm run seed:large`), loads one read at a time with
 * 50 connections, and divides each process's CPU time over the load (`/proc/<pid>/stat`) by the
 * requests answered: the server's user and system time, PostgreSQL's backends', and this process's
 * (the load generator's). A V8 profile taken at that load charges the time the server's thread
 * waits for a core to the frame it was in (docs/performance.md, S15); these figures do not.
 * Not part of `npm run bench`: a tool for comparing builds, e.g. a copy of `dist/` made before a
 * change, given with --main, run alternately with the current one.
 *
 *   node bench/cpu-per-request.mjs --database-url postgres://… [--main dist-before/server/main.js]
 *        [--duration 10] 'PATH|EMAIL' ['PATH|EMAIL' …]
 *
 * Each account's password is the large data set's, which is the demo data's (DEMO_PASSWORD). Without
 * --main the current build is measured, made first if the sources changed since (as every bench does).
 */
const args = process.argv.slice(2);
const options = new Map();
const reads = [];
for (let index = 0; index < args.length; index++) {
  const arg = args[index];
  if (arg?.startsWith("--")) options.set(arg.slice(2), args[++index]);
  else if (arg) reads.push(arg);
}
const databaseUrl = options.get("database-url");
const main = path.resolve(options.get("main") ?? MAIN);
const duration = Number(options.get("duration") ?? 10);
if (!databaseUrl || reads.length === 0) {
  console.error("usage: node bench/cpu-per-request.mjs --database-url postgres://… [--main FILE] 'PATH|EMAIL' …");
  process.exit(2);
}

const CLOCK_TICKS_PER_S = 100;
/** User and system CPU time of a process, in seconds; zero for one that has gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return {
      user: Number(fields[11]) / CLOCK_TICKS_PER_S,
      system: Number(fields[12]) / CLOCK_TICKS_PER_S,
      minorFaults: Number(fields[7]),
    };
  } catch {
    return { user: 0, system: 0, minorFaults: 0 };
  }
}
function postgresSeconds() {
  const total = { user: 0, system: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let name = "";
    try {
      name = readFileSync(`/proc/${pid}/comm`, "utf8");
    } catch {}
    if (!name.startsWith("postgres")) continue;
    const { user, system } = cpuSeconds(pid);
    total.user += user;
    total.system += system;
  }
  return total;
}
/** The machine's idle share between two readings of /proc/stat. */
const machineTimes = () => readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
const idleShare = (before, after) => {
  const spent = after.map((value, index) => value - (before[index] ?? 0));
  return (spent[3] ?? 0) / spent.reduce((sum, value) => sum + value, 0);
};
const run = (config) =>
  new Promise((resolve, reject) => autocannon(config, (error, result) => (error ? reject(error) : resolve(result))));

if (!options.has("main")) ensureBuilt();
const server = await startServer({
  args: [...serverNodeFlags({ DATABASE_URL: databaseUrl }), main],
  env: { NODE_ENV: "production", AUTH_RATE_LIMIT: "100000", AUTH_SECRET: BENCH_SECRET, DATABASE_URL: databaseUrl },
});
try {
  console.log(`${path.relative(process.cwd(), main)}: ${duration} s a read, 50 connections`);
  for (const read of reads) {
    const [pathName, email] = read.split("|");
    if (!pathName || !email) throw new Error(`a read is 'PATH|EMAIL', not ${read}`);
    const cookie = await signIn(server.url, email);
    const target = {
      url: `${server.url}${pathName}`,
      headers: { cookie, accept: "application/json", "accept-encoding": "gzip, deflate, br" },
      connections: 50,
    };
    await run({ ...target, duration: 2 }); // warm-up: plans kept, code optimised
    const [serverBefore, postgresBefore, machineBefore] = [
      cpuSeconds(server.child.pid),
      postgresSeconds(),
      machineTimes(),
    ];
    const loadBefore = process.cpuUsage();
    const result = await run({ ...target, duration });
    const requests = result.requests.total;
    const load = process.cpuUsage(loadBefore);
    const [serverAfter, postgresAfter] = [cpuSeconds(server.child.pid), postgresSeconds()];
    const perRequest = (secondsSpent) => Math.round((secondsSpent * 1e6) / requests);
    console.log(
      `${pathName} as ${email}: ${Math.round(requests / duration)} req/s, non-2xx ${result.non2xx}; µs a request: ` +
        `server user ${perRequest(serverAfter.user - serverBefore.user)} system ${perRequest(serverAfter.system - serverBefore.system)} ` +
        `(page faults a request ${((serverAfter.minorFaults - serverBefore.minorFaults) / requests).toFixed(1)}), ` +
        `PostgreSQL user ${perRequest(postgresAfter.user - postgresBefore.user)} system ${perRequest(postgresAfter.system - postgresBefore.system)}, ` +
        `load generator ${perRequest((load.user + load.system) / 1e6)}; machine idle ${Math.round(idleShare(machineBefore, machineTimes()) * 100)} %`,
    );
  }
} finally {
  await server.stop();
}
