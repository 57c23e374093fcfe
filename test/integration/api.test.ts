import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../common/domain";
import { NO_USER_LOGGED_IN } from "../../common/messages";
import { auditLog, projectMessages, projects, users } from "../../server/db/schema";
import { activeProjectId, type Client, dbKind, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let chinedu: Client;
let amaka: Client;
let tunde: Client;
let ngozi: Client;
let admin: Client;
/** Chinedu's active project (tunde is assigned) and Amaka's active one. */
let chineduProject: string;
let amakaProject: string;

async function projectIdsOf(email: string) {
  const rows = await server.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(eq(users.email, email));
  return rows;
}

async function messageCount(projectId: string) {
  return (await server.db.select().from(projectMessages).where(eq(projectMessages.projectId, projectId))).length;
}

beforeAll(async () => {
  server = await startTestServer();
  [chinedu, amaka, tunde, ngozi, admin] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("amaka@bellofashion.test"),
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("ngozi@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
  ]);
  chineduProject = await activeProjectId(server.db, "chinedu@ezefoods.test");
  amakaProject = await activeProjectId(server.db, "amaka@bellofashion.test");
});
afterAll(async () => {
  await server?.close();
});

describe("health and docs", () => {
  it("reports ok and the database in use", async () => {
    const response = await server.client().request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ status: "ok", db: dbKind });
  });

  it("publishes the OpenAPI document with the product's routes", async () => {
    const response = await server.client().request("GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    expect(Object.keys(response.json.paths)).toEqual(
      expect.arrayContaining(["/api/me", "/api/projects", "/api/projects/{projectId}/messages"]),
    );
    expect(response.json.paths["/api/projects/{projectId}/messages"]).toHaveProperty("post");
  });

  it("serves the API docs page", async () => {
    const response = await fetch(`${server.url}/api/docs`, { redirect: "follow" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<html/i);
  });

  it("answers unknown API routes with 404 in the error shape", async () => {
    const response = await server.client().request("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe("not_found");
  });
});

describe("/api/me", () => {
  it("answers 401 in the error shape when signed out", async () => {
    const response = await server.client().request("GET", "/api/me");
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
  });

  it("returns the profile and role", async () => {
    const response = await admin.request("GET", "/api/me");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: "admin@lagosstudio.test", role: "admin", fullName: "Adaeze Okafor" });
  });

  it("updates full name and company name, trimmed, and the change is seen at once", async () => {
    const kunle = await server.signIn("kunle@adeyemilogistics.test");
    const response = await kunle.request("PATCH", "/api/me", {
      fullName: "  Kunle A. Adeyemi ",
      companyName: "Adeyemi Logistics Ltd",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ fullName: "Kunle A. Adeyemi", companyName: "Adeyemi Logistics Ltd" });
    expect((await kunle.request("GET", "/api/me")).json.fullName).toBe("Kunle A. Adeyemi");

    const cleared = await kunle.request("PATCH", "/api/me", { companyName: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.json.companyName).toBeNull();
    expect(cleared.json.fullName).toBe("Kunle A. Adeyemi");
  });

  it("audits an administrator's own rename, as Staff's edit does; a client's is not audited", async () => {
    const adminId = (await admin.request("GET", "/api/me")).json.id;
    const entries = () =>
      server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "staff"), eq(auditLog.entityId, adminId)));
    const before = (await entries()).length;
    expect((await admin.request("PATCH", "/api/me", { fullName: "Adaeze O. Okafor" })).status).toBe(200);
    expect((await admin.request("PATCH", "/api/me", { fullName: "Adaeze Okafor" })).status).toBe(200);
    const written = (await entries()).slice(before);
    expect(written.map((entry) => [entry.action, entry.actorId, entry.details])).toEqual([
      ["staff.update", adminId, { before: { fullName: "Adaeze Okafor" }, after: { fullName: "Adaeze O. Okafor" } }],
      ["staff.update", adminId, { before: { fullName: "Adaeze O. Okafor" }, after: { fullName: "Adaeze Okafor" } }],
    ]);
    // Saved unchanged (the company only), nothing is audited.
    expect((await admin.request("PATCH", "/api/me", { fullName: "Adaeze Okafor" })).status).toBe(200);
    expect(await entries()).toHaveLength(before + 2);
    const audited = await server.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect((await amaka.request("PATCH", "/api/me", { companyName: "Bello Fashion House" })).status).toBe(200);
    expect(await server.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(audited);
  });

  it.each([
    ["role", { role: "admin" }],
    ["email", { email: "someone@else.test" }],
    ["emailVerified", { emailVerified: false }],
    ["nickname", { nickname: "Amy" }],
  ])("rejects %s with 400 and writes nothing", async (field, body) => {
    const before = (await amaka.request("GET", "/api/me")).json;
    const response = await amaka.request("PATCH", "/api/me", { fullName: "Changed Name", ...body });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("validation_failed");
    expect(JSON.stringify(response.json.error)).toContain(field);
    const [row] = await server.db.select().from(users).where(eq(users.email, "amaka@bellofashion.test"));
    expect(row).toMatchObject({ role: "client", fullName: before.fullName, email: "amaka@bellofashion.test" });
  });

  it.each([
    ["an empty full name", { fullName: "" }],
    ["a blank full name", { fullName: "   " }],
    ["a number", { fullName: 42 }],
    ["nothing", {}],
  ])("rejects %s with 400", async (_label, body) => {
    const response = await amaka.request("PATCH", "/api/me", body);
    expect(response.status).toBe(400);
    expect(response.json.error.message).toEqual(expect.any(String));
    const [row] = await server.db.select().from(users).where(eq(users.email, "amaka@bellofashion.test"));
    expect(row?.fullName).toBe("Amaka Bello");
  });

  it("names the field of a bad full name", async () => {
    const response = await amaka.request("PATCH", "/api/me", { fullName: "" });
    expect(response.json.error.fields).toHaveProperty("fullName");
  });

  it("answers 401 to PATCH when signed out, with the spec's text", async () => {
    const response = await server.client().request("PATCH", "/api/me", { fullName: "Ghost" });
    expect(response.status).toBe(401);
    expect(response.json.error.message).toBe(NO_USER_LOGGED_IN);
  });
});

describe("projects", () => {
  const ids = (response: { json: { items: { id: string }[] } }) =>
    response.json.items.map((project) => project.id).sort();

  it("lists only the client's own projects", async () => {
    const response = await chinedu.request("GET", "/api/projects");
    expect(response.status).toBe(200);
    const own = (await projectIdsOf("chinedu@ezefoods.test")).map((row) => row.id).sort();
    expect(own).toHaveLength(2);
    expect(ids(response)).toEqual(own);
    expect(response.json.items.every((project: { clientName: string }) => project.clientName === "Chinedu Eze")).toBe(
      true,
    );
    expect(response.json.next).toBeNull();
  });

  it("lists only the projects a developer is assigned to", async () => {
    const response = await tunde.request("GET", "/api/projects");
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([chineduProject, amakaProject].sort());
  });

  it("lists every project for an administrator, newest first", async () => {
    const response = await admin.request("GET", "/api/projects");
    expect(response.status).toBe(200);
    expect(response.json.items).toHaveLength((await server.db.select().from(projects)).length);
    const created = response.json.items.map((project: { createdAt: string }) => Date.parse(project.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("filters by status and limit, and rejects unknown query parameters", async () => {
    const active = await admin.request("GET", "/api/projects?status=active");
    expect(active.json.items.length).toBeGreaterThan(0);
    expect(active.json.items.every((project: { status: string }) => project.status === "active")).toBe(true);
    expect((await admin.request("GET", "/api/projects?limit=1")).json.items).toHaveLength(1);
    expect((await admin.request("GET", "/api/projects?status=archived")).status).toBe(400);
    expect((await admin.request("GET", "/api/projects?limit=0")).status).toBe(400);
    expect((await admin.request("GET", "/api/projects?clientId=x")).status).toBe(400);
  });

  it("answers 401 when signed out", async () => {
    expect((await server.client().request("GET", "/api/projects")).status).toBe(401);
  });

  it("shows a project to its client, its developer and admins", async () => {
    for (const viewer of [chinedu, tunde, admin]) {
      const response = await viewer.request("GET", `/api/projects/${chineduProject}`);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ id: chineduProject, clientName: "Chinedu Eze" });
    }
  });

  it("answers 404, not 403, for another client's project and for a developer not on it", async () => {
    for (const viewer of [amaka, ngozi]) {
      const response = await viewer.request("GET", `/api/projects/${chineduProject}`);
      expect(response.status).toBe(404);
      expect(response.json.error.code).toBe("not_found");
    }
    // Indistinguishable from a project that does not exist.
    const missing = await amaka.request("GET", "/api/projects/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual((await amaka.request("GET", `/api/projects/${chineduProject}`)).json);
  });

  it("answers 400 for a malformed id", async () => {
    const response = await chinedu.request("GET", "/api/projects/not-a-uuid");
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty(["params.projectId"]);
  });
});

describe("project messages", () => {
  const path = () => `/api/projects/${chineduProject}/messages`;

  it("sends a trimmed message and lists the thread newest first, a page at a time", async () => {
    const response = await chinedu.request("POST", path(), { message: "   When is the next demo?  \n" });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      projectId: chineduProject,
      message: "When is the next demo?",
      authorName: "Chinedu Eze",
      authorRole: "client",
    });
    const [row] = await server.db.select().from(projectMessages).where(eq(projectMessages.id, response.json.id));
    expect(row?.message).toBe("When is the next demo?");

    const thread = await chinedu.request("GET", path());
    expect(thread.status).toBe(200);
    expect(thread.json.items[0]).toMatchObject({ id: response.json.id });
    const created = thread.json.items.map((message: { createdAt: string }) => Date.parse(message.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("lets the assigned developer and an admin post; the author is taken from the session", async () => {
    const fromTunde = await tunde.request("POST", path(), { message: "Demo is on Friday." });
    expect(fromTunde.status).toBe(201);
    expect(fromTunde.json).toMatchObject({ authorName: "Tunde Bakare", authorRole: "developer" });
    const fromAdmin = await admin.request("POST", path(), { message: "Confirmed." });
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.json.authorRole).toBe("admin");
  });

  it("answers a send repeated with its id (its answer was lost) with the message it is: sent once, counted once", async () => {
    const id = randomUUID();
    const unread = async () => (await tunde.request("GET", "/api/unread")).json.total as number;
    const before = { messages: await messageCount(chineduProject), unread: await unread() };
    const first = await chinedu.request("POST", path(), { id, message: "Sent twice, shown once" });
    expect(first.status).toBe(201);
    expect(first.json.id).toBe(id);
    const again = await chinedu.request("POST", path(), { id, message: "Sent twice, shown once" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await messageCount(chineduProject)).toBe(before.messages + 1);
    expect(await unread()).toBe(before.unread + 1);
    // The id is that message's: nobody else answers with it, nor sends it to another project.
    const taken = await tunde.request("POST", path(), { id, message: "Mine now?" });
    expect(taken.status).toBe(409);
    expect((await chinedu.request("POST", path(), { id: "not-a-uuid", message: "Hi" })).status).toBe(400);
    expect(await messageCount(chineduProject)).toBe(before.messages + 1);

    // Two sends of one message at once (a Retry while the first is still on its way): one is sent, the other answered with it.
    const both = randomUUID();
    const sends = await Promise.all(
      [0, 1].map(() => chinedu.request("POST", path(), { id: both, message: "Sent at once, twice" })),
    );
    expect(sends.map((send) => send.status).sort()).toEqual([200, 201]);
    expect(await messageCount(chineduProject)).toBe(before.messages + 2);
  });

  it("refuses another client and an unassigned developer with 404, writing nothing", async () => {
    const before = await messageCount(chineduProject);
    for (const outsider of [amaka, ngozi]) {
      expect((await outsider.request("POST", path(), { message: "Let me in" })).status).toBe(404);
      expect((await outsider.request("GET", path())).status).toBe(404);
    }
    expect(await messageCount(chineduProject)).toBe(before);
    // And a client cannot reach another's thread by posting to it either.
    expect((await chinedu.request("POST", `/api/projects/${amakaProject}/messages`, { message: "Hi" })).status).toBe(
      404,
    );
  });

  it("answers 401 when signed out", async () => {
    expect((await server.client().request("POST", path(), { message: "Hi" })).status).toBe(401);
    expect((await server.client().request("GET", path())).status).toBe(401);
  });

  it.each([
    ["whitespace only", { message: " \n\t " }],
    ["empty", { message: "" }],
    [`over ${MESSAGE_MAX_LENGTH} characters`, { message: "x".repeat(MESSAGE_MAX_LENGTH + 1) }],
    ["a number", { message: 42 }],
    ["null", { message: null }],
    ["missing", {}],
    ["an extra field", { message: "Hi", userId: "someone-else" }],
  ])("rejects a message that is %s with 400 and fields, writing nothing", async (_label, body) => {
    const before = await messageCount(chineduProject);
    const response = await chinedu.request("POST", path(), body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("validation_failed");
    expect(Object.keys(response.json.error.fields ?? {}).length).toBeGreaterThan(0);
    expect(await messageCount(chineduProject)).toBe(before);
  });

  it("accepts exactly the maximum length", async () => {
    const response = await chinedu.request("POST", path(), { message: "y".repeat(MESSAGE_MAX_LENGTH) });
    expect(response.status).toBe(201);
  });

  it("answers 413 in the error shape for a body over 64 KB", async () => {
    const response = await chinedu.request("POST", path(), { message: "z".repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(response.json.error.code).toBe("payload_too_large");
  });

  it("answers 400 invalid_json for malformed JSON", async () => {
    const response = await chinedu.request("POST", path(), '{"message": "unterminated');
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("invalid_json");
  });

  it("answers 415 in the error shape for a non-JSON body", async () => {
    const response = await chinedu.request("POST", path(), "message=hi", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.json.error.code).toBe("unsupported_media_type");
  });

  it("writes the author from the session, never from the body", async () => {
    const response = await chinedu.request("POST", path(), { message: "Signed by me" });
    const [row] = await server.db
      .select({ userId: projectMessages.userId })
      .from(projectMessages)
      .innerJoin(users, eq(users.id, projectMessages.userId))
      .where(and(eq(projectMessages.id, response.json.id), eq(users.email, "chinedu@ezefoods.test")));
    expect(row).toBeDefined();
  });
});
