import WebSocket from "ws";
import {
  bar,
  cleanup,
  describeSummary,
  ensureBuilt,
  getJson,
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
 * Live fan-out, for each kind of change issue #11 names: 1,000 WebSocket
 * connections subscribed to one key (a project's message thread; the tasks
 * list of the task's assignee and of administrators); 50 changes are made over
 * HTTP one at a time (a message posted; a task edited by an administrator) and
 * each receiver's latency is measured from just before the request to the
 * frame's arrival. The server runs in a child process so it does not share an
 * event loop with the 1,000 clients measuring it.
 */
const CONNECTIONS = 1_000;
const CHANGES = 50;
const SPACING_MS = 100;
const OPEN_BATCH = 50;
/** Issue #12's bar (the portal's is 50 ms): headroom for the topics to come. Judged on the median of ROUNDS rounds. */
const BAR_P95_MS = 30;

ensureBuilt();
// Connections reuse a handful of sessions; the generous limit keeps the auth rate limiter out of the way.
// 1,000 sockets from three people, and ROUNDS × 50 changes from one: far past the per-person socket and
// write limits, which bench/abuse.mjs measures.
const server = await startServer({
  env: { AUTH_RATE_LIMIT: "100000", LIVE_SOCKETS_PER_USER: String(CONNECTIONS), WRITE_RATE_LIMIT: "100000" },
});
const sockets = [];
let passed = true;
try {
  const cookies = {};
  for (const [role, email] of Object.entries(USERS)) cookies[role] = await signIn(server.url, email);
  const projects = (await getJson(server.url, "/api/projects", cookies.client)).items;
  const project = projects.find((entry) => entry.title === "Eze Foods E-commerce Store") ?? projects[0];
  const task = (await getJson(server.url, "/api/tasks?limit=1", cookies.developer)).items[0];
  if (!task) throw new Error(`${USERS.developer} has no task`);
  // An edit names the version it edits (common/schemas.ts editedVersion): each the one the last wrote.
  let taskVersion = task.updatedAt;

  /** Each kind of change: the key its receivers hold, who holds it, and one change made with `label` in it. */
  const topics = [
    {
      name: "message",
      key: ["projects", project.id, "messages"],
      sessions: Object.values(cookies),
      change: (label) => send("POST", `/api/projects/${project.id}/messages`, cookies.client, { message: label }, 201),
    },
    {
      // The assignee's and administrators' task lists get the edited row (a client holds no task list).
      name: "task",
      key: ["tasks", "mine"],
      sessions: [cookies.developer, cookies.admin],
      change: async (label) => {
        const edited = await send(
          "PUT",
          `/api/admin/tasks/${task.id}`,
          cookies.admin,
          {
            title: label,
            description: task.description,
            status: task.status,
            priority: task.priority,
            assignedTo: task.assignedTo,
            projectId: task.projectId,
            dueDate: task.dueDate,
            expectedUpdatedAt: taskVersion,
          },
          200,
        );
        taskVersion = edited.updatedAt;
      },
    },
  ];

  async function send(method, path, cookie, body, expected) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, "content-type": "application/json", origin: server.url },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  const results = {};
  for (const topic of topics) {
    results[topic.name] = await measureTopic(topic);
    for (const socket of sockets.splice(0)) socket.terminate();
  }

  /** Opens CONNECTIONS sockets on the topic's key, then ROUNDS rounds of CHANGES changes. */
  async function measureTopic({ name, key, sessions, change }) {
    // Per socket: [round, change, arrival time] of each frame received.
    const arrivals = [];
    const marker = new RegExp(`bench fan-out ${name} #(\\d+)\\.(\\d+)`);

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
          if (match) received.push([Number(match[1]), Number(match[2]), now]);
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
    console.log(
      `live-fanout, ${name}: ${sockets.length} sockets subscribed to ${JSON.stringify(key)} in ${openSeconds.toFixed(1)} s`,
    );

    /** One round: CHANGES changes, one at a time; every receiver's latency from just before the request. */
    async function measureRound(roundIndex) {
      const sentAt = new Array(CHANGES);
      for (let index = 0; index < CHANGES; index++) {
        const started = performance.now();
        sentAt[index] = started;
        await change(`bench fan-out ${name} #${roundIndex}.${index}`);
        await sleep(Math.max(0, SPACING_MS - (performance.now() - started)));
      }
      const inRound = () => arrivals.map((received) => received.filter(([r]) => r === roundIndex));
      const deadline = performance.now() + 5_000;
      while (performance.now() < deadline && inRound().some((received) => received.length < CHANGES)) await sleep(50);
      const latencies = [];
      let missing = 0;
      for (const received of inRound()) {
        missing += CHANGES - received.length;
        for (const [, index, at] of received) latencies.push(at - sentAt[index]);
      }
      const figures = latencyFigures(latencies, missing);
      console.log(
        `  round ${roundIndex + 1}: ${figures.deliveries} deliveries (${missing} missing): p50 ${figures.p50Ms} ms, ` +
          `p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`,
      );
      return figures;
    }

    const rounds = [];
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) rounds.push(await measureRound(roundIndex));
    const p95 = summary(rounds.map((figures) => figures.p95Ms));
    const missing = rounds.reduce((sum, figures) => sum + figures.missing, 0);
    console.log(`  ${name}: p95 ${describeSummary(p95, 1)} ms`);
    passed = bar(`${name}: p95 latency, median of the rounds`, p95.median, "<", BAR_P95_MS, "ms") && passed;
    passed = bar(`${name}: missing`, missing, "<", 1, "frames") && passed;
    return { key, subscribeSeconds: Math.round(openSeconds * 10) / 10, p95Ms: p95, missing, rounds };
  }

  writeResult("live-fanout", {
    connections: CONNECTIONS,
    changesPerRound: CHANGES,
    topics: results,
    bars: { p95Ms: `< ${BAR_P95_MS}`, missing: "0" },
    passed,
  });
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
  cleanup(server.dataDir);
}
process.exitCode = passed ? 0 : 1;
