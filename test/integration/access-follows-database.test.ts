import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { createClientWithPassword } from "../support/clients";
import { liveSockets } from "../support/live";
import { newPerson } from "../support/portal";
import { activeProjectId, type Client, dbKind, sleep, startTestServer, type TestServer } from "../support/server";

/**
 * Access follows the database, not a cache: a session deleted or a role
 * changed with plain SQL (no API call, so nothing in the server knows) reaches
 * REST and every open live socket within a second.
 */
const WITHIN_MS = 1_000;

let server: TestServer;
const sockets = liveSockets(() => server.url);

const live = (from: Client) => sockets.open(from);

/** Polls `check` until it returns true or `WITHIN_MS` passes; returns how long it took. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < WITHIN_MS) {
    if (await check()) return Date.now() - started;
    await sleep(25);
  }
  throw new Error(`not within ${WITHIN_MS} ms`);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("access follows the database", () => {
  it("a session deleted with SQL signs that person out of REST and closes their socket", async () => {
    const client = await server.signIn("kunle@adeyemilogistics.test");
    expect((await client.request("GET", "/api/me")).status).toBe(200); // now cached
    const socket = await live(client);
    const [user] = await server.db.select().from(users).where(eq(users.email, "kunle@adeyemilogistics.test"));
    if (!user) throw new Error("demo client missing");

    await server.db.execute(sql`delete from ${sessions} where ${sessions.userId} = ${user.id}`);

    await within(async () => (await client.request("GET", "/api/me")).status === 401);
    const code = await Promise.race([socket.closed, sleep(WITHIN_MS).then(() => "still open")]);
    expect(code).toBe(4401);
  });

  it("a role changed with SQL reaches REST at once and ends subscriptions the new role may not hold", async () => {
    const developer = await server.signIn("tunde@lagosstudio.test");
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const key = ["projects", projectId, "messages"];
    expect((await developer.request("GET", "/api/me")).json.role).toBe("developer");
    const socket = await live(developer);
    expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });

    await server.db.execute(sql`update ${users} set role = 'client' where email = 'tunde@lagosstudio.test'`);

    await within(async () => (await developer.request("GET", "/api/me")).json.role === "client");
    // A client who is not this project's owner may not read its thread: the subscription is gone.
    const admin = await server.signIn("admin@lagosstudio.test");
    await sleep(200);
    const text = `after the demotion ${Date.now()}`;
    expect((await admin.request("POST", `/api/projects/${projectId}/messages`, { message: text })).status).toBe(201);
    await sleep(500);
    expect(socket.frames.some((frame) => frame.type === "change")).toBe(false);
  });

  it("a profile saved through the API is announced once to each of the person's open tabs", async () => {
    // The route drops the cache itself, and the users trigger and the route's broadcast come back
    // from the database as well: three invalidations, one "profile" per socket.
    const tag = `af${randomUUID().slice(0, 6)}`;
    const email = `${tag}@example.test`;
    await createClientWithPassword(
      server.db,
      { fullName: `${tag} Before`, email, companyName: null },
      "Kestrel#Harbour42",
    );
    const client = await server.signIn(email, "Kestrel#Harbour42");
    const tabs = [await live(client), await live(client)];

    const saved = await client.request("PATCH", "/api/me", { fullName: `${tag} After` });
    expect(saved.status).toBe(200);
    for (const tab of tabs) await tab.next((frame) => frame.type === "profile");
    await sleep(500);
    for (const tab of tabs) expect(tab.frames.filter((frame) => frame.type === "profile")).toHaveLength(1);
  });
});

describe.runIf(dbKind === "postgres")("while the database's notifications are lost", () => {
  it("a role changed unheard reaches the person's open socket once they are back, and every tab reads its keys again", async () => {
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const key = ["projects", projectId, "messages"];
    const demoted = await newPerson(server, "admin");
    const demotedSocket = await live(demoted.client);
    expect(await demotedSocket.subscribe(key)).toMatchObject({ type: "subscribed" });
    const control = await live(await server.signIn("admin@lagosstudio.test"));
    expect(await control.subscribe(key)).toMatchObject({ type: "subscribed" });

    // Ends this server's listener connection, as a database restart would: the users trigger's notice of
    // the demotion below, made by another process in effect (plain SQL), is lost.
    const ended = await server.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`);
    expect(ended.rows.length).toBeGreaterThan(0);
    await server.db.execute(sql`update ${users} set role = 'client' where id = ${demoted.id}`);

    // Connected again (RECONNECT_MS), the server re-checks every socket: the demoted one is told to
    // read its person again and loses the thread a client who does not own the project may not read.
    await demotedSocket.next((frame) => frame.type === "profile", 5_000);
    // Changes made meanwhile were never pushed: each tab is told to read its keys again.
    await control.next((frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key));
    const admin = await server.signIn("admin@lagosstudio.test");
    const text = `after the unheard demotion ${Date.now()}`;
    expect((await admin.request("POST", `/api/projects/${projectId}/messages`, { message: text })).status).toBe(201);
    await control.next((frame) => frame.type === "change" && frame.row?.message === text);
    expect(demotedSocket.frames.some((frame) => frame.type === "change")).toBe(false);
  });
});
