import { readFileSync } from "node:fs";
import pg from "pg";
import WebSocket from "ws";
import {
  bar,
  cleanup,
  describeSummary,
  ensureBuilt,
  freshPostgres,
  latencyFigures,
  ROUNDS,
  signIn,
  sleep,
  startServer,
  summary,
  USERS,
  writeResult,
} from "./lib.mjs";

/**
 * Presence and typing (issue #8): 500 viewers across 50 project pages on one
 * server process. Each round, one viewer per project starts typing and then
 * stops; every other viewer of that project must receive both lists. Latency
 * is from just before the typing signal to each arrival. Then the server's
 * CPU is read over 20 s with everyone still on their pages and no one typing
 * (the heartbeat is what remains). Runs on PostgreSQL when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set (50 projects are added there); on the embedded
 * database the demo's projects share the 500 viewers.
 */
const VIEWERS = 500;
const PROJECTS = 50;
const OPEN_BATCH = 50;
const REST_SECONDS = 20;
const BAR_P95_MS = 100;
const BAR_CPU_PERCENT = 5;

ensureBuilt();
const postgres = await freshPostgres("presence");
let projectIds = [];
if (postgres) {
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `insert into projects (title, description, client_id)
     select 'Presence bench ' || n, '', (select id from users where email = $1)
     from generate_series(1, $2::int) n returning id`,
    [USERS.client, PROJECTS],
  );
  projectIds = rows.map((row) => row.id);
  await client.end();
}
const server = await startServer({
  env: {
    AUTH_RATE_LIMIT: "100000",
    LIVE_SOCKETS_PER_USER: String(VIEWERS),
    ...(postgres && { DATABASE_URL: postgres.databaseUrl }),
  },
});
const sockets = [];
try {
  // Viewers come from two people (the administrator and the projects' client), alternating, so each list has two
  // people and typing by one is news to the other.
  const cookies = [await signIn(server.url, USERS.admin), await signIn(server.url, USERS.client)];
  if (projectIds.length === 0) {
    const response = await fetch(`${server.url}/api/projects?limit=50`, { headers: { cookie: cookies[1] } });
    projectIds = (await response.json()).items.map((project) => project.id);
  }
  const keyOf = (projectId) => ["projects", projectId, "presence"];

  /** Per socket: the project, and the arrival time of each typing state it saw, by round. */
  const viewers = [];
  function open(index) {
    const projectId = projectIds[index % projectIds.length];
    const person = Math.floor(index / projectIds.length) % 2;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace("http", "ws")}/api/live`, {
        headers: { cookie: cookies[person], origin: server.url },
        perMessageDeflate: false,
      });
      const viewer = { socket, projectId, person, frames: [] };
      viewers.push(viewer);
      socket.on("error", reject);
      socket.on("open", () => socket.send(JSON.stringify({ type: "subscribe", key: keyOf(projectId) })));
      socket.on("message", (data) => {
        const now = performance.now();
        const message = JSON.parse(data.toString());
        if (message.type === "value") viewer.frames.push({ at: now, typing: message.value.some((v) => v.typing) });
        else if (message.type === "subscribed") resolve(socket);
        else if (message.type === "error") reject(new Error(`subscription refused: ${JSON.stringify(message)}`));
      });
    });
  }
  const openStarted = performance.now();
  for (let first = 0; first < VIEWERS; first += OPEN_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(VIEWERS, first + OPEN_BATCH); index++) batch.push(open(index));
    sockets.push(...(await Promise.all(batch)));
  }
  console.log(
    `presence: ${sockets.length} viewers on ${projectIds.length} projects in ${((performance.now() - openStarted) / 1000).toFixed(1)} s` +
      ` (${postgres ? "PostgreSQL" : "embedded database"})`,
  );
  await sleep(1_000);

  /** One round: on every project one administrator's tab types, then stops; the client's tabs must see both. */
  async function measureRound(roundIndex) {
    const latencies = [];
    let missing = 0;
    for (const typing of [true, false]) {
      const sentAt = new Map();
      const seen = viewers.map((viewer) => viewer.frames.length);
      for (const projectId of projectIds) {
        const typist = viewers.find((viewer) => viewer.projectId === projectId && viewer.person === 0);
        sentAt.set(projectId, performance.now());
        typist.socket.send(JSON.stringify({ type: "typing", key: keyOf(projectId), active: typing }));
      }
      const receivers = viewers
        .map((viewer, index) => ({ viewer, from: seen[index] }))
        .filter((r) => r.viewer.person === 1);
      const arrival = ({ viewer, from }) => viewer.frames.slice(from).find((frame) => frame.typing === typing);
      const deadline = performance.now() + 5_000;
      while (performance.now() < deadline && receivers.some((receiver) => !arrival(receiver))) await sleep(20);
      for (const receiver of receivers) {
        const frame = arrival(receiver);
        if (frame) latencies.push(frame.at - sentAt.get(receiver.viewer.projectId));
        else missing++;
      }
      await sleep(500);
    }
    const figures = latencyFigures(latencies, missing);
    console.log(
      `  round ${roundIndex + 1}: ${figures.deliveries} deliveries (${missing} missing): p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms`,
    );
    return figures;
  }
  const rounds = [];
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) rounds.push(await measureRound(roundIndex));

  // At rest: everyone still on their page, no one typing; the server's CPU time over REST_SECONDS.
  const ticks = () => {
    const fields = readFileSync(`/proc/${server.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await sleep(REST_SECONDS * 1000);
  const cpuPercent = ((ticks() - before) / 100 / REST_SECONDS) * 100;
  console.log(`  at rest: ${cpuPercent.toFixed(2)} % of one core over ${REST_SECONDS} s`);

  const p95 = summary(rounds.map((figures) => figures.p95Ms));
  const missing = rounds.reduce((sum, figures) => sum + figures.missing, 0);
  console.log(`  p95 ${describeSummary(p95, 1)} ms`);
  const passed = [
    bar("p95 delivery, median of the rounds", p95.median, "<", BAR_P95_MS, "ms"),
    bar("missing", missing, "<", 1, "lists"),
    bar("CPU at rest", cpuPercent, "<", BAR_CPU_PERCENT, "%"),
  ].every(Boolean);
  writeResult("presence", {
    viewers: VIEWERS,
    projects: projectIds.length,
    database: postgres ? "postgres" : "pglite",
    p95Ms: p95,
    missing,
    cpuAtRestPercent: Math.round(cpuPercent * 100) / 100,
    rounds,
    bars: { p95Ms: `< ${BAR_P95_MS}`, cpuAtRestPercent: `< ${BAR_CPU_PERCENT}` },
    passed,
  });
  process.exitCode = passed ? 0 : 1;
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
  cleanup(server.dataDir);
  await postgres?.drop();
}
