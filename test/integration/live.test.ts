import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectDevelopers, users } from "../../server/db/schema";
import { type LiveRejection, type LiveSocket, liveSockets, openLive } from "../support/live";
import { activeProjectId, type Client, sleep, startTestServer, type TestServer } from "../support/server";

/** How long "nothing arrives" is watched for; deliveries in these tests take a few milliseconds. */
const QUIET_MS = 500;

let server: TestServer;
let chinedu: Client;
let amaka: Client;
let tunde: Client;
let admin: Client;
let projectId: string;
let key: [string, string, string];
const sockets = liveSockets(() => server.url);

const live = (from: Client | null, origin?: string | null) =>
  sockets.open(from, origin === undefined ? {} : { origin });

async function rejection(from: Client | null, origin?: string | null): Promise<LiveRejection> {
  const result = await openLive(server.url, from, origin === undefined ? {} : { origin });
  if (!("rejected" in result)) {
    result.close();
    throw new Error("live channel accepted the connection");
  }
  return result;
}

async function post(from: Client, message: string) {
  const response = await from.request("POST", `/api/projects/${projectId}/messages`, { message });
  expect(response.status).toBe(201);
  return response.json as { id: string; message: string };
}

const changeWith = (text: string) => (frame: { type: string; row?: { message?: string } }) =>
  frame.type === "change" && frame.row?.message === text;

beforeAll(async () => {
  server = await startTestServer();
  [chinedu, amaka, tunde, admin] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("amaka@bellofashion.test"),
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
  ]);
  projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
  key = ["projects", projectId, "messages"];
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("connecting", () => {
  it("refuses a foreign or missing Origin with 403, even with a valid session", async () => {
    expect((await rejection(chinedu, "https://evil.example")).status).toBe(403);
    expect((await rejection(chinedu, null)).status).toBe(403);
    expect((await rejection(chinedu, `${server.url}.evil.example`)).status).toBe(403);
  });

  it("refuses a connection without a session with 401", async () => {
    expect((await rejection(null)).status).toBe(401);
    const forged = server.client();
    forged.setCookieHeader("ls.session_token=forged.value");
    expect((await rejection(forged)).status).toBe(401);
  });

  it("answers unknown keys and malformed messages without closing", async () => {
    const socket = await live(chinedu);
    expect(await socket.subscribe(["projects", "not-a-uuid", "messages"])).toMatchObject({
      type: "error",
      code: "not_found",
    });
    expect(await socket.subscribe(["invoices"])).toMatchObject({ type: "error", code: "not_found" });
    socket.send({ type: "subscribe" });
    expect(await socket.next((frame) => frame.type === "error" && frame.code === "bad_message")).toBeDefined();
    expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed", key });
  });
});

describe("message delivery", () => {
  let chineduSocket: LiveSocket;
  let adminSocket: LiveSocket;
  let amakaSocket: LiveSocket;
  let tundeSocket: LiveSocket;

  beforeAll(async () => {
    [chineduSocket, adminSocket, amakaSocket, tundeSocket] = await Promise.all([
      live(chinedu),
      live(admin),
      live(amaka),
      live(tunde),
    ]);
  });

  it("lets the project's client, admin and assigned developer subscribe, and no other client", async () => {
    expect(await chineduSocket.subscribe(key)).toMatchObject({ type: "subscribed", key });
    expect(await adminSocket.subscribe(key)).toMatchObject({ type: "subscribed", key });
    expect(await tundeSocket.subscribe(key)).toMatchObject({ type: "subscribed", key });
    expect(await amakaSocket.subscribe(key)).toMatchObject({ type: "error", code: "not_found", key });
  });

  it("pushes a new message to everyone allowed and to no one else", async () => {
    const text = `Live hello ${Date.now()}`;
    const sent = await post(chinedu, text);
    for (const socket of [adminSocket, tundeSocket, chineduSocket]) {
      const frame = await socket.next(changeWith(text));
      expect(frame).toMatchObject({ type: "change", op: "insert", key, row: { id: sent.id, message: text } });
      expect(frame.row).toMatchObject({ projectId, authorName: "Chinedu Eze", authorRole: "client" });
    }
    await sleep(QUIET_MS);
    expect(amakaSocket.frames.filter((frame) => frame.type === "change")).toEqual([]);
  });

  it("stops delivering once the developer is taken off the project", async () => {
    const developer = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "tunde@lagosstudio.test"));
    await server.db
      .delete(projectDevelopers)
      .where(
        and(eq(projectDevelopers.projectId, projectId), eq(projectDevelopers.developerId, developer[0]?.id ?? "")),
      );

    const text = `After removal ${Date.now()}`;
    await post(admin, text);
    await chineduSocket.next(changeWith(text));
    await sleep(QUIET_MS);
    expect(tundeSocket.frames.some(changeWith(text))).toBe(false);
    // And a fresh subscription is refused.
    const again = await live(tunde);
    expect(await again.subscribe(key)).toMatchObject({ type: "error", code: "not_found" });
  });

  it("closes the socket of a session that signs out, and keeps the user's other sessions live", async () => {
    const secondTab = await server.signIn("chinedu@ezefoods.test");
    const socket = await live(secondTab);
    expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });

    expect((await secondTab.request("POST", "/api/auth/sign-out", {})).status).toBe(200);
    const code = await Promise.race([socket.closed, sleep(3_000).then(() => "still open")]);
    expect(code).toBe(4401);

    const text = `After sign-out ${Date.now()}`;
    await post(admin, text);
    await chineduSocket.next(changeWith(text));
    await sleep(QUIET_MS);
    expect(socket.frames.some(changeWith(text))).toBe(false);
  });
});
