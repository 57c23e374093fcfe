import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveSocket, liveSockets } from "../support/live";
import { activeProjectId, type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * A subscription that says when its copy was read (`since`, what a portal page rendered on the server
 * sends: src/portal-watch.ts) is told "invalidate" at once when a change its subscriber may see touched
 * the key since then, or when the server cannot tell; and only then (server/live/recent.ts).
 */
const QUIET_MS = 500;

let server: TestServer;
let chinedu: Client;
let amaka: Client;
let admin: Client;
let chineduProject: string;
let amakaId: string;
let tundeId: string;
const sockets = liveSockets(() => server.url);

const live = (from: Client) => sockets.open(from);

/** Whether the socket is told to refetch `key` within QUIET_MS of subscribing with `since`. */
async function toldStale(socket: LiveSocket, key: string[], since: number): Promise<boolean> {
  const answer = await socket.subscribe(key, since);
  expect(answer.type).toBe("subscribed");
  return socket
    .next((frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key), QUIET_MS)
    .then(
      () => true,
      () => false,
    );
}

beforeAll(async () => {
  server = await startTestServer();
  [chinedu, amaka, admin] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("amaka@bellofashion.test"),
    server.signIn("admin@lagosstudio.test"),
  ]);
  chineduProject = await activeProjectId(server.db, "chinedu@ezefoods.test");
  amakaId = await userIdOf(server.db, "amaka@bellofashion.test");
  tundeId = await userIdOf(server.db, "tunde@lagosstudio.test");
  // The process knows what it delivered from its start on (plus clock skew): begin past that.
  await sleep(2_500);
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("subscribing with the time a copy was read", () => {
  it("says nothing more when nothing changed since", async () => {
    const since = Date.now();
    expect(await toldStale(await live(chinedu), ["projects", chineduProject, "messages"], since)).toBe(false);
  });

  it("says invalidate at once for a change made since, before the subscription", async () => {
    const since = Date.now();
    const sent = await chinedu.request("POST", `/api/projects/${chineduProject}/messages`, { message: "Since?" });
    expect(sent.status).toBe(201);
    // The change reaches the hub after commit, through the database's NOTIFY: give it a moment.
    await sleep(300);
    expect(await toldStale(await live(chinedu), ["projects", chineduProject, "messages"], since)).toBe(true);
  });

  it("counts only changes the subscriber would have received: another client's new project is not theirs", async () => {
    const since = Date.now();
    const created = await admin.request("POST", "/api/admin/projects", {
      title: `Since test ${since}`,
      description: "A project for another client.",
      clientId: amakaId,
      developerIds: [tundeId],
      status: "active",
      progress: 0,
      startDate: "2026-03-01",
      endDate: "2026-06-30",
    });
    expect(created.status).toBe(201);
    await sleep(300);
    const [chineduSocket, amakaSocket] = await Promise.all([live(chinedu), live(amaka)]);
    expect(await toldStale(chineduSocket, ["projects", "list"], since)).toBe(false);
    expect(await toldStale(amakaSocket, ["projects", "list"], since)).toBe(true);
  });

  it("says invalidate when the time is older than what the server knows (before it started)", async () => {
    expect(await toldStale(await live(chinedu), ["projects", chineduProject, "messages"], 0)).toBe(true);
  });

  it("refuses a `since` that is not a time", async () => {
    const socket = await live(chinedu);
    for (const since of [-1, 1.5, "yesterday"]) {
      socket.send({ type: "subscribe", key: ["dashboard"], since });
      await socket.next((frame) => frame.type === "error" && frame.code === "bad_message");
      socket.frames.length = 0;
    }
  });
});
