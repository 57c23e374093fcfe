import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskAssigneesOf, tasksPeopleLive, tasksProjectsLive } from "../../server/data/tasks";
import { auditLog, projects, tasks, users } from "../../server/db/schema";
import { NAMED_PEOPLE_MAX, type NamedPeople } from "../../server/functions/changes";
import { liveSockets } from "../support/live";
import { createPeople } from "../support/people";
import { type Client, sleep, startTestServer, type TestServer } from "../support/server";
import { createTask } from "../support/tasks";

/** Tasks: each person's list, the one change My Tasks makes, and its live delivery per viewer. */
let server: TestServer;
let tunde: Client;
let ngozi: Client;
let admin: Client;
let client: Client;
const sockets = liveSockets(() => server.url);
const KEY = ["tasks", "mine"];

async function userId(email: string) {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
async function live(from: Client, key = KEY) {
  const socket = await sockets.open(from);
  expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });
  return socket;
}
const COUNTS = ["tasks", "counts"];
const ADMIN = "admin@lagosstudio.test";
/** The tasks as the database holds them, with the client whose project holds each (null: on no project). */
function tasksInDb() {
  return server.db
    .select({ id: tasks.id, status: tasks.status, assignedTo: tasks.assignedTo, projectClientId: projects.clientId })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId));
}
/** The counts as the database holds them: every task, one assignee's, or those on one client's projects. */
async function countsInDb(of?: { assignedTo: string } | { projectClientId: string }) {
  const counts = { todo: 0, in_progress: 0, review: 0, completed: 0 };
  for (const row of await tasksInDb()) {
    const mine =
      !of || ("assignedTo" in of ? row.assignedTo === of.assignedTo : row.projectClientId === of.projectClientId);
    if (mine) counts[row.status] += 1;
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  [tunde, ngozi, admin, client] = await Promise.all([
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("ngozi@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
  ]);
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("GET /api/tasks", () => {
  it("a developer sees only their own tasks; an administrator every task; a client those on their projects", async () => {
    const tundeId = await userId("tunde@lagosstudio.test");
    const own = (await tunde.request("GET", "/api/tasks")).json;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((task: { assignedTo: string }) => task.assignedTo === tundeId)).toBe(true);
    const all = (await admin.request("GET", "/api/tasks?limit=100")).json;
    expect(all.items.length).toBe((await server.db.select().from(tasks)).length);
    const clientId = await userId("chinedu@ezefoods.test");
    const onTheirProjects = (await tasksInDb()).filter((task) => task.projectClientId === clientId);
    expect(onTheirProjects.length).toBeGreaterThan(0);
    const theirs = (await client.request("GET", "/api/tasks?limit=100")).json.items as { id: string }[];
    expect(theirs.map((task) => task.id).sort()).toEqual(onTheirProjects.map((task) => task.id).sort());
    expect((await server.client().request("GET", "/api/tasks")).status).toBe(401);
  });

  it("pages by cursor without repeating or skipping a task", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = (await admin.request("GET", `/api/tasks${query}`)).json;
      seen.push(...page.items.map((task: { id: string }) => task.id));
      cursor = page.next;
    } while (cursor);
    const all = (await server.db.select({ id: tasks.id }).from(tasks)).map((row) => row.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.sort());
    expect((await admin.request("GET", "/api/tasks?cursor=nonsense")).status).toBe(400);
  });
});

describe("PATCH /api/tasks/:id/status", () => {
  it("the assignee moves their task; the change reaches them and administrators live, no one else", async () => {
    const tundeId = await userId("tunde@lagosstudio.test");
    const [task] = await server.db.select().from(tasks).where(eq(tasks.assignedTo, tundeId));
    if (!task) throw new Error("tunde has no task");
    const [tundeLive, adminLive, ngoziLive] = await Promise.all([live(tunde), live(admin), live(ngozi)]);

    const response = await tunde.request("PATCH", `/api/tasks/${task.id}/status`, { status: "review" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: task.id, status: "review", title: task.title });
    const isIt = (frame: { type: string; row?: { id?: string; status?: string } }) =>
      frame.type === "change" && frame.row?.id === task.id && frame.row?.status === "review";
    await tundeLive.next(isIt);
    await adminLive.next(isIt);
    await sleep(300);
    expect(ngoziLive.frames.some((frame) => frame.type === "change")).toBe(false);
  });

  it("refuses anything but the status, and another developer's task", async () => {
    const tundeId = await userId("tunde@lagosstudio.test");
    const [task] = await server.db.select().from(tasks).where(eq(tasks.assignedTo, tundeId));
    if (!task) throw new Error("tunde has no task");
    const path = `/api/tasks/${task.id}/status`;
    expect((await tunde.request("PATCH", path, { status: "done" })).status).toBe(400);
    const extra = await tunde.request("PATCH", path, { status: "todo", title: "Renamed" });
    expect(extra.status).toBe(400);
    expect(extra.json.error.fields).toHaveProperty("title");
    expect((await ngozi.request("PATCH", path, { status: "todo" })).status).toBe(404);

    const [after] = await server.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, task.id)));
    expect(after?.title).toBe(task.title);
  });

  it("a client reads the tasks on their projects, live, and moves none; another client sees nothing of them", async () => {
    const [project] = await server.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, await userId("chinedu@ezefoods.test")));
    if (!project) throw new Error("chinedu has no project");
    const taskId = await createTask(server.db, {
      creatorEmail: ADMIN,
      assigneeEmail: "tunde@lagosstudio.test",
      projectId: project.id,
    });
    const other = await server.signIn("amaka@bellofashion.test");
    const [clientLive, otherLive] = await Promise.all([live(client), live(other)]);
    const path = `/api/tasks/${taskId}/status`;
    const refused = await client.request("PATCH", path, { status: "review" });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only the task's assignee or an administrator may move it");
    expect((await other.request("PATCH", path, { status: "review" })).status).toBe(404);
    // The assignee moves it: the client sees the change, the other client nothing.
    expect((await tunde.request("PATCH", path, { status: "review" })).status).toBe(200);
    await clientLive.next(
      (frame) => frame.type === "change" && frame.row?.id === taskId && frame.row?.status === "review",
    );
    await sleep(300);
    expect(otherLive.frames.some((frame) => frame.type === "change" && frame.row?.id === taskId)).toBe(false);
    const [row] = await server.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    expect(row?.status).toBe("review");
  });

  it("an administrator moves anyone's task", async () => {
    const [task] = await server.db.select().from(tasks).limit(1);
    if (!task) throw new Error("no task");
    expect((await admin.request("PATCH", `/api/tasks/${task.id}/status`, { status: "completed" })).status).toBe(200);
  });
});

describe("GET /api/tasks/counts", () => {
  it("counts every task in the viewer's scope per status, not a page of them", async () => {
    const ngoziId = await userId("ngozi@lagosstudio.test");
    // More tasks than one page of /api/tasks, in one status.
    for (let i = 0; i < 55; i += 1)
      await createTask(server.db, { creatorEmail: ADMIN, assigneeEmail: "ngozi@lagosstudio.test", status: "review" });
    const mine = await ngozi.request("GET", "/api/tasks/counts");
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual(await countsInDb({ assignedTo: ngoziId }));
    expect(mine.json.review).toBeGreaterThanOrEqual(55);
    expect((await admin.request("GET", "/api/tasks/counts")).json).toEqual(await countsInDb());
    const clientCounts = (await client.request("GET", "/api/tasks/counts")).json;
    expect(clientCounts).toEqual(await countsInDb({ projectClientId: await userId("chinedu@ezefoods.test") }));
    expect(Object.values(clientCounts).reduce((a: number, b) => a + (b as number), 0)).toBeGreaterThan(0);
    expect((await server.client().request("GET", "/api/tasks/counts")).status).toBe(401);
  });

  it("tells the assignee and administrators to refetch their counters when a status changes, no one else", async () => {
    const taskId = await createTask(server.db, { creatorEmail: ADMIN, assigneeEmail: "tunde@lagosstudio.test" });
    const [tundeLive, adminLive, ngoziLive] = await Promise.all([
      live(tunde, COUNTS),
      live(admin, COUNTS),
      live(ngozi, COUNTS),
    ]);
    expect((await tunde.request("PATCH", `/api/tasks/${taskId}/status`, { status: "in_progress" })).status).toBe(200);
    const invalidated = (frame: { type: string; key?: unknown[] }) =>
      frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(COUNTS);
    await tundeLive.next(invalidated);
    await adminLive.next(invalidated);
    await sleep(300);
    expect(ngoziLive.frames.some(invalidated)).toBe(false);
    // Rows are never sent on the counters' key.
    expect(tundeLive.frames.some((frame) => frame.type === "change")).toBe(false);
  });
});

describe("audit of task status changes", () => {
  it("an administrator's change is written to the audit log; the assignee's own is not", async () => {
    const taskId = await createTask(server.db, { creatorEmail: ADMIN, assigneeEmail: "tunde@lagosstudio.test" });
    const entries = () => server.db.select().from(auditLog).where(eq(auditLog.entityId, taskId));
    expect((await tunde.request("PATCH", `/api/tasks/${taskId}/status`, { status: "review" })).status).toBe(200);
    expect(await entries()).toEqual([]);
    expect((await admin.request("PATCH", `/api/tasks/${taskId}/status`, { status: "completed" })).status).toBe(200);
    // A move sent again (a second tab, a repeated pick) changes nothing and is not audited again.
    const again = await admin.request("PATCH", `/api/tasks/${taskId}/status`, { status: "completed" });
    expect(again.status).toBe(200);
    expect(again.json.status).toBe("completed");
    const [entry, ...more] = await entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: "task",
      action: "task.update",
      actorId: await userId(ADMIN),
      details: { before: { status: "review" }, after: { status: "completed" } },
    });
  });

  it("answers 404 for a task that does not exist and 400 for a bad id", async () => {
    expect(
      (await admin.request("PATCH", "/api/tasks/00000000-0000-4000-8000-000000000000/status", { status: "todo" }))
        .status,
    ).toBe(404);
    expect((await admin.request("PATCH", "/api/tasks/not-a-uuid/status", { status: "todo" })).status).toBe(400);
  });
});

describe("a project's task assignees, named in its retitle or deletion", () => {
  it("names up to 50 people; past that, every developer's task list follows", async () => {
    const clientId = await userId("chinedu@ezefoods.test");
    const [project] = await server.db
      .insert(projects)
      .values({ title: "A project of many hands", clientId })
      .returning({ id: projects.id });
    if (!project) throw new Error("no project");
    const developers = await createPeople(
      server.db,
      Array.from({ length: NAMED_PEOPLE_MAX + 1 }, (_, i) => ({
        fullName: `Many hands ${i}`,
        email: `many-hands-${i}@lagosstudio.test`,
        role: "developer" as const,
      })),
    );
    const creator = await userId(ADMIN);
    const assign = (people: string[]) =>
      server.db
        .insert(tasks)
        .values(
          people.map((assignedTo) => ({ title: "One of many", assignedTo, projectId: project.id, createdBy: creator })),
        );
    const assigneesNow = () => server.db.transaction((tx) => taskAssigneesOf(tx, project.id));
    // Two tasks for one person, and one for no one, name that person once.
    await assign(developers.slice(0, NAMED_PEOPLE_MAX));
    await assign(developers.slice(0, 1));
    await server.db.insert(tasks).values({ title: "No one's", projectId: project.id, createdBy: creator });
    expect(new Set(await assigneesNow())).toEqual(new Set(developers.slice(0, NAMED_PEOPLE_MAX)));
    await assign(developers.slice(NAMED_PEOPLE_MAX));
    expect(await assigneesNow()).toBe("many");

    const outsider = { id: await userId("ngozi@lagosstudio.test"), role: "developer" as const };
    const retitle = (taskAssignees: NamedPeople) =>
      tasksProjectsLive.resolve(server.db, {
        topic: "projects",
        op: "update",
        id: project.id,
        clientId,
        developerIds: [],
        relabelled: { taskAssignees },
      });
    const mine = async (taskAssignees: NamedPeople) =>
      (await retitle(taskAssignees)).find((delivery) => JSON.stringify(delivery.key) === JSON.stringify(KEY));
    expect((await mine("many"))?.pushFor(outsider)).toEqual({ invalidate: true });
    expect((await mine(developers))?.pushFor(outsider)).toBeUndefined();
    expect((await mine(developers))?.pushFor({ id: developers[0] as string, role: "developer" })).toEqual({
      invalidate: true,
    });
  });
});

describe("a person renamed, whose tasks the lists name", () => {
  it("refetches the task lists of the clients whose projects hold their tasks; many tasks, every client's", async () => {
    const [person] = await createPeople(server.db, [
      { fullName: "Renamed Assignee", email: "renamed.assignee@lagosstudio.test", role: "developer" as const },
    ]);
    if (!person) throw new Error("no person");
    const renamed = () => tasksPeopleLive.resolve(server.db, { topic: "people", op: "update", id: person });
    expect(await renamed()).toEqual([]);
    const clientId = await userId("chinedu@ezefoods.test");
    const [project] = await server.db
      .insert(projects)
      .values({ title: "Their client's project", clientId })
      .returning({ id: projects.id });
    const creator = await userId(ADMIN);
    const assign = (count: number) =>
      server.db.insert(tasks).values(
        Array.from({ length: count }, () => ({
          title: "Theirs",
          assignedTo: person,
          projectId: project?.id,
          createdBy: creator,
        })),
      );
    await assign(1);
    const told = async (actor: { id: string; role: "client" }) =>
      (await renamed()).find((delivery) => JSON.stringify(delivery.key) === JSON.stringify(KEY))?.pushFor(actor);
    const otherClient = { id: await userId("amaka@bellofashion.test"), role: "client" as const };
    expect(await told({ id: clientId, role: "client" })).toEqual({ invalidate: true });
    expect(await told(otherClient)).toBeUndefined();
    // Past the tasks a rename reads, it cannot tell whose they all are: every client's lists follow.
    await assign(500);
    expect(await told(otherClient)).toEqual({ invalidate: true });
  });
});
