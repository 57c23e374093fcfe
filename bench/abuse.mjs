import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import WebSocket from "ws";
import { bar, cleanup, ensureBuilt, getJson, percentile, signIn, startServer, USERS, writeResult } from "./lib.mjs";

/**
 * One person cannot slow the server for everyone (issue #10): 49 connections
 * of another client read portal pages, first alone, then while one abusive
 * client opens 300 live sockets, sends 1,000 subscribe frames, turns typing
 * on and off on its project as fast as its sockets carry it (opening a new
 * socket for each the server closes), and writes messages at full speed. The
 * readers' p95 with the abuser must stay under 3× their p95 without. The
 * product's own limits (sockets per person, subscriptions per socket, frames
 * and writes per person) are what keep it there; they stay at their defaults.
 * The abuser runs in a process of its own (this file with --abuser), as it
 * would on a machine of its own: its sending does not hold up the readers'.
 */
const READERS = 49;
const PHASE_S = Number(process.env.ABUSE_SECONDS ?? 20);
const SOCKETS = 300;
const SUBSCRIBE_FRAMES = 1_000;
const WRITERS = 10;
/** Typing frames each abusive socket sends every 5 ms. */
const TYPING_BURST = 20;
const BAR_FACTOR = 3;

/** Runs the readers for one phase; resolves with every response time, in ms. */
function readers(url, cookie) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      {
        url,
        connections: READERS,
        duration: PHASE_S,
        headers: { cookie },
        requests: [
          { method: "GET", path: "/api/me" },
          { method: "GET", path: "/api/projects" },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ times: times.sort((a, b) => a - b), result })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Opens `count` live sockets as the abuser; resolves with those the server let open, and how many it refused. */
async function openSockets(url, cookie, count) {
  const attempts = Array.from(
    { length: count },
    () =>
      new Promise((resolve) => {
        const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/live`, { headers: { cookie }, origin: url });
        socket.once("open", () => resolve(socket));
        socket.once("unexpected-response", (_request, response) => {
          response.resume();
          resolve(null);
        });
        socket.once("error", () => resolve(null));
      }),
  );
  const sockets = (await Promise.all(attempts)).filter(Boolean);
  return { sockets, refused: count - sockets.length };
}

/** The abuser's writes: message sends at full speed until `until` resolves. */
function writeFlood(url, cookie, projectId) {
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: `${url}/api/projects/${projectId}/messages`,
        connections: WRITERS,
        duration: PHASE_S + 5,
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ message: "flood" }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { done, stop: () => instance.stop() };
}

/**
 * The abuser's live frames: on each socket, typing on and off on its project's presence key (each change
 * is a push to every viewer and a notice to the other processes), 20 frames every 5 ms; a socket the
 * server closes is replaced by a new one, as an attacker would. Until `stop`.
 */
function typingFlood(url, cookie, projectId, sockets) {
  const key = ["projects", projectId, "presence"];
  const counts = { frames: 0, closedByServer: 0, reopened: 0 };
  let stopped = false;
  const drive = (socket) => {
    socket.send(JSON.stringify({ type: "subscribe", key }));
    const timer = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      for (let i = 0; i < TYPING_BURST; i++) {
        socket.send(JSON.stringify({ type: "typing", key, active: counts.frames % 2 === 0 }));
        counts.frames += 1;
      }
    }, 5);
    socket.once("close", async (code) => {
      clearInterval(timer);
      if (code === 4429) counts.closedByServer += 1;
      if (stopped) return;
      const [again] = (await openSockets(url, cookie, 1)).sockets;
      if (!again || stopped) return again?.terminate();
      counts.reopened += 1;
      open.add(again);
      again.once("close", () => open.delete(again));
      drive(again);
    });
  };
  const open = new Set(sockets);
  for (const socket of sockets) drive(socket);
  return {
    counts,
    stop() {
      stopped = true;
      for (const socket of open) socket.terminate();
    },
  };
}

/** The abuser's process: sockets, subscribes, typing and writes until told to stop; prints what it did as JSON. */
async function runAbuser(url, cookie, projectId) {
  const flood = writeFlood(url, cookie, projectId);
  const { sockets, refused } = await openSockets(url, cookie, SOCKETS);
  for (let frame = 0; frame < SUBSCRIBE_FRAMES && sockets.length > 0; frame++) {
    // Mostly unknown projects (each costs the server a lookup), some of its own thread.
    const key = ["projects", frame % 10 === 0 ? projectId : randomUUID(), "messages"];
    sockets[frame % sockets.length].send(JSON.stringify({ type: "subscribe", key }));
  }
  const typing = typingFlood(url, cookie, projectId, sockets);
  process.send?.({ started: true });
  await new Promise((resolve) => process.once("message", resolve));
  flood.stop();
  typing.stop();
  const writes = await flood.done;
  process.send?.({
    socketsOpen: sockets.length,
    socketsRefused: refused,
    typing: typing.counts,
    writes: writes.requests.total,
    writesRefused: writes.non2xx,
  });
}

if (process.argv[2] === "--abuser") {
  const [url, cookie, projectId] = process.argv.slice(3);
  await runAbuser(url, cookie, projectId);
  process.exit(0);
}

ensureBuilt();
const server = await startServer({ env: { AUTH_RATE_LIMIT: "1000" } });
try {
  const readerCookie = await signIn(server.url, "kunle@adeyemilogistics.test");
  const abuserCookie = await signIn(server.url, USERS.client);
  const { items } = await getJson(server.url, "/api/projects?limit=1&status=active", abuserCookie);
  const projectId = items[0]?.id;
  if (!projectId) throw new Error("the demo client has no active project");
  console.log(`abuse: ${READERS} readers for ${PHASE_S} s, alone, then beside one abusive client`);

  await readers(server.url, readerCookie); // warm-up, not counted
  const alone = await readers(server.url, readerCookie);
  const baseP95 = percentile(alone.times, 95);
  console.log(`  alone: p95 ${baseP95} ms over ${alone.times.length} requests`);

  const abuser = fork(new URL(import.meta.url).pathname, ["--abuser", server.url, abuserCookie, projectId]);
  const next = () => new Promise((resolve, reject) => abuser.once("message", resolve).once("error", reject));
  await next();
  const beside = await readers(server.url, readerCookie);
  const done = next();
  abuser.send({ stop: true });
  const abuse = await done;
  const abuseP95 = percentile(beside.times, 95);
  const failed = beside.result.errors + beside.result.timeouts + beside.result.non2xx;
  console.log(
    `  beside the abuser: p95 ${abuseP95} ms over ${beside.times.length} requests; ` +
      `abuser's sockets ${abuse.socketsOpen} open, ${abuse.socketsRefused} refused; ` +
      `its typing frames ${abuse.typing.frames}, ${abuse.typing.closedByServer} sockets closed for them (4429), ` +
      `${abuse.typing.reopened} reopened; its writes ${abuse.writes}, ${abuse.writesRefused} refused (429)`,
  );
  const passed = [
    bar("readers' p95 beside the abuser over alone", abuseP95 / baseP95, "<", BAR_FACTOR, "x"),
    bar("readers' failed requests", failed, "<", 1, "requests"),
  ].every(Boolean);
  writeResult("abuse", {
    readers: READERS,
    phaseSeconds: PHASE_S,
    readersP95AloneMs: baseP95,
    readersP95BesideAbuserMs: abuseP95,
    ratio: Math.round((abuseP95 / baseP95) * 100) / 100,
    abuser: {
      socketsTried: SOCKETS,
      socketsOpen: abuse.socketsOpen,
      socketsRefused: abuse.socketsRefused,
      subscribeFrames: SUBSCRIBE_FRAMES,
      typingFrames: abuse.typing.frames,
      socketsClosedForFrames: abuse.typing.closedByServer,
      socketsReopened: abuse.typing.reopened,
      writes: abuse.writes,
      writesRefused: abuse.writesRefused,
    },
    readersFailed: failed,
    bars: { ratio: `< ${BAR_FACTOR}`, readersFailed: "0" },
    passed,
  });
  process.exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
  cleanup(server.dataDir);
}
