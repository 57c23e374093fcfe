import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../common/domain";
import { projects } from "../../server/db/schema";
import { FRAMES_PER_WINDOW, MAX_SUBSCRIPTIONS } from "../../server/live/hub";
import { type LiveSocket, openLive } from "../support/live";
import { activeProjectId, type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * The live channel's limits: sockets per person, subscriptions per socket, pushes waiting for a reader
 * that stopped reading, and frames a client gets wrong, logged as one warning.
 */
let server: TestServer;
let chinedu: Client;
let amaka: Client;
const logLines: { level: number; msg: string }[] = [];
const SOCKETS_PER_USER = 5;
const MAX_BUFFERED_BYTES = 64 * 1024;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer(
    { logLevel: "warn", liveSocketsPerUser: SOCKETS_PER_USER, liveMaxBufferedBytes: MAX_BUFFERED_BYTES },
    { logStream },
  );
  [chinedu, amaka] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("amaka@bellofashion.test"),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function open(client: Client): Promise<LiveSocket> {
  const socket = await openLive(server.url, client);
  if ("rejected" in socket) throw new Error(`live channel refused: ${socket.status}`);
  return socket;
}

const errorsLogged = () => logLines.filter((line) => line.level >= 50);

describe("frames a client gets wrong", () => {
  it("an oversized frame closes its socket and is logged as one warning line, no error", async () => {
    const socket = await open(chinedu);
    const before = logLines.length;
    socket.send({ type: "subscribe", key: ["x".repeat(5000)] });
    expect(await socket.closed).toBe(1009);
    await expect.poll(() => logLines.slice(before).filter((line) => line.msg === "live frame refused").length).toBe(1);
    expect(errorsLogged()).toEqual([]);
  });

  it("invalid frames are answered each time but logged once per connection", async () => {
    const socket = await open(chinedu);
    const before = logLines.length;
    for (let i = 0; i < 5; i++) socket.send({ type: "nonsense", i });
    await expect.poll(() => socket.frames.filter((frame) => frame.code === "bad_message").length).toBe(5);
    expect(logLines.slice(before).filter((line) => line.level === 40)).toHaveLength(1);
    expect(errorsLogged()).toEqual([]);
    socket.close();
  });
});

describe("frames per person", () => {
  // People of their own: the count is per person and outlives their sockets for its 10 s.
  it("a person sending faster than any page does has the socket closed with 4429, and reconnecting does not start the count afresh; logged once", async () => {
    const tunde = await server.signIn("tunde@lagosstudio.test");
    const fast = await open(tunde);
    const before = logLines.length;
    const notHeld = ["projects", "00000000-0000-4000-8000-000000000000", "presence"];
    for (let i = 0; i <= FRAMES_PER_WINDOW + 50; i++) fast.send({ type: "typing", key: notHeld, active: i % 2 === 0 });
    expect(await fast.closed).toBe(4429);
    const warned = () =>
      logLines.slice(before).filter((line) => line.msg === "live frames past the limit: sockets closed");
    await expect.poll(() => warned().length).toBe(1);
    const again = await open(tunde);
    again.send({ type: "unsubscribe", key: ["projects", "list"] });
    expect(await again.closed).toBe(4429);
    // Logged once a window, however many sockets are closed in it.
    expect(warned()).toHaveLength(1);
    // Someone else is not slowed down.
    const other = await open(amaka);
    const projectId = await activeProjectId(server.db, "amaka@bellofashion.test");
    expect((await other.subscribe(["projects", projectId, "messages"])).type).toBe("subscribed");
    other.close();
  });

  it(`acts on ${FRAMES_PER_WINDOW} frames at once (tabs reconnecting) and closes at the next`, async () => {
    const kunle = await server.signIn("kunle@adeyemilogistics.test");
    const projectId = await activeProjectId(server.db, "kunle@adeyemilogistics.test");
    const socket = await open(kunle);
    for (let i = 1; i < FRAMES_PER_WINDOW; i++) socket.send({ type: "unsubscribe", key: ["projects", "list"] });
    expect((await socket.subscribe(["projects", projectId, "messages"])).type).toBe("subscribed");
    socket.send({ type: "unsubscribe", key: ["projects", "list"] });
    expect(await socket.closed).toBe(4429);
  });
});

describe("sockets per person", () => {
  it(`allows ${SOCKETS_PER_USER} open sockets per person, refuses the next with a 429, and leaves others alone`, async () => {
    const sockets = await Promise.all(Array.from({ length: SOCKETS_PER_USER }, () => open(chinedu)));
    try {
      const refused = await openLive(server.url, chinedu);
      expect(refused).toEqual({ rejected: true, status: 429 });
      const other = await open(amaka);
      other.close();
      // A closed tab frees its place.
      sockets.pop()?.close();
      await expect.poll(async () => !("rejected" in (await openLive(server.url, chinedu).then(keepClosed)))).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
      await Promise.all(sockets.map((socket) => socket.closed));
    }
  });
});

/** Closes a socket that did open, so polling does not pile them up; passes the result on. */
function keepClosed(result: Awaited<ReturnType<typeof openLive>>) {
  if (!("rejected" in result)) result.close();
  return result;
}

describe("subscriptions per socket", () => {
  it("a burst of subscribes to allowed keys stops at the limit, counted before each awaited check", async () => {
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const many = await server.db
      .insert(projects)
      .values(Array.from({ length: MAX_SUBSCRIPTIONS + 60 }, (_, n) => ({ title: `Burst project ${n}`, clientId })))
      .returning({ id: projects.id });
    // 260 keys this client may read, all sent before the first answer comes back (well within FRAMES_PER_WINDOW).
    const keys = many.map(({ id }) => ["projects", id, "messages"]);
    const socket = await open(chinedu);
    try {
      for (const key of keys) socket.send({ type: "subscribe", key });
      const answered = () => socket.frames.filter((frame) => frame.type === "subscribed" || frame.type === "error");
      await expect.poll(() => answered().length, { timeout: 20_000 }).toBe(keys.length);
      expect(answered().filter((frame) => frame.type === "subscribed")).toHaveLength(MAX_SUBSCRIPTIONS);
      expect(answered().filter((frame) => frame.code === "too_many")).toHaveLength(keys.length - MAX_SUBSCRIPTIONS);
    } finally {
      socket.close();
    }
  });

  it("a key's case variants are one subscription, and an upper-case id receives its pushes once", async () => {
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const socket = await open(chinedu);
    try {
      // The hub answers with the key's one spelling, lower-cased.
      const canonical = JSON.stringify(["projects", projectId, "messages"]);
      const answers = () => socket.frames.filter((frame) => JSON.stringify(frame.key) === canonical);
      socket.send({ type: "subscribe", key: ["projects", projectId.toUpperCase(), "messages"] });
      socket.send({ type: "subscribe", key: ["PROJECTS", projectId, "MESSAGES"] });
      // The second joins the first while it is being authorised: one subscription, acknowledged once.
      await expect.poll(() => answers().filter((frame) => frame.type === "subscribed").length).toBe(1);
      expect(answers().filter((frame) => frame.type === "error")).toEqual([]);
      const text = `Seen once ${Date.now()}`;
      expect((await chinedu.request("POST", `/api/projects/${projectId}/messages`, { message: text })).status).toBe(
        201,
      );
      await socket.next((frame) => frame.type === "change" && frame.row?.message === text);
      await sleep(300);
      expect(socket.frames.filter((frame) => frame.type === "change" && frame.row?.message === text)).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

describe("a reader that stops reading", () => {
  it("has its socket ended once its unread pushes pass the limit, while the key's other readers get every push", async () => {
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const key = ["projects", projectId, "messages"];
    const [stalled, reading] = await Promise.all([open(chinedu), open(chinedu)]);
    try {
      expect((await stalled.subscribe(key)).type).toBe("subscribed");
      expect((await reading.subscribe(key)).type).toBe("subscribed");
      stalled.pause();
      // ~12 KB a push (three bytes a character); the system's socket buffers take a few MB before the server's.
      const text = (n: number) => `${n} ${"€".repeat(MESSAGE_MAX_LENGTH - 10)}`;
      const ended = () => logLines.some((line) => line.msg === "live socket not reading: ended");
      let sent = 0;
      while (!ended() && sent < 1_500) {
        const response = await chinedu.request("POST", `/api/projects/${projectId}/messages`, { message: text(sent) });
        expect(response.status).toBe(201);
        sent++;
      }
      expect(ended()).toBe(true);
      // What reached the stalled socket before it was ended is read, then it closes as a lost connection would.
      stalled.resume();
      expect(await stalled.closed).toBe(1006);
      const pushes = (socket: LiveSocket) => socket.frames.filter((frame) => frame.type === "change").length;
      expect(pushes(stalled)).toBeLessThan(sent);
      await expect.poll(() => pushes(reading), { timeout: 10_000 }).toBe(sent);
      expect(errorsLogged()).toEqual([]);
    } finally {
      reading.close();
      stalled.close();
    }
  }, 60_000);
});
