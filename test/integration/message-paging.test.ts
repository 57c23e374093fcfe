import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessages, createProject } from "../support/project-factory";
import { type Client, startTestServer, type TestServer } from "../support/server";

/**
 * A project's thread a page at a time: newest first by (created_at desc, id
 * desc), `next` naming where the following (older) page starts.
 */
const CLIENT = "chinedu@ezefoods.test";
let server: TestServer;
let client: Client;
let projectId: string;
/** Oldest first: 7 a second apart, then 3 sharing the newest one's instant (ordered among themselves by id). */
let ids: string[];

type Page = { items: { id: string; message: string }[]; next: string | null };
const path = (query = "") => `/api/projects/${projectId}/messages${query}`;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signIn(CLIENT);
  projectId = await createProject(server.db, { clientEmail: CLIENT });
  ids = await createMessages(server.db, projectId, CLIENT, 7, 3);
});
afterAll(async () => {
  await server?.close();
});

describe("GET /api/projects/:id/messages", () => {
  it("answers the newest page first, with a cursor to the older ones", async () => {
    const response = await client.request("GET", path("?limit=4"));
    expect(response.status).toBe(200);
    const page = response.json as Page;
    expect(page.items.map((item) => item.id)).toEqual(ids.slice(-4).reverse());
    expect(page.next).toEqual(expect.any(String));
  });

  it("walks older pages by cursor to the first message, with no overlap and no gap", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=4&cursor=${encodeURIComponent(cursor)}` : "?limit=4";
      const page = (await client.request("GET", path(query))).json as Page;
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it("a message sent after the first page does not shift the older pages", async () => {
    const first = (await client.request("GET", path("?limit=5"))).json as Page;
    await client.request("POST", path(), { message: "A new one" });
    const older = (await client.request("GET", path(`?limit=5&cursor=${first.next}`))).json as Page;
    expect(older.items.map((item) => item.id)).toEqual(ids.slice(0, 5).reverse());
    expect(older.next).toBeNull();
  });

  it("defaults to pages of 50 and caps the limit at 100", async () => {
    const page = (await client.request("GET", path())).json as Page;
    expect(page.items.length).toBe(ids.length + 1);
    expect(page.next).toBeNull();
    expect((await client.request("GET", path("?limit=101"))).status).toBe(400);
    expect((await client.request("GET", path("?limit=0"))).status).toBe(400);
  });

  it("refuses a cursor that is not one with 400 naming it", async () => {
    const response = await client.request("GET", path("?cursor=not-a-cursor"));
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty("cursor");
    expect((await client.request("GET", path("?page=2"))).status).toBe(400);
  });

  it("a cursor from another project's thread names no position here: an empty page", async () => {
    const other = await createProject(server.db, { clientEmail: CLIENT });
    const [otherId] = await createMessages(server.db, other, CLIENT, 1);
    const cursor = Buffer.from(otherId ?? "").toString("base64url");
    const page = (await client.request("GET", path(`?cursor=${cursor}`))).json as Page;
    expect(page).toEqual({ items: [], next: null });
  });

  it("answers 404 to a client who is not on the project", async () => {
    const outsider = await server.signIn("amaka@bellofashion.test");
    expect((await outsider.request("GET", path("?limit=4"))).status).toBe(404);
  });

  it("reads a page from the thread's index in its order, with no sort step", async () => {
    // Planner settings are per session: run in one transaction so they stay on its connection.
    const plan = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select m.id from project_messages m
        where m.project_id = ${projectId}
          and (m.created_at, m.id) < (select c.created_at, c.id from project_messages c where c.id = ${ids[5]} and c.project_id = ${projectId})
        order by m.created_at desc, m.id desc limit 51`);
      return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("project_messages_project_created_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
