import WebSocket from "ws";
import {
  bar,
  cleanup,
  ensureBuilt,
  getJson,
  percentile,
  signIn,
  sleep,
  startServer,
  USERS,
  writeResult,
} from "./lib.mjs";

/**
 * Live fan-out: 1,000 WebSocket connections subscribed to one project's
 * message thread; 50 messages are sent over HTTP one at a time and each
 * receiver's latency is measured from just before the POST to the frame's
 * arrival. The server runs in a child process so it does not share an event
 * loop with the 1,000 clients measuring it.
 */
const CONNECTIONS = 1_000;
const MESSAGES = 50;
const SPACING_MS = 100;
const OPEN_BATCH = 50;
const BAR_P95_MS = 50;

ensureBuilt();
// Connections reuse a handful of sessions; the generous limit keeps the auth rate limiter out of the way.
const server = await startServer({ env: { AUTH_RATE_LIMIT: "100000" } });
const sockets = [];
try {
  const cookies = {};
  for (const [role, email] of Object.entries(USERS)) cookies[role] = await signIn(server.url, email);
  const projects = (await getJson(server.url, "/api/projects", cookies.client)).items;
  const project = projects.find((entry) => entry.title === "Eze Foods E-commerce Store") ?? projects[0];
  const key = ["projects", project.id, "messages"];
  const sessions = Object.values(cookies);

  const sentAt = new Array(MESSAGES);
  const arrivals = []; // [messageIndex, arrivalTime] per receiver
  const marker = /bench fan-out #(\d+)/;

  function open(index) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace("http", "ws")}/api/live`, {
        headers: { cookie: sessions[index % sessions.length], origin: server.url },
        perMessageDeflate: false,
      });
      const received = [];
      arrivals.push(received);
      socket.on("error", reject);
      socket.on("open", () => socket.send(JSON.stringify({ type: "subscribe", key })));
      socket.on("message", (data) => {
        const now = performance.now();
        const text = data.toString();
        const match = marker.exec(text);
        if (match) received.push([Number(match[1]), now]);
        else if (text.includes('"subscribed"')) resolve(socket);
        else if (text.includes('"error"')) reject(new Error(`subscription refused: ${text}`));
      });
    });
  }

  const openStarted = performance.now();
  for (let first = 0; first < CONNECTIONS; first += OPEN_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(CONNECTIONS, first + OPEN_BATCH); index++) batch.push(open(index));
    sockets.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  console.log(`live-fanout: ${sockets.length} sockets subscribed in ${openSeconds.toFixed(1)} s`);

  for (let index = 0; index < MESSAGES; index++) {
    const started = performance.now();
    sentAt[index] = started;
    const response = await fetch(`${server.url}/api/projects/${project.id}/messages`, {
      method: "POST",
      headers: { cookie: cookies.client, "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ message: `bench fan-out #${index}` }),
    });
    if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
    await sleep(Math.max(0, SPACING_MS - (performance.now() - started)));
  }
  // Let the last frames land.
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && arrivals.some((received) => received.length < MESSAGES)) await sleep(50);

  const latencies = [];
  let missing = 0;
  for (const received of arrivals) {
    missing += MESSAGES - received.length;
    for (const [index, at] of received) latencies.push(at - sentAt[index]);
  }
  latencies.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  const figures = {
    connections: CONNECTIONS,
    messages: MESSAGES,
    deliveries: latencies.length,
    missing,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    subscribeSeconds: round(openSeconds),
  };
  console.log(
    `  ${figures.deliveries} deliveries (${missing} missing): p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, ` +
      `p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`,
  );
  const passed = [
    bar("p95 latency", figures.p95Ms, "<", BAR_P95_MS, "ms"),
    bar("missing", missing, "<", 1, "frames"),
  ].every(Boolean);
  writeResult("live-fanout", { ...figures, bars: { p95Ms: `< ${BAR_P95_MS}`, missing: "0" }, passed });
  process.exitCode = passed ? 0 : 1;
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
  cleanup(server.dataDir);
}
