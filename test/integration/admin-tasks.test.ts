import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNEE_OPTIONS_LIMIT, TASK_PROJECT_OPTIONS_LIMIT } from "../../common/admin-money";
import { EDITED_MEANWHILE } from "../../common/schemas";
import { auditLog, projects, tasks, users } from "../../server/db/schema";
import { type LiveFrame, type LiveSocket, openLive } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createTask } from "../support/tasks";
import { versionOf } from "../support/versions";

/** Admin › Tasks (issue #7): create, edit, delete (audited, in the write's transaction, published), filters, paging. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;
let devId: string;
let otherDevId: string;
let projectId: string;

const ADMIN = "admin@lagosstudio.test";
const DEV = "tunde@lagosstudio.test";
const OTHER_DEV = "ngozi@lagosstudio.test";
const CLIENT = "chinedu@ezefoods.test";
const TAG = `tk${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([server.signIn(ADMIN), server.signIn(CLIENT), server.signIn(DEV)]);
  [adminId, devId, otherDevId] = await Promise.all([
    userIdOf(server.db, ADMIN),
    userIdOf(server.db, DEV),
    userIdOf(server.db, OTHER_DEV),
  ]);
  projectId = await createProject(server.db, { clientEmail: CLIENT, developerEmails: [DEV] });
});
afterAll(async () => {
  await server?.close();
});

const auditRows = (entityId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "task"), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

describe("who may use the admin task routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route", async () => {
    const id = await createTask(server.db, { creatorEmail: ADMIN, assigneeEmail: DEV });
    const body = { title: "Not allowed" };
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/tasks/assignee-options"],
      ["GET", "/api/admin/tasks/project-options"],
      ["POST", "/api/admin/tasks", body],
      ["PUT", `/api/admin/tasks/${id}`, { ...body, expectedUpdatedAt: await versionOf(server.db, tasks, id) }],
      ["DELETE", `/api/admin/tasks/${id}`],
    ];
    for (const [method, path, payload] of routes) {
      expect((await server.client().request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
      // The developer is the task's assignee: still not theirs to edit or delete.
      expect((await developer.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
    }
    const [still] = await server.db.select().from(tasks).where(eq(tasks.id, id));
    expect(still?.title).not.toBe("Not allowed");
    expect(await auditRows(id)).toEqual([]);
  });
});

describe("POST /api/admin/tasks", () => {
  it("creates with defaults todo and medium, empty assignee, project and due date stored as null, audited", async () => {
    const response = await admin.request("POST", "/api/admin/tasks", {
      title: `  ${TAG} bare  `,
      description: "",
      assignedTo: "",
      projectId: "",
      dueDate: "",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      title: `${TAG} bare`,
      status: "todo",
      priority: "medium",
      assignedTo: null,
      projectId: null,
      dueDate: null,
    });
    const [row] = await server.db.select().from(tasks).where(eq(tasks.id, response.json.id));
    // The creator is the actor, set by the server (the view does not carry it: no screen shows it).
    expect(row).toMatchObject({
      assignedTo: null,
      projectId: null,
      dueDate: null,
      description: "",
      createdBy: adminId,
    });
    const [audit] = await auditRows(response.json.id);
    expect(audit).toMatchObject({ actorId: adminId, action: "task.create" });
    expect(audit?.details).toMatchObject({ before: null, after: { title: `${TAG} bare`, assignedTo: null } });
  });

  it("creates with every field set", async () => {
    const response = await admin.request("POST", "/api/admin/tasks", {
      title: `${TAG} full`,
      description: "All the things",
      status: "review",
      priority: "urgent",
      assignedTo: devId,
      projectId,
      dueDate: "2031-02-03",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      status: "review",
      priority: "urgent",
      assignedTo: devId,
      projectId,
      dueDate: "2031-02-03",
      assigneeName: expect.any(String),
      projectTitle: expect.any(String),
    });
  });

  it("refuses a missing title, a bad status or priority, a client as assignee, an unknown project, extra fields", async () => {
    const cases: [unknown, string][] = [
      [{ title: "   " }, "title"],
      [{}, "title"],
      [{ title: "x", status: "done" }, "status"],
      [{ title: "x", priority: "whenever" }, "priority"],
      [{ title: "x", assignedTo: await userIdOf(server.db, CLIENT) }, "assignedTo"],
      [{ title: "x", projectId: randomUUID() }, "projectId"],
      [{ title: "x", dueDate: "next week" }, "dueDate"],
      [{ title: "x", createdBy: devId }, "createdBy"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.request("POST", "/api/admin/tasks", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it("finds no task assigned to a client, the demo data's included, so every task can be saved as it is", async () => {
    const onClients = await server.db.execute(
      sql`select t.title from tasks t join users u on u.id = t.assigned_to where u.role = 'client'`,
    );
    expect(onClients.rows).toEqual([]);
  });

  it("writes the audit row in the task's transaction: a write that fails at commit leaves neither", async () => {
    // A deferred constraint trigger fails the transaction at COMMIT, after the task and the audit row were written.
    await server.db.execute(sql`create or replace function test_fail_task() returns trigger language plpgsql as $$
      begin if new.title like '%FAILS AT COMMIT%' then raise exception 'refused by the test'; end if; return new; end $$`);
    await server.db.execute(sql`create constraint trigger test_fail_task after insert or update on tasks
      deferrable initially deferred for each row execute function test_fail_task()`);
    try {
      const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      const title = `${TAG} FAILS AT COMMIT`;
      const response = await admin.request("POST", "/api/admin/tasks", { title });
      expect(response.status).toBe(500);
      expect(await server.db.select().from(tasks).where(eq(tasks.title, title))).toEqual([]);
      const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      expect(after[0]?.n).toBe(before[0]?.n);
      // An edit the same: the task keeps its old fields, and no audit row is added.
      const id = await createTask(server.db, { creatorEmail: ADMIN, title: `${TAG} kept` });
      const version = await versionOf(server.db, tasks, id);
      expect((await admin.request("PUT", `/api/admin/tasks/${id}`, { title, expectedUpdatedAt: version })).status).toBe(
        500,
      );
      const [kept] = await server.db.select().from(tasks).where(eq(tasks.id, id));
      expect(kept?.title).toBe(`${TAG} kept`);
      expect(await auditRows(id)).toEqual([]);
    } finally {
      await server.db.execute(sql`drop trigger if exists test_fail_task on tasks`);
    }
  });
});

describe("PUT and DELETE /api/admin/tasks/:id", () => {
  it("edits every field (audited before and after) and reassigning tells both assignees live", async () => {
    const [devLive, otherLive] = (await Promise.all([
      openLive(server.url, developer),
      openLive(server.url, await server.signIn(OTHER_DEV)),
    ])) as LiveSocket[];
    if (!devLive || !otherLive || "rejected" in devLive || "rejected" in otherLive) throw new Error("live refused");
    try {
      for (const socket of [devLive, otherLive])
        expect(await socket.subscribe(["tasks", "mine"])).toMatchObject({ type: "subscribed" });
      const created = await admin.request("POST", "/api/admin/tasks", { title: `${TAG} moving`, assignedTo: devId });
      const id = created.json.id as string;
      const arrived = (frames: LiveFrame[], op: string) =>
        frames.some((frame) => frame.type === "change" && frame.op === op && (frame.row as { id: string }).id === id);
      await until(() => arrived(devLive.frames, "insert"));

      const edit = {
        title: `${TAG} moved`,
        description: "Now theirs",
        status: "in_progress",
        priority: "high",
        assignedTo: otherDevId,
        projectId,
        dueDate: "2032-01-01",
      };
      const response = await admin.request("PUT", `/api/admin/tasks/${id}`, {
        ...edit,
        expectedUpdatedAt: created.json.updatedAt,
      });
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject(edit);
      // The old assignee's My Tasks drops it; the new one's gains it.
      await until(() => arrived(devLive.frames, "delete") && arrived(otherLive.frames, "update"));

      const [, update] = await auditRows(id);
      expect(update).toMatchObject({ action: "task.update", actorId: adminId });
      expect(update?.details).toMatchObject({
        before: { title: `${TAG} moving`, assignedTo: devId, projectId: null, status: "todo" },
        after: { title: `${TAG} moved`, assignedTo: otherDevId, projectId, status: "in_progress" },
      });

      // Clearing the optional fields stores null again.
      const cleared = await admin.request("PUT", `/api/admin/tasks/${id}`, {
        title: `${TAG} moved`,
        assignedTo: "",
        projectId: "",
        dueDate: "",
        expectedUpdatedAt: response.json.updatedAt,
      });
      expect(cleared.json).toMatchObject({ assignedTo: null, projectId: null, dueDate: null, status: "todo" });

      const removed = await admin.request("DELETE", `/api/admin/tasks/${id}`);
      expect(removed.status).toBe(204);
      expect(await server.db.select().from(tasks).where(eq(tasks.id, id))).toEqual([]);
      const rows = await auditRows(id);
      expect(rows.at(-1)).toMatchObject({ action: "task.delete" });
      expect(rows.at(-1)?.details).toMatchObject({ before: { title: `${TAG} moved` }, after: null });
      expect((await admin.request("DELETE", `/api/admin/tasks/${id}`)).status).toBe(404);
      const gone = { title: "x", expectedUpdatedAt: cleared.json.updatedAt };
      expect((await admin.request("PUT", `/api/admin/tasks/${id}`, gone)).status).toBe(404);
    } finally {
      devLive.close();
      otherLive.close();
    }
  });
});

describe("an edit sent again", () => {
  it("writes nothing (a second tab, Save pressed twice): no second audit entry, the row untouched", async () => {
    const created = await admin.request("POST", "/api/admin/tasks", { title: `${TAG} twice`, assignedTo: devId });
    const id = created.json.id as string;
    const edit = {
      title: `${TAG} twice edited`,
      description: "Once",
      priority: "high",
      assignedTo: devId,
      projectId,
      expectedUpdatedAt: created.json.updatedAt,
    };
    const first = await admin.request("PUT", `/api/admin/tasks/${id}`, edit);
    expect(first.status).toBe(200);
    const written = async () =>
      (await server.db.select({ at: tasks.updatedAt }).from(tasks).where(eq(tasks.id, id)))[0]?.at;
    const writtenAt = await written();
    expect(writtenAt).toBeInstanceOf(Date);
    const again = await admin.request("PUT", `/api/admin/tasks/${id}`, edit);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await written()).toEqual(writtenAt);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(["task.create", "task.update"]);
  });
});

describe("an edit from a form opened before someone else's change", () => {
  it("is refused with a 409 that says so, and the change it would have undone stays", async () => {
    const created = await admin.request("POST", "/api/admin/tasks", { title: `${TAG} raced`, assignedTo: devId });
    const id = created.json.id as string;
    // The developer moves the task while an administrator's Edit dialog, opened before, is still open.
    const moved = await developer.request("PATCH", `/api/tasks/${id}/status`, { status: "completed" });
    expect(moved.status).toBe(200);
    const stale = await admin.request("PUT", `/api/admin/tasks/${id}`, {
      title: `${TAG} raced`,
      priority: "high",
      status: "todo",
      assignedTo: devId,
      expectedUpdatedAt: created.json.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: "edited_meanwhile", message: EDITED_MEANWHILE });
    const [row] = await server.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ status: "completed", priority: "medium" });
    expect((await auditRows(id)).map((entry) => entry.action)).toEqual(["task.create"]);

    // Opened again, the form edits the version it now reads.
    const fresh = await admin.request("PUT", `/api/admin/tasks/${id}`, {
      title: `${TAG} raced`,
      priority: "high",
      status: "completed",
      assignedTo: devId,
      expectedUpdatedAt: moved.json.updatedAt,
    });
    expect(fresh.json).toMatchObject({ status: "completed", priority: "high" });
  });
});

describe("GET /api/tasks filters and Admin › Tasks' assignee and project options", () => {
  it("filters by status, assignee and project, together, paged by cursor", async () => {
    // A project of this test's own, so other tests' tasks do not match.
    const projectId = await createProject(server.db, { clientEmail: CLIENT, developerEmails: [DEV] });
    const make = (body: Record<string, unknown>) =>
      admin.request("POST", "/api/admin/tasks", { title: `${TAG} f`, ...body }).then((r) => r.json.id as string);
    const a = await make({ status: "review", assignedTo: devId, projectId });
    const b = await make({ status: "review", assignedTo: otherDevId });
    const c = await make({ status: "completed", assignedTo: devId, projectId });
    const list = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await admin.request("GET", `/api/tasks?limit=1&${query}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(response.status).toBe(200);
        ids.push(...response.json.items.map((task: { id: string }) => task.id));
        cursor = response.json.next;
      } while (cursor);
      return ids;
    };
    expect(await list(`project=${projectId}`)).toEqual(expect.arrayContaining([a, c]));
    expect(await list(`project=${projectId}`)).not.toContain(b);
    expect(await list(`project=${projectId}&status=review`)).toEqual([a]);
    expect(await list(`assignee=${otherDevId}&status=review`)).toContain(b);
    expect(await list(`assignee=${otherDevId}&status=review`)).not.toContain(a);
    const completed = await list("status=completed");
    expect(completed).toContain(c);
    expect(completed).not.toContain(a);
    // Everyone else filters within their own tasks only.
    const mine = await developer.request("GET", `/api/tasks?assignee=${otherDevId}`);
    expect(mine.json.items).toEqual([]);
    expect((await admin.request("GET", "/api/tasks?status=done")).status).toBe(400);
    expect((await admin.request("GET", "/api/tasks?project=nope")).status).toBe(400);
  });

  it("offers active staff as assignees, saying who is a developer, and the projects, bounded", async () => {
    const staff = await admin.request("GET", "/api/admin/tasks/assignee-options");
    expect(staff.status).toBe(200);
    const ids = staff.json.map((person: { id: string }) => person.id);
    expect(ids).toEqual(expect.arrayContaining([devId, otherDevId, adminId]));
    expect(ids).not.toContain(await userIdOf(server.db, CLIENT));
    expect(staff.json.find((person: { id: string }) => person.id === devId)?.role).toBe("developer");
    expect(staff.json.find((person: { id: string }) => person.id === adminId)?.role).toBe("admin");
    expect(staff.json.length).toBeLessThanOrEqual(ASSIGNEE_OPTIONS_LIMIT);
    const projectOptions = await admin.request("GET", "/api/admin/tasks/project-options");
    expect(projectOptions.status).toBe(200);
    expect(projectOptions.json.length).toBeLessThanOrEqual(TASK_PROJECT_OPTIONS_LIMIT);
  });

  it("offers the staff whose name, surname or e-mail starts with the text searched; never a client; refuses a search too long", async () => {
    const offered = async (q: string) => {
      const found = await admin.request("GET", `/api/admin/tasks/assignee-options?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      return found.json.map((person: { id: string }) => person.id);
    };
    const [dev] = await server.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, devId));
    if (!dev) throw new Error("no developer");
    const [first = "", ...rest] = dev.fullName.split(" ");
    const surname = rest.at(-1) ?? "";
    expect(await offered(first.toUpperCase())).toContain(devId);
    expect(await offered(first.toUpperCase())).not.toContain(otherDevId);
    expect(await offered(surname.slice(0, 3))).toContain(devId);
    expect(await offered(DEV.slice(0, 4))).toEqual([devId]);
    expect(await offered(CLIENT.slice(0, 4))).toEqual([]);
    expect(await offered("nobody starts so")).toEqual([]);
    expect((await admin.request("GET", `/api/admin/tasks/assignee-options?q=${"x".repeat(101)}`)).status).toBe(400);
    expect((await admin.request("GET", "/api/admin/tasks/assignee-options?limit=5")).status).toBe(400);
  });

  it("offers the projects whose title starts with the text searched, whatever its case; refuses a search too long", async () => {
    const [project] = await server.db
      .select({ title: projects.title })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) throw new Error("no project");
    const typed = project.title.slice(0, 5).toUpperCase();
    const found = await admin.request("GET", `/api/admin/tasks/project-options?q=${encodeURIComponent(typed)}`);
    expect(found.status).toBe(200);
    const titles: string[] = found.json.map((row: { title: string }) => row.title.toLowerCase());
    expect(found.json.map((row: { id: string }) => row.id)).toContain(projectId);
    expect(titles.every((title) => title.startsWith(typed.toLowerCase()))).toBe(true);
    const none = await admin.request("GET", "/api/admin/tasks/project-options?q=no%20project%20starts%20so");
    expect(none.status).toBe(200);
    expect(none.json).toEqual([]);
    expect((await admin.request("GET", `/api/admin/tasks/project-options?q=${"x".repeat(101)}`)).status).toBe(400);
    expect((await admin.request("GET", "/api/admin/tasks/project-options?limit=5")).status).toBe(400);
  });
});

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a live push");
    await sleep(20);
  }
}
