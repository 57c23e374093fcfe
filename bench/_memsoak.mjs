import autocannon from "autocannon";
import { breakdown } from "./_smaps.mjs";
import { bar, cleanup, ensureBuilt, getJson, rssMb, signIn, sleep, startServer, USERS, writeResult } from "./lib.mjs";

/**
 * Soak (issue #10): 50 connections for 5 minutes on embedded PGlite, each
 * cycling through four portal reads and one message send (20 % writes), as a
 * signed-in client. Throughput in the last minute must stay within 20 % of
 * the first (nothing that grows with the data or the run slows it), with no
 * failed request, and the server's resident memory must be back under 150 MB
 * one minute after the load stops.
 *
 * SOAK_SECONDS shortens the run for a trial (the bars are for 300).
 * The per-person write limit is lifted: this measures the server under
 * sustained writes, not the limit (bench/abuse.mjs measures that).
 */
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.SOAK_SECONDS ?? 300);
const WINDOW_S = Math.min(60, Math.floor(DURATION_S / 3));
const SETTLE_S = Math.min(60, DURATION_S);
const BARS = { lastOverFirst: 0.8, rssMb: 150 };

ensureBuilt();
const server = await startServer({ env: { AUTH_RATE_LIMIT: "1000", WRITE_RATE_LIMIT: "100000000" } });
console.log("idle:", breakdown(server.child.pid));
try {
  const cookie = await signIn(server.url, USERS.client);
  const { items } = await getJson(server.url, "/api/projects?limit=1&status=active", cookie);
  const projectId = items[0]?.id;
  if (!projectId) throw new Error("the demo client has no active project");
  const headers = { cookie };
  const requests = [
    { method: "GET", path: "/api/me" },
    { method: "GET", path: "/api/projects" },
    { method: "GET", path: `/api/projects/${projectId}/messages` },
    { method: "GET", path: "/api/tasks" },
    {
      method: "POST",
      path: `/api/projects/${projectId}/messages`,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ message: "Soak test: checking in on the latest build." }),
    },
  ];
  console.log(`soak: ${CONNECTIONS} connections, ${DURATION_S} s, 4 reads and 1 write per cycle, PGlite`);

  const perSecond = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: server.url, connections: CONNECTIONS, duration: DURATION_S, headers, requests },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("tick", ({ counter }) => perSecond.push(counter));
  });
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  const first = sum(perSecond.slice(0, WINDOW_S)) / WINDOW_S;
  const last = sum(perSecond.slice(-WINDOW_S)) / WINDOW_S;
  const failed = result.errors + result.timeouts + result.non2xx;
  console.log(
    `  ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s on average, ` +
      `first ${WINDOW_S} s ${Math.round(first)} req/s, last ${WINDOW_S} s ${Math.round(last)} req/s, ` +
      `p99 ${result.latency.p99} ms, failed ${failed}`,
  );
  console.log(`  waiting ${SETTLE_S} s for the server to settle...`);
  console.log("after load:", breakdown(server.child.pid));
  await sleep(SETTLE_S * 1000);
  console.log("settled:", breakdown(server.child.pid));
  const rss = rssMb(server.child.pid);
  const passed = [
    bar("failed requests", failed, "<", 1, "requests"),
    bar(`throughput, last ${WINDOW_S} s over first ${WINDOW_S} s`, last / first, ">=", BARS.lastOverFirst, "x"),
    bar(`resident memory ${SETTLE_S} s after the load`, rss, "<", BARS.rssMb, "MB"),
  ].every(Boolean);
  writeResult("soak", {
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    windowSeconds: WINDOW_S,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    firstWindowRps: Math.round(first),
    lastWindowRps: Math.round(last),
    lastOverFirst: Math.round((last / first) * 1000) / 1000,
    latencyP99Ms: result.latency.p99,
    failed,
    rssAfterSettleMb: Math.round(rss * 10) / 10,
    bars: { lastOverFirst: `>= ${BARS.lastOverFirst}`, rssMb: `< ${BARS.rssMb}`, failed: "0" },
    passed,
  });
  process.exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
  cleanup(server.dataDir);
}
