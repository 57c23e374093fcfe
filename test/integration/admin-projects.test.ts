import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_INVOICED_KEPT, PROJECT_PAID_KEPT } from "../../common/domain";
import { EDITED_MEANWHILE } from "../../common/schemas";
import {
  auditLog,
  milestones,
  notifications,
  projectDevelopers,
  projectMessages,
  projects,
  tasks,
} from "../../server/db/schema";
import { createClients, createClientWithPassword } from "../support/clients";
import { insertInvoice } from "../support/invoices";
import { type LiveSocket, openLive } from "../support/live";
import { createPeople } from "../support/people";
import { createMessages, createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createTask } from "../support/tasks";
import { versionOf } from "../support/versions";

/** Admin › New project and the edit dialog (issue #7 item 5): every field, audited, live for who it concerns. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;

const TAG = `pj${randomUUID().slice(0, 6)}`;
const PASSWORD = "Kestrel#Harbour42";
const people = {} as Record<"first" | "second", { id: string; http: Client; socket: LiveSocket }>;
let tundeId: string;
let ngoziId: string;
let tunde: LiveSocket;
let ngozi: LiveSocket;

const body = (extra: Record<string, unknown> = {}) => ({
  title: `${TAG} Website`,
  description: "A new website.",
  clientId: people.first.id,
  developerIds: [tundeId],
  status: "active",
  progress: 10,
  startDate: "2026-03-01",
  endDate: "2026-06-30",
  ...extra,
});

/** PATCH /api/admin/projects/:id as Edit project sends it: from the version the database holds now. */
const edit = async (as: Client, id: string, fields: Record<string, unknown>) =>
  as.request("PATCH", `/api/admin/projects/${id}`, {
    ...fields,
    expectedUpdatedAt: await versionOf(server.db, projects, id),
  });

async function socketOf(http: Client): Promise<LiveSocket> {
  const opened = await openLive(server.url, http);
  if ("rejected" in opened) throw new Error("live socket refused");
  for (const key of [["projects", "list"], ["dashboard"]])
    expect((await opened.subscribe(key)).type, JSON.stringify(key)).toBe("subscribed");
  return opened;
}

const refetched = (socket: LiveSocket, key: string[], since: number) =>
  socket.frames
    .slice(since)
    .some((frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key));

/**
 * Creates a project (its client the first person, Tunde on it) and waits until the pushes of its creation
 * have reached them: what a socket hears from then on is the next write's own, not a late echo of this one.
 */
async function createdAndHeard(project: Record<string, unknown>, clientKeys: string[][] = []) {
  const sockets = [people.first.socket, tunde];
  const marks = sockets.map((socket) => socket.frames.length);
  const created = await admin.request("POST", "/api/admin/projects", project);
  const keys = [["projects", "list"], ["dashboard"]];
  await expect
    .poll(() =>
      sockets.every((socket, i) =>
        [...keys, ...(i === 0 ? clientKeys : [])].every((key) => refetched(socket, key, marks[i] ?? 0)),
      ),
    )
    .toBe(true);
  return created;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  tundeId = await userIdOf(server.db, "tunde@lagosstudio.test");
  ngoziId = await userIdOf(server.db, "ngozi@lagosstudio.test");
  for (const name of ["first", "second"] as const) {
    const email = `${name}.${TAG}@example.test`;
    const id = await createClientWithPassword(server.db, { fullName: `${TAG} ${name}`, email }, PASSWORD);
    const http = await server.signIn(email, PASSWORD);
    people[name] = { id, http, socket: await socketOf(http) };
  }
  tunde = await socketOf(developer);
  ngozi = await socketOf(await server.signIn("ngozi@lagosstudio.test"));
  // Two password hashes and six sign-ins on a shared 2-core machine: more than the default minute at times.
}, 180_000);
afterAll(async () => {
  for (const socket of [people.first?.socket, people.second?.socket, tunde, ngozi]) socket?.close();
  await server?.close();
});

describe("who may create and edit projects", () => {
  it("answers 401 signed out and 403 for clients and developers, and changes nothing", async () => {
    const projectId = await createProject(server.db, { clientEmail: "chinedu@ezefoods.test", title: `${TAG} guarded` });
    const routes: [string, string, unknown][] = [
      ["GET", `/api/admin/projects/${projectId}`, undefined],
      ["POST", "/api/admin/projects", body()],
      ["PATCH", `/api/admin/projects/${projectId}`, { ...body(), expectedUpdatedAt: new Date().toISOString() }],
      ["DELETE", `/api/admin/projects/${projectId}`, undefined],
    ];
    for (const [method, path, payload] of routes) {
      expect((await server.client().request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await server.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.title).toBe(`${TAG} guarded`);
    expect(
      await server.db
        .select()
        .from(projects)
        .where(eq(projects.title, `${TAG} Website`)),
    ).toEqual([]);
  });
});

describe("POST /api/admin/projects", () => {
  it("creates the project with its developers, audited, and its client's and developer's open lists refetch", async () => {
    const marks = [people.first.socket, people.second.socket, tunde, ngozi].map((socket) => socket.frames.length);
    const response = await admin.request("POST", "/api/admin/projects", body());
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      title: `${TAG} Website`,
      clientId: people.first.id,
      clientName: `${TAG} first`,
      status: "active",
      progress: 10,
      startDate: "2026-03-01",
      endDate: "2026-06-30",
      developers: [{ id: tundeId, email: "tunde@lagosstudio.test" }],
    });
    const projectId = response.json.id as string;

    await people.first.socket.next(
      (frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === '["projects","list"]',
    );
    await tunde.next((frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === '["projects","list"]');
    await people.first.socket.next((frame) => frame.type === "invalidate" && frame.key?.[0] === "dashboard");
    await sleep(300);
    expect(refetched(people.second.socket, ["projects", "list"], marks[1] ?? 0)).toBe(false);
    expect(refetched(ngozi, ["projects", "list"], marks[3] ?? 0)).toBe(false);

    // The client's list and the developer's now hold it.
    const own = (await people.first.http.request("GET", "/api/projects?limit=10")).json;
    expect(own.items.map((project: { id: string }) => project.id)).toContain(projectId);
    expect((await developer.request("GET", `/api/projects/${projectId}`)).status).toBe(200);
    expect((await developer.request("GET", "/api/projects?limit=1")).json.items[0]?.id).toBe(projectId);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "project"), eq(auditLog.entityId, projectId)));
    expect(entry?.action).toBe("project.create");
    expect(entry?.details).toMatchObject({ before: null, after: { title: `${TAG} Website`, developerIds: [tundeId] } });
  });

  it("refuses bad fields with 400 under each field, and writes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "   " }, "title"],
      [{ clientId: "" }, "clientId"],
      [{ clientId: "nobody" }, "clientId"],
      [{ clientId: tundeId }, "clientId"],
      [{ developerIds: [people.second.id] }, "developerIds"],
      [{ developerIds: [tundeId, tundeId] }, "developerIds"],
      [{ status: "paused" }, "status"],
      [{ progress: 101 }, "progress"],
      [{ progress: -1 }, "progress"],
      [{ progress: 5.5 }, "progress"],
      [{ startDate: "2026-06-30", endDate: "2026-03-01" }, "endDate"],
      [{ startDate: "2026-13-01" }, "startDate"],
      [{ createdAt: "2020-01-01T00:00:00Z" }, "createdAt"],
    ];
    for (const [extra, field] of cases) {
      const response = await admin.request(
        "POST",
        "/api/admin/projects",
        body({ ...extra, title: extra.title ?? `${TAG} refused` }),
      );
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(response.json.error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect(
      await server.db
        .select()
        .from(projects)
        .where(eq(projects.title, `${TAG} refused`)),
    ).toEqual([]);
  });
});

describe("PATCH /api/admin/projects/:id", () => {
  it("edits every field; the previous client and the developer taken off hear it and lose access", async () => {
    const created = await createdAndHeard(body({ title: `${TAG} Moving` }));
    expect(created.status).toBe(201);
    const projectId = created.json.id as string;
    const marks = [people.first.socket, people.second.socket, tunde, ngozi].map((socket) => socket.frames.length);

    const change = body({
      title: `${TAG} Moved`,
      description: "Now for the second client.",
      clientId: people.second.id,
      developerIds: [ngoziId],
      status: "on_hold",
      progress: 55,
      startDate: null,
      endDate: "2026-09-01",
    });
    const response = await edit(admin, projectId, change);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      title: `${TAG} Moved`,
      description: "Now for the second client.",
      clientId: people.second.id,
      status: "on_hold",
      progress: 55,
      startDate: null,
      endDate: "2026-09-01",
      developers: [{ id: ngoziId }],
    });
    const assigned = await server.db
      .select({ developerId: projectDevelopers.developerId, projectCreatedAt: projectDevelopers.projectCreatedAt })
      .from(projectDevelopers)
      .where(eq(projectDevelopers.projectId, projectId));
    // The new assignment carries the project's creation time, the order of the developer's list.
    const [project] = await server.db
      .select({ createdAt: projects.createdAt })
      .from(projects)
      .where(eq(projects.id, projectId));
    expect(assigned).toEqual([{ developerId: ngoziId, projectCreatedAt: project?.createdAt }]);

    // Everyone concerned before or after refetches their list.
    const deadline = Date.now() + 5_000;
    const sockets = [people.first.socket, people.second.socket, tunde, ngozi];
    while (
      !sockets.every((socket, i) => refetched(socket, ["projects", "list"], marks[i] ?? 0)) &&
      Date.now() < deadline
    )
      await sleep(20);
    sockets.forEach((socket, i) => {
      expect(refetched(socket, ["projects", "list"], marks[i] ?? 0), `socket ${i}`).toBe(true);
      expect(refetched(socket, ["dashboard"], marks[i] ?? 0), `dashboard ${i}`).toBe(true);
    });
    expect((await people.first.http.request("GET", `/api/projects/${projectId}`)).status).toBe(404);
    expect((await people.second.http.request("GET", `/api/projects/${projectId}`)).status).toBe(200);
    expect((await developer.request("GET", `/api/projects/${projectId}`)).status).toBe(404);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "project.update"), eq(auditLog.entityId, projectId)));
    expect(entry?.details).toMatchObject({
      before: { title: `${TAG} Moving`, clientId: people.first.id, developerIds: [tundeId], progress: 10 },
      after: { title: `${TAG} Moved`, clientId: people.second.id, developerIds: [ngoziId], progress: 55 },
    });

    // The edit dialog's read gives back what was saved.
    const read = await admin.request("GET", `/api/admin/projects/${projectId}`);
    expect(read.json).toMatchObject({ title: `${TAG} Moved`, developers: [{ id: ngoziId }] });
  });

  it("an edit from a dialog opened before another administrator's is refused (409), and the developer they added stays", async () => {
    const created = await admin.request(
      "POST",
      "/api/admin/projects",
      body({ title: `${TAG} Raced`, developerIds: [] }),
    );
    const projectId = created.json.id as string;
    const other = await server.signIn("admin@lagosstudio.test");
    const added = await other.request("PATCH", `/api/admin/projects/${projectId}`, {
      ...body({ title: `${TAG} Raced`, developerIds: [ngoziId] }),
      expectedUpdatedAt: created.json.updatedAt,
    });
    expect(added.status).toBe(200);
    const stale = await admin.request("PATCH", `/api/admin/projects/${projectId}`, {
      ...body({ title: `${TAG} Raced`, developerIds: [], progress: 50 }),
      expectedUpdatedAt: created.json.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: "edited_meanwhile", message: EDITED_MEANWHILE });
    const read = await admin.request("GET", `/api/admin/projects/${projectId}`);
    expect(read.json).toMatchObject({ progress: 10, developers: [{ id: ngoziId }], updatedAt: added.json.updatedAt });
  });

  it("an edit sent again writes nothing, its developers in any order: no second audit entry, the row untouched", async () => {
    const created = await admin.request("POST", "/api/admin/projects", body({ title: `${TAG} Twice` }));
    expect(created.status).toBe(201);
    const projectId = created.json.id as string;
    // Both sends name the version the form read: the second, though its version is gone, changes nothing.
    const sent = {
      ...body({ title: `${TAG} Twice Edited`, developerIds: [tundeId, ngoziId], progress: 40 }),
      expectedUpdatedAt: created.json.updatedAt,
    };
    const first = await admin.request("PATCH", `/api/admin/projects/${projectId}`, sent);
    expect(first.status).toBe(200);
    const written = async () =>
      (await server.db.select({ at: projects.updatedAt }).from(projects).where(eq(projects.id, projectId)))[0]?.at;
    const writtenAt = await written();
    expect(writtenAt).toBeInstanceOf(Date);
    const again = await admin.request("PATCH", `/api/admin/projects/${projectId}`, {
      ...sent,
      developerIds: [ngoziId, tundeId],
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await written()).toEqual(writtenAt);
    const entries = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "project"), eq(auditLog.entityId, projectId)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["project.create", "project.update"]);
  });

  it("a project and task whose client and developer were deactivated since still take edits; a deactivated developer is not added", async () => {
    const tag = randomUUID().slice(0, 6);
    const [leavingClient] = await createClients(server.db, [
      { fullName: `${TAG} Leaving Client`, email: `leaving.${tag}@example.test` },
    ]);
    const [leaving, alsoGone] = await createPeople(server.db, [
      { fullName: `${TAG} Leaving Dev`, email: `leaving.dev.${tag}@lagosstudio.test`, role: "developer" },
      { fullName: `${TAG} Gone Dev`, email: `gone.dev.${tag}@lagosstudio.test`, role: "developer" },
    ]);
    const form = body({ clientId: leavingClient, developerIds: [leaving] });
    const created = await admin.request("POST", "/api/admin/projects", form);
    expect(created.status).toBe(201);
    const projectId = created.json.id as string;
    const task = await admin.request("POST", "/api/admin/tasks", {
      title: `${TAG} their task`,
      assignedTo: leaving,
      projectId,
    });
    expect(task.status).toBe(201);
    const theirs = await admin.request("POST", "/api/admin/tasks", {
      title: `${TAG} gone's task`,
      assignedTo: alsoGone,
    });
    expect(theirs.status).toBe(201);
    // Each keeps records, so each is deactivated, not deleted.
    for (const path of [`developers/${leaving}`, `developers/${alsoGone}`, `clients/${leavingClient}`])
      expect((await admin.request("DELETE", `/api/admin/${path}`)).json.outcome, path).toBe("deactivated");

    const cancelled = await edit(
      admin,
      projectId,
      body({ clientId: leavingClient, developerIds: [leaving], status: "cancelled", progress: 60 }),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "cancelled", progress: 60 });
    const retitled = await admin.request("PUT", `/api/admin/tasks/${task.json.id}`, {
      title: `${TAG} their task, renamed`,
      assignedTo: leaving,
      projectId,
      expectedUpdatedAt: task.json.updatedAt,
    });
    expect(retitled.status).toBe(200);
    // Someone deactivated does not join, nor does the project go to a deactivated client.
    const joined = await edit(admin, projectId, body({ clientId: leavingClient, developerIds: [leaving, alsoGone] }));
    expect(joined.status).toBe(400);
    expect(Object.keys(joined.json.error.fields)).toEqual(["developerIds"]);
    const other = await admin.request(
      "POST",
      "/api/admin/projects",
      body({ clientId: leavingClient, developerIds: [] }),
    );
    expect(other.status).toBe(400);
    expect(Object.keys(other.json.error.fields)).toEqual(["clientId"]);
    const elsewhere = await admin.request("POST", "/api/admin/projects", body({ developerIds: [] }));
    expect(elsewhere.status).toBe(201);
    const moved = await edit(admin, elsewhere.json.id, body({ clientId: leavingClient, developerIds: [] }));
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.json.error.fields)).toEqual(["clientId"]);
    // A task is not given to someone deactivated either, though theirs stay theirs.
    const given = await admin.request("PUT", `/api/admin/tasks/${task.json.id}`, {
      title: `${TAG} their task, renamed`,
      assignedTo: alsoGone,
      projectId,
      expectedUpdatedAt: retitled.json.updatedAt,
    });
    expect(given.status).toBe(400);
    expect(Object.keys(given.json.error.fields)).toEqual(["assignedTo"]);
  });

  it("answers 404 for no such project, 400 for a bad id or a bad field, and leaves the project as it was", async () => {
    const projectId = await createProject(server.db, {
      clientEmail: `first.${TAG}@example.test`,
      title: `${TAG} kept`,
    });
    expect((await edit(admin, randomUUID(), body())).status).toBe(404);
    expect((await admin.request("GET", `/api/admin/projects/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("PATCH", "/api/admin/projects/nope", body())).status).toBe(400);
    const bad = await edit(admin, projectId, body({ progress: 500 }));
    expect(bad.status).toBe(400);
    const [row] = await server.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.title).toBe(`${TAG} kept`);
  });
});

describe("DELETE /api/admin/projects/:id", () => {
  /** Waits until `socket` has been told to refetch `key` since frame `since`; fails after five seconds. */
  async function toldToRefetch(socket: LiveSocket, key: string[], since: number) {
    const deadline = Date.now() + 5_000;
    while (!refetched(socket, key, since) && Date.now() < deadline) await sleep(20);
    expect(refetched(socket, key, since), JSON.stringify(key)).toBe(true);
  }

  it("deletes a project with its messages, milestones and notices, audited; tasks stay; open pages and lists refetch", async () => {
    expect((await people.first.socket.subscribe(["notifications"])).type).toBe("subscribed");
    const created = await createdAndHeard(body({ title: `${TAG} Mistake` }), [["notifications"]]);
    expect(created.status).toBe(201);
    const projectId = created.json.id as string;
    const detail = ["projects", projectId, "detail"];
    // Its client and developer may follow the open page; someone else may not.
    for (const socket of [people.first.socket, tunde]) expect((await socket.subscribe(detail)).type).toBe("subscribed");
    expect((await people.second.socket.subscribe(detail)).type).toBe("error");
    await createMessages(server.db, projectId, `first.${TAG}@example.test`, 3);
    await server.db.insert(milestones).values({ projectId, title: "Deposit", amount: 50_000_00, createdBy: tundeId });
    const taskId = await createTask(server.db, {
      creatorEmail: "admin@lagosstudio.test",
      assigneeEmail: "tunde@lagosstudio.test",
      projectId,
    });
    // The client was told they joined it.
    expect(await server.db.select().from(notifications).where(eq(notifications.projectId, projectId))).not.toEqual([]);
    const marks = [people.first.socket, tunde].map((socket) => socket.frames.length);

    const response = await admin.request("DELETE", `/api/admin/projects/${projectId}`);
    expect(response.status).toBe(204);

    expect(await server.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect(await server.db.select().from(projectMessages).where(eq(projectMessages.projectId, projectId))).toEqual([]);
    expect(await server.db.select().from(milestones).where(eq(milestones.projectId, projectId))).toEqual([]);
    expect(await server.db.select().from(notifications).where(eq(notifications.projectId, projectId))).toEqual([]);
    const [task] = await server.db.select({ projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, taskId));
    expect(task).toEqual({ projectId: null });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "project.delete"), eq(auditLog.entityId, projectId)));
    expect(entry?.details).toMatchObject({
      before: { title: `${TAG} Mistake`, clientId: people.first.id, developerIds: [tundeId] },
      after: null,
    });

    await toldToRefetch(people.first.socket, detail, marks[0] ?? 0);
    await toldToRefetch(tunde, detail, marks[1] ?? 0);
    await toldToRefetch(people.first.socket, ["projects", "list"], marks[0] ?? 0);
    await toldToRefetch(people.first.socket, ["notifications"], marks[0] ?? 0);
    expect((await people.first.http.request("GET", `/api/projects/${projectId}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/projects/${projectId}`)).status).toBe(404);
  });

  it("keeps a project with invoices or paid milestones (409 saying why), and answers 404 and 400", async () => {
    const invoiced = await createProject(server.db, {
      clientEmail: `first.${TAG}@example.test`,
      title: `${TAG} billed`,
    });
    await insertInvoice(server.db, { clientId: people.first.id, projectId: invoiced });
    const paid = await createProject(server.db, { clientEmail: `first.${TAG}@example.test`, title: `${TAG} paid` });
    await server.db.insert(milestones).values([
      {
        projectId: paid,
        title: "Deposit",
        amount: 50_000_00,
        createdBy: tundeId,
        paymentStatus: "paid",
        paidDate: new Date("2026-11-02T10:00:00Z"),
      },
      { projectId: paid, title: "Balance", amount: 50_000_00, createdBy: tundeId },
    ]);
    for (const [projectId, message] of [
      [invoiced, PROJECT_INVOICED_KEPT],
      [paid, PROJECT_PAID_KEPT],
    ] as const) {
      const refused = await admin.request("DELETE", `/api/admin/projects/${projectId}`);
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toBe(message);
      expect(await server.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId))).toEqual([
        { id: projectId },
      ]);
    }
    expect(await server.db.select().from(milestones).where(eq(milestones.projectId, paid))).toHaveLength(2);
    expect((await admin.request("DELETE", `/api/admin/projects/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("DELETE", "/api/admin/projects/nope")).status).toBe(400);
  });

  it("deletes a project that hundreds of people were told about (their bells are told in NOTIFY-sized parts)", async () => {
    const projectId = await createProject(server.db, { clientEmail: "chinedu@ezefoods.test" });
    const tag = randomUUID().slice(0, 8);
    // 250 ids are ~9.5 KB in one change: past PostgreSQL's 8,000-byte NOTIFY payload.
    const people = await createPeople(
      server.db,
      Array.from({ length: 250 }, (_, i) => ({
        fullName: `Told ${i}`,
        email: `told-${tag}-${i}@factory.test`,
        role: "developer" as const,
      })),
    );
    await server.db.insert(notifications).values(
      people.map((userId) => ({
        userId,
        kind: "message",
        title: "New message",
        link: `/portal/projects/${projectId}`,
        entity: "project",
        entityId: projectId,
        projectId,
      })),
    );
    const response = await admin.request("DELETE", `/api/admin/projects/${projectId}`);
    expect(response.status, JSON.stringify(response.json)).toBe(204);
    expect(await server.db.select().from(notifications).where(eq(notifications.projectId, projectId))).toEqual([]);
  });
});

describe("who is told of a project", () => {
  const noticesOf = (userId: string, projectId: string) =>
    server.db
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.entityId, projectId)))
      .orderBy(notifications.createdAt);

  it("tells its client and developers they joined it, then everyone on it of a new status; never the administrator", async () => {
    const title = `${TAG} Told`;
    const created = await admin.request("POST", "/api/admin/projects", body({ title }));
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(await noticesOf(people.first.id, id)).toEqual([{ kind: "project_added", title: `A new project: ${title}` }]);
    expect(await noticesOf(tundeId, id)).toEqual([{ kind: "project_added", title: `You were added to ${title}` }]);
    const bell = await people.first.http.request("GET", "/api/notifications");
    expect(bell.json.items[0]).toMatchObject({ title: `A new project: ${title}`, link: `/portal/projects/${id}` });

    // Ngozi joins and the progress moves: only she hears, of joining.
    const joined = await edit(admin, id, body({ title, developerIds: [tundeId, ngoziId], progress: 40 }));
    expect(joined.status).toBe(200);
    expect(await noticesOf(ngoziId, id)).toEqual([{ kind: "project_added", title: `You were added to ${title}` }]);
    expect(await noticesOf(tundeId, id)).toHaveLength(1);
    expect(await noticesOf(people.first.id, id)).toHaveLength(1);

    // Completed: the three on it hear it, the administrator who did it does not.
    const done = await edit(
      admin,
      id,
      body({ title, developerIds: [tundeId, ngoziId], progress: 100, status: "completed" }),
    );
    expect(done.status).toBe(200);
    for (const userId of [people.first.id, tundeId, ngoziId])
      expect(await noticesOf(userId, id)).toContainEqual({
        kind: "project_status",
        title: `${title} is now completed`,
      });
    expect(await noticesOf(await userIdOf(server.db, "admin@lagosstudio.test"), id)).toEqual([]);

    // Given to another client: it is theirs now, and they are told so.
    await edit(
      admin,
      id,
      body({ title, clientId: people.second.id, developerIds: [tundeId, ngoziId], status: "completed" }),
    );
    expect(await noticesOf(people.second.id, id)).toEqual([
      { kind: "project_added", title: `A new project: ${title}` },
    ]);
    expect(await noticesOf(tundeId, id)).toHaveLength(2);
  });
});
