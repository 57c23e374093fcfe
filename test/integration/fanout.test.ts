import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveSocket, liveSockets } from "../support/live";
import { activeProjectId, type Client, dbKind, sleep, startTestServer, type TestServer } from "../support/server";

/**
 * Two server processes on one PostgreSQL (here two app instances, each with its
 * own pool and LISTEN connection): a change committed through one reaches the
 * live subscribers of the other, and a sign-out on one ends the session's
 * sockets on the other. PostgreSQL only: PGlite is single-process by design,
 * so scripts/test.mjs runs this file in the PostgreSQL pass.
 */
if (dbKind !== "postgres") throw new Error("fanout.test.ts needs TEST_DB=postgres and TEST_DATABASE_URL");

const QUIET_MS = 500;
let first: TestServer;
let second: TestServer;
let projectId: string;
const onFirst = liveSockets(() => first.url);
const onSecond = liveSockets(() => second.url);

/** A live socket on `server`, one of the two processes. */
const live = (server: TestServer, from: Client): Promise<LiveSocket> =>
  (server === first ? onFirst : onSecond).open(from);

/** The same signed-in session, presented to another server process. */
function onServer(server: TestServer, session: Client): Client {
  const moved = server.client();
  moved.setCookieHeader(session.cookieHeader());
  return moved;
}

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({}, { sharing: first });
  projectId = await activeProjectId(first.db, "chinedu@ezefoods.test");
});
afterAll(async () => {
  onFirst.closeAll();
  onSecond.closeAll();
  await second?.close();
  await first?.close();
});

describe("two server processes on one PostgreSQL", () => {
  it("delivers a message posted through one to subscribers of the other, and only to those allowed", async () => {
    const key = ["projects", projectId, "messages"];
    const admin = await first.signIn("admin@lagosstudio.test");
    const chinedu = await first.signIn("chinedu@ezefoods.test");
    const amaka = await first.signIn("amaka@bellofashion.test");

    const adminSocket = await live(first, admin);
    expect((await adminSocket.subscribe(key)).type).toBe("subscribed");
    const amakaSocket = await live(first, amaka);
    expect((await amakaSocket.subscribe(key)).type).toBe("error");

    const text = `Across processes ${Date.now()}`;
    const sent = await onServer(second, chinedu).request("POST", `/api/projects/${projectId}/messages`, {
      message: text,
    });
    expect(sent.status).toBe(201);

    const frame = await adminSocket.next((f) => f.type === "change" && f.row?.message === text, 5_000);
    expect(frame.row).toMatchObject({ message: text, authorName: "Chinedu Eze", projectId });
    await sleep(QUIET_MS);
    expect(amakaSocket.frames.filter((f) => f.type === "change")).toEqual([]);
  });

  it("closes a session's sockets on one process when it signs out through the other", async () => {
    const tunde = await first.signIn("tunde@lagosstudio.test");
    const socket = await live(first, tunde);
    expect((await socket.subscribe(["projects", projectId, "messages"])).type).toBe("subscribed");

    const signOut = await onServer(second, tunde).request("POST", "/api/auth/sign-out", {});
    expect(signOut.status).toBe(200);
    expect(await socket.closed).toBe(4401);
    expect((await tunde.request("GET", "/api/me")).status).toBe(401);
  });

  it("shows who is on a project page across processes, typing included, and drops them when they leave", async () => {
    const key = ["projects", projectId, "presence"];
    const admin = await first.signIn("admin@lagosstudio.test");
    const chinedu = await first.signIn("chinedu@ezefoods.test");
    const adminSocket = await live(first, admin);
    const chineduSocket = await live(second, onServer(second, chinedu));
    expect((await adminSocket.subscribe(key)).type).toBe("subscribed");
    expect((await chineduSocket.subscribe(key)).type).toBe("subscribed");
    const names = (frame: { value?: { name: string; typing: boolean }[] }) =>
      (frame.value ?? []).map((viewer) => viewer.name).sort();
    const both = await adminSocket.next((f) => f.type === "value" && f.value.length === 2, 3_000);
    expect(names(both)).toEqual(["Chinedu Eze", names(both).find((name) => name !== "Chinedu Eze")].sort());

    chineduSocket.send({ type: "typing", key, active: true });
    await adminSocket.next(
      (f) => f.type === "value" && f.value.some((viewer: { typing: boolean }) => viewer.typing),
      3_000,
    );
    const seen = adminSocket.frames.length;
    chineduSocket.close();
    await expect
      .poll(() => adminSocket.frames.slice(seen).some((f) => f.type === "value" && f.value.length === 1), {
        timeout: 3_000,
      })
      .toBe(true);
  });

  it("serves a process that reaches PostgreSQL through its Unix socket, as a same-host deployment may", async () => {
    // CI's PostgreSQL runs on the same machine as the suite, so its socket directory is here.
    const shown = await first.db.execute<{ unix_socket_directories: string }>(sql`show unix_socket_directories`);
    const directory = shown.rows[0]?.unix_socket_directories
      .split(",")
      .map((entry) => entry.trim())
      .find((entry) => entry.startsWith("/") && existsSync(entry));
    expect(directory, "the test PostgreSQL should listen on a Unix socket on this machine").toBeDefined();
    const tcp = new URL(first.config.databaseUrl ?? "");
    const socketUrl = `postgres://${tcp.username}${tcp.password ? `:${tcp.password}` : ""}@${tcp.pathname}?host=${encodeURIComponent(directory ?? "")}`;
    const third = await startTestServer({ databaseUrl: socketUrl }, { sharing: first });
    try {
      const key = ["projects", projectId, "messages"];
      const adminSocket = await live(first, await first.signIn("admin@lagosstudio.test"));
      expect((await adminSocket.subscribe(key)).type).toBe("subscribed");
      const text = `Through the socket ${Date.now()}`;
      const chinedu = await third.signIn("chinedu@ezefoods.test");
      expect((await chinedu.request("POST", `/api/projects/${projectId}/messages`, { message: text })).status).toBe(
        201,
      );
      await adminSocket.next((f) => f.type === "change" && f.row?.message === text, 5_000);
      // A connection over a Unix socket has no client address.
      const overSocket = await first.db.execute<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and client_addr is null`,
      );
      expect(overSocket.rows[0]?.count).toBeGreaterThan(0);
    } finally {
      await third.close();
    }
  });
});
