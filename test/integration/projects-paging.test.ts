import { gunzipSync } from "node:zlib";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectDevelopers, projects, users } from "../../server/db/schema";
import { COMPRESS_MIN_BYTES } from "../../server/http/compress";
import { addProjects } from "../support/projects";
import { type Client, startTestServer, type TestServer } from "../support/server";

/** GET /api/projects a page at a time (the cursor), the scope of each role, and compressed API answers. */

let server: TestServer;
let chinedu: Client;
let tunde: Client;
let ngozi: Client;
let admin: Client;
let amaka: Client;
/** The projects this file adds (the demo's stay as they are). */
let added: string[] = [];

/** Every id of the list, following `next` until it is null; fails on a repeated id. */
async function allPages(client: Client, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await client.request(
      "GET",
      `/api/projects?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(response.status).toBe(200);
    ids.push(...response.json.items.map((project: { id: string }) => project.id));
    cursor = response.json.next;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, pages };
}

/** What the list must hold, in its order (created_at desc, id desc), straight from the database. */
async function expected(where?: SQL) {
  const rows = await server.db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => row.id);
}

/**
 * What a searched list must hold, in title order: the lowered titles' bytes (text_pattern_ops),
 * ties by id, sorted here rather than by the database.
 */
async function expectedByTitle(where: SQL) {
  const rows = await server.db.select({ id: projects.id, title: projects.title }).from(projects).where(where);
  const key = (row: { id: string; title: string }) => [Buffer.from(row.title.toLowerCase()), Buffer.from(row.id)];
  return rows
    .sort((a, b) => {
      const [aTitle, aId] = key(a) as [Buffer, Buffer];
      const [bTitle, bId] = key(b) as [Buffer, Buffer];
      return Buffer.compare(aTitle, bTitle) || Buffer.compare(aId, bId);
    })
    .map((row) => row.id);
}

async function idOf(email: string) {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  added = await addProjects(server.db, {
    clientEmail: "chinedu@ezefoods.test",
    count: 23,
    developerEmail: "tunde@lagosstudio.test",
    assignEvery: 2,
  });
  added.push(
    ...(await addProjects(server.db, {
      clientEmail: "amaka@bellofashion.test",
      count: 15,
      title: "Amaka paged",
      from: new Date("2025-07-01T09:00:00Z"),
      developerEmail: "tunde@lagosstudio.test",
      assignEvery: 3,
    })),
  );
  [chinedu, tunde, ngozi, admin, amaka] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("ngozi@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
    server.signIn("amaka@bellofashion.test"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe("GET /api/projects by cursor", () => {
  it("gives a client every own project once, newest first, ties broken by id", async () => {
    const { ids, pages } = await allPages(chinedu, "limit=4");
    expect(ids).toEqual(await expected(eq(projects.clientId, await idOf("chinedu@ezefoods.test"))));
    expect(ids.length).toBe(25);
    expect(pages).toBe(7);
  });

  it("gives a developer the projects they are assigned to, from their assignments, across clients", async () => {
    const tundeId = await idOf("tunde@lagosstudio.test");
    const assigned = server.db
      .select({ id: projectDevelopers.projectId })
      .from(projectDevelopers)
      .where(eq(projectDevelopers.developerId, tundeId));
    const { ids } = await allPages(tunde, "limit=5");
    expect(ids).toEqual(await expected(inArray(projects.id, assigned)));
    // The demo's two, twelve of Chinedu's 23 and five of Amaka's 15.
    expect(ids.length).toBe(2 + 12 + 5);
    // Filtered by status, across pages: the assignments joined to their projects for the filter.
    const completed = await expected(and(inArray(projects.id, assigned), eq(projects.status, "completed")));
    expect(completed.length).toBeGreaterThan(3);
    expect((await allPages(tunde, "limit=3&status=completed")).ids).toEqual(completed);
    // Ngozi is on none of the new ones: her list stays the demo's.
    const ngoziIds = (await allPages(ngozi, "limit=2")).ids;
    expect(ngoziIds.some((id) => added.includes(id))).toBe(false);
    expect(ngoziIds.length).toBe(3);
  });

  it("gives an administrator every project, and filters by status across pages", async () => {
    expect((await allPages(admin, "limit=9")).ids).toEqual(await expected());
    expect((await allPages(admin, "limit=5&status=completed")).ids).toEqual(
      await expected(eq(projects.status, "completed")),
    );
  });

  it("searches by the start of the title, in any case, in title order, within each viewer's projects, across pages and with a status", async () => {
    const titled = (prefix: string) => sql`lower(${projects.title}) like ${`${prefix}%`}`;
    const amakas = await expectedByTitle(titled("amaka paged"));
    expect(amakas.length).toBe(15);
    // Title order, not newest first: "Amaka paged 1", "10" to "15", then "2".
    expect(amakas).not.toEqual(await expected(titled("amaka paged")));
    expect((await allPages(admin, "limit=4&q=Amaka%20pag")).ids).toEqual(amakas);
    expect((await allPages(admin, "limit=4&q=%20AMAKA%20PAGED%20")).ids).toEqual(amakas);
    expect((await allPages(admin, "limit=2&q=amaka&status=completed")).ids).toEqual(
      await expectedByTitle(and(titled("amaka"), eq(projects.status, "completed")) as SQL),
    );
    // "Paged project 1", 10 to 19: the prefix, not the number.
    expect((await allPages(admin, "limit=3&q=paged%20project%201")).ids).toEqual(
      await expectedByTitle(titled("paged project 1")),
    );
    // Titles alike but for case, across pages: each once, in order of id.
    const [amakaId] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "amaka@bellofashion.test"));
    const twins = await server.db
      .insert(projects)
      .values(
        ["Twin title", "TWIN TITLE", "twin title", "Twin Title", "twin title"].map((title) => ({
          title,
          clientId: amakaId?.id as string,
        })),
      )
      .returning({ id: projects.id });
    const twinIds = twins.map((row) => row.id).sort();
    expect((await allPages(admin, "limit=2&q=twin")).ids).toEqual(twinIds);
    expect((await allPages(amaka, "limit=3&q=twin%20title")).ids).toEqual(twinIds);
    // A developer finds only the ones they are on; a client only their own.
    const tundeId = await idOf("tunde@lagosstudio.test");
    const assigned = server.db
      .select({ id: projectDevelopers.projectId })
      .from(projectDevelopers)
      .where(eq(projectDevelopers.developerId, tundeId));
    const tundes = await expectedByTitle(and(titled("amaka paged"), inArray(projects.id, assigned)) as SQL);
    expect(tundes.length).toBe(5);
    expect((await allPages(tunde, "limit=2&q=amaka")).ids).toEqual(tundes);
    // Retitled by any writer, a project moves in a developer's search at once (their assignments'
    // copy of the title, kept by migration 0037's triggers).
    const [retitled, ...others] = tundes;
    await server.db
      .update(projects)
      .set({ title: "Zebra retitled" })
      .where(eq(projects.id, retitled as string));
    expect((await allPages(tunde, "q=ZEBRA")).ids).toEqual([retitled]);
    expect((await allPages(tunde, "limit=2&q=amaka")).ids).toEqual(others);
    expect((await allPages(chinedu, "q=amaka")).ids).toEqual([]);
    // LIKE's wildcards are plain characters: "%" matches no title.
    expect((await allPages(admin, "q=%25")).ids).toEqual([]);
    const long = await admin.request("GET", `/api/projects?q=${"x".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe("Search for at most 100 characters.");
  });

  it("a page ends with next null, and the default page is 50", async () => {
    const response = await admin.request("GET", "/api/projects");
    expect(response.json.items.length).toBe(Math.min(50, (await expected()).length));
    const last = await chinedu.request("GET", "/api/projects?limit=100");
    expect(last.json.next).toBeNull();
  });

  it("a cursor from someone else's list reveals nothing of theirs", async () => {
    const adminPage = await admin.request("GET", "/api/projects?limit=1");
    const response = await chinedu.request(
      "GET",
      `/api/projects?limit=100&cursor=${encodeURIComponent(adminPage.json.next)}`,
    );
    expect(response.status).toBe(200);
    const chineduId = await idOf("chinedu@ezefoods.test");
    expect(response.json.items.every((project: { clientId: string }) => project.clientId === chineduId)).toBe(true);
  });

  it("rejects a bad cursor, limit or status with a clear 400", async () => {
    const bad = await admin.request("GET", "/api/projects?cursor=not-a-cursor");
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.cursor).toBeTruthy();
    expect((await admin.request("GET", "/api/projects?limit=101")).status).toBe(400);
    expect((await admin.request("GET", "/api/projects?status=archived")).status).toBe(400);
  });

  it("answers 401 when signed out", async () => {
    expect((await server.client().request("GET", "/api/projects")).status).toBe(401);
  });
});

describe("API compression", () => {
  it("compresses a large JSON answer with gzip when asked, and with br when offered", async () => {
    const gzip = await fetch(`${server.url}/api/projects?limit=100`, {
      headers: { cookie: admin.cookieHeader(), "accept-encoding": "gzip" },
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toMatch(/accept-encoding/i);
    // fetch decodes it: the body is the same JSON as uncompressed.
    const plain = await admin.request("GET", "/api/projects?limit=100", undefined, {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(await gzip.json()).toEqual(plain.json);

    const br = await admin.request("GET", "/api/projects?limit=100", undefined, {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.json).toEqual(plain.json);
    const refused = await admin.request("GET", "/api/projects?limit=100", undefined, {
      headers: { "accept-encoding": "br;q=0, gzip" },
    });
    expect(refused.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends gzip bytes that gunzip to the JSON", async () => {
    const response = await fetch(`${server.url}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // Undici decodes the body; the raw bytes are checked with node's own gunzip through a second request.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(`${server.url}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
          res.on("error", reject);
        }).on("error", reject),
      );
    });
    expect(JSON.parse(gunzipSync(raw).toString("utf8")).openapi).toBeTruthy();
    expect(await response.json()).toHaveProperty("paths");
  });

  it("leaves small answers and errors as they are", async () => {
    const me = await chinedu.request("GET", "/api/me", undefined, { headers: { "accept-encoding": "gzip, br" } });
    expect(me.status).toBe(200);
    expect(me.text.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(me.headers.get("content-encoding")).toBeNull();
    const signedOut = await server
      .client()
      .request("GET", "/api/projects", undefined, { headers: { "accept-encoding": "gzip" } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("content-encoding")).toBeNull();
  });
});

describe("projects data", () => {
  it("status filter and cursor combine in one query for a client", async () => {
    const chineduId = await idOf("chinedu@ezefoods.test");
    const { ids } = await allPages(chinedu, "limit=3&status=active");
    expect(ids).toEqual(await expected(and(eq(projects.clientId, chineduId), eq(projects.status, "active"))));
  });
});
