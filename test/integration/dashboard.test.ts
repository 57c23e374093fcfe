import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_STATUSES } from "../../common/domain";
import { invoices, projectDevelopers, projects, tasks, users } from "../../server/db/schema";
import { publishChange } from "../../server/functions/changes";
import { type LiveFrame, liveSockets } from "../support/live";
import { assignDeveloper, createInvoice, createProject, createTask, newPerson, type Person } from "../support/portal";
import { sleep, startTestServer, type TestServer } from "../support/server";

/**
 * GET /api/dashboard: a client's and a developer's figures equal a recount of
 * their rows, no one else's data ever shows, and the live key reaches only
 * the people whose figures a change touches.
 */
let server: TestServer;
let admin: Person;
const sockets = liveSockets(() => server.url);
const KEY = ["dashboard"];

beforeAll(async () => {
  server = await startTestServer();
  admin = await newPerson(server, "admin");
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

async function lagosToday(): Promise<string> {
  const result = await server.db.execute<{ day: string }>(
    sql`select ((now() at time zone 'Africa/Lagos')::date)::text as day`,
  );
  return result.rows[0]?.day as string;
}

const newestFirst = <T extends { createdAt: Date; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));

/** What the client dashboard should say, counted in JavaScript from the client's rows. */
async function recountClient(clientId: string) {
  const today = await lagosToday();
  const projectRows = await server.db.select().from(projects).where(eq(projects.clientId, clientId));
  const invoiceRows = await server.db.select().from(invoices).where(eq(invoices.clientId, clientId));
  const progress = projectRows.reduce((sum, row) => sum + row.progress, 0);
  return {
    role: "client",
    projects: {
      total: projectRows.length,
      active: projectRows.filter((row) => row.status === "active").length,
      averageProgress: projectRows.length ? Math.round(progress / projectRows.length) : 0,
    },
    invoices: {
      total: invoiceRows.length,
      paid: invoiceRows.filter((row) => row.status === "paid").length,
      totalMinor: invoiceRows.reduce((sum, row) => sum + row.amount, 0),
    },
    recentProjects: newestFirst(projectRows)
      .slice(0, 5)
      .map(({ id, title, description, status, progress, startDate, endDate }) => ({
        id,
        title,
        description,
        status,
        progress,
        startDate,
        endDate,
      })),
    recentInvoices: newestFirst(invoiceRows)
      .slice(0, 3)
      .map((row) => ({
        id: row.id,
        invoiceNumber: row.invoiceNumber,
        amountMinor: row.amount,
        status: row.status === "unpaid" && row.dueDate && row.dueDate < today ? "overdue" : row.status,
        dueDate: row.dueDate,
      })),
  };
}

describe("GET /api/dashboard as a client", () => {
  it("every figure equals a recount of the client's own rows", async () => {
    const client = await newPerson(server, "client");
    const statuses = ["active", "active", "completed", "on_hold", "cancelled", "active", "completed"] as const;
    for (const [index, status] of statuses.entries()) {
      await createProject(server.db, client.id, {
        status,
        progress: (index * 17) % 101,
        daysAgo: index * 3,
        startDate: "2026-01-05",
        endDate: index % 2 ? "2026-12-31" : null,
      });
    }
    await createInvoice(server.db, client.id, { status: "paid", amount: 12_345_67, daysAgo: 40, dueInDays: -30 });
    await createInvoice(server.db, client.id, { status: "paid", amount: 50_000_00, daysAgo: 20, dueInDays: -10 });
    await createInvoice(server.db, client.id, { status: "unpaid", amount: 7_500_50, daysAgo: 10, dueInDays: -2 });
    await createInvoice(server.db, client.id, { status: "unpaid", amount: 1_00, daysAgo: 1, dueInDays: 14 });

    const response = await client.client.request("GET", "/api/dashboard");
    expect(response.status).toBe(200);
    const expected = await recountClient(client.id);
    expect(response.json).toEqual(expected);
    expect(response.json.projects).toMatchObject({ total: 7, active: 3 });
    expect(response.json.recentProjects).toHaveLength(5);
    expect(response.json.invoices).toEqual({ total: 4, paid: 2, totalMinor: 12_345_67 + 50_000_00 + 7_500_50 + 1_00 });
    expect(response.json.recentInvoices.map((row: { status: string }) => row.status)).toEqual([
      "unpaid",
      "overdue",
      "paid",
    ]);
  });

  it("derives overdue at read time: unpaid and due before today in Lagos; due today is not yet overdue", async () => {
    const client = await newPerson(server, "client");
    const yesterday = await createInvoice(server.db, client.id, { status: "unpaid", daysAgo: 3, dueInDays: -1 });
    const today = await createInvoice(server.db, client.id, { status: "unpaid", daysAgo: 2, dueInDays: 0 });
    const paidLate = await createInvoice(server.db, client.id, { status: "paid", daysAgo: 1, dueInDays: -5 });
    const { json } = await client.client.request("GET", "/api/dashboard");
    const statusOf = (id: string) => json.recentInvoices.find((row: { id: string }) => row.id === id)?.status;
    expect(statusOf(yesterday.id)).toBe("overdue");
    expect(statusOf(today.id)).toBe("unpaid");
    expect(statusOf(paidLate.id)).toBe("paid");
    // Nothing is written: the row keeps its stored status.
    const [stored] = await server.db.select().from(invoices).where(eq(invoices.id, yesterday.id));
    expect(stored?.status).toBe("unpaid");
  });

  it("a client with nothing yet gets zeros and empty lists, not an error", async () => {
    const client = await newPerson(server, "client");
    const { status, json } = await client.client.request("GET", "/api/dashboard");
    expect(status).toBe(200);
    expect(json).toEqual({
      role: "client",
      projects: { total: 0, active: 0, averageProgress: 0 },
      invoices: { total: 0, paid: 0, totalMinor: 0 },
      recentProjects: [],
      recentInvoices: [],
    });
  });

  it("never shows another client's data", async () => {
    const [a, b] = [await newPerson(server, "client"), await newPerson(server, "client")];
    const aProject = await createProject(server.db, a.id, { progress: 10 });
    const aInvoice = await createInvoice(server.db, a.id, { amount: 1_000 });
    const bProject = await createProject(server.db, b.id, { progress: 90, daysAgo: 0 });
    const bInvoice = await createInvoice(server.db, b.id, { amount: 9_000 });
    const aView = (await a.client.request("GET", "/api/dashboard")).json;
    const bView = (await b.client.request("GET", "/api/dashboard")).json;
    expect(aView).toEqual(await recountClient(a.id));
    expect(bView).toEqual(await recountClient(b.id));
    expect(JSON.stringify(aView)).not.toContain(bProject.id);
    expect(JSON.stringify(aView)).not.toContain(bInvoice.id);
    expect(JSON.stringify(bView)).not.toContain(aProject.id);
    expect(JSON.stringify(bView)).not.toContain(aInvoice.id);
    // The demo clients' figures are theirs too.
    const demo = await server.signIn("chinedu@ezefoods.test");
    const [chinedu] = await server.db.select().from(users).where(eq(users.email, "chinedu@ezefoods.test"));
    expect((await demo.request("GET", "/api/dashboard")).json).toEqual(await recountClient(chinedu?.id as string));
  });
});

describe("GET /api/dashboard as a developer", () => {
  it("counts their tasks by status, their projects, and lists their open tasks due in the next 7 days", async () => {
    const dev = await newPerson(server, "developer");
    const other = await newPerson(server, "developer");
    const client = await newPerson(server, "client");
    const mine = [];
    for (let index = 0; index < 7; index++) {
      const project = await createProject(server.db, client.id, { daysAgo: index, title: `Dev project ${index}` });
      await assignDeveloper(server.db, project.id, dev.id);
      mine.push(project);
    }
    const notMine = await createProject(server.db, client.id, { title: "Someone else's" });
    await assignDeveloper(server.db, notMine.id, other.id);

    const plan: [string, number | undefined][] = [
      ["todo", 0],
      ["todo", 3],
      ["in_progress", 7],
      ["in_progress", 8],
      ["review", -1],
      ["review", undefined],
      ["completed", 1],
    ];
    const created = [];
    for (const [status, dueInDays] of plan) {
      created.push(
        await createTask(server.db, dev.id, admin.id, {
          status: status as (typeof TASK_STATUSES)[number],
          dueInDays,
          projectId: mine[0]?.id,
        }),
      );
    }
    await createTask(server.db, other.id, admin.id, { dueInDays: 1 });
    await createTask(server.db, null, admin.id, { dueInDays: 1 });

    const response = await dev.client.request("GET", "/api/dashboard");
    expect(response.status).toBe(200);
    const json = response.json;
    expect(json.role).toBe("developer");

    // Recount from the rows.
    const taskRows = await server.db.select().from(tasks).where(eq(tasks.assignedTo, dev.id));
    expect(json.tasks).toEqual(
      Object.fromEntries(TASK_STATUSES.map((status) => [status, taskRows.filter((t) => t.status === status).length])),
    );
    expect(json.tasks).toEqual({ todo: 2, in_progress: 2, review: 2, completed: 1 });
    const assigned = await server.db.select().from(projectDevelopers).where(eq(projectDevelopers.developerId, dev.id));
    expect(json.projects).toEqual({ total: assigned.length });
    expect(json.projects.total).toBe(7);
    expect(json.recentProjects.map((row: { id: string }) => row.id)).toEqual(mine.slice(0, 5).map((row) => row.id));

    // Due today, in 3 and in 7 days; not in 8, not overdue, not completed, nobody else's.
    expect(json.dueSoon.map((row: { id: string }) => row.id)).toEqual(
      [created[0], created[1], created[2]].map((row) => row?.id),
    );
    expect(json.dueSoon[0]).toMatchObject({
      title: created[0]?.title,
      status: "todo",
      projectTitle: mine[0]?.title,
      openableProjectId: mine[0]?.id,
    });
    expect(JSON.stringify(json)).not.toContain(notMine.id);

    // A task of theirs on a project they are not on: named, not offered to open.
    const elsewhere = await createTask(server.db, dev.id, admin.id, { dueInDays: 2, projectId: notMine.id });
    const again = (await dev.client.request("GET", "/api/dashboard")).json;
    expect(again.dueSoon.find((row: { id: string }) => row.id === elsewhere.id)).toMatchObject({
      projectTitle: "Someone else's",
      openableProjectId: null,
    });
    expect(JSON.stringify(again)).not.toContain(notMine.id);
  });
});

describe("GET /api/dashboard as a developer: running totals", () => {
  /** Their figures counted from the rows, as the dashboard answered them before they were running totals. */
  async function recountDeveloper(developerId: string) {
    const taskRows = await server.db.select().from(tasks).where(eq(tasks.assignedTo, developerId));
    const assigned = await server.db
      .select()
      .from(projectDevelopers)
      .where(eq(projectDevelopers.developerId, developerId));
    return {
      tasks: Object.fromEntries(
        TASK_STATUSES.map((status) => [status, taskRows.filter((t) => t.status === status).length]),
      ),
      projects: { total: assigned.length },
    };
  }
  const figures = async (person: Person) => {
    const { tasks: counted, projects: total } = (await person.client.request("GET", "/api/dashboard")).json;
    return { tasks: counted, projects: total };
  };

  it("stay equal to a recount through status changes, reassignments, several rows at once, deletes and unassignments", async () => {
    const [dev, other] = [await newPerson(server, "developer"), await newPerson(server, "developer")];
    const client = await newPerson(server, "client");
    expect(await figures(dev)).toEqual({
      tasks: { todo: 0, in_progress: 0, review: 0, completed: 0 },
      projects: { total: 0 },
    });

    const [first, second] = [await createProject(server.db, client.id), await createProject(server.db, client.id)];
    await assignDeveloper(server.db, first.id, dev.id);
    await assignDeveloper(server.db, second.id, dev.id);
    await assignDeveloper(server.db, second.id, other.id);
    const made = [];
    for (const status of ["todo", "todo", "in_progress", "review"] as const)
      made.push(await createTask(server.db, dev.id, admin.id, { status }));
    expect(await figures(dev)).toEqual(await recountDeveloper(dev.id));

    const [a, b, c, d] = made.map((task) => task.id as string);
    await server.db
      .update(tasks)
      .set({ status: "completed" })
      .where(eq(tasks.id, a as string));
    await server.db
      .update(tasks)
      .set({ assignedTo: other.id })
      .where(eq(tasks.id, b as string));
    await server.db
      .update(tasks)
      .set({ assignedTo: null })
      .where(eq(tasks.id, c as string));
    expect(await figures(dev)).toEqual(await recountDeveloper(dev.id));
    expect(await figures(other)).toEqual(await recountDeveloper(other.id));
    expect((await figures(dev)).tasks).toEqual({ todo: 0, in_progress: 0, review: 1, completed: 1 });

    // One statement over rows of two assignees and an unassigned one, then a delete and an unassignment.
    await server.db
      .update(tasks)
      .set({ status: "in_progress" })
      .where(inArray(tasks.id, [a, b, c, d] as string[]));
    await server.db.delete(tasks).where(eq(tasks.id, d as string));
    await server.db.delete(projectDevelopers).where(eq(projectDevelopers.projectId, second.id));
    expect(await figures(dev)).toEqual(await recountDeveloper(dev.id));
    expect(await figures(other)).toEqual(await recountDeveloper(other.id));
    expect(await figures(dev)).toEqual({
      tasks: { todo: 0, in_progress: 1, review: 0, completed: 0 },
      projects: { total: 1 },
    });
  });
});

describe("GET /api/dashboard: who may ask", () => {
  it("answers 401 to anonymous, 403 to administrators, 400 to an unknown query parameter", async () => {
    const anonymous = await server.client().request("GET", "/api/dashboard");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe("unauthorized");
    expect((await admin.client.request("GET", "/api/dashboard")).status).toBe(403);
    const client = await newPerson(server, "client");
    expect((await client.client.request("GET", "/api/dashboard?clientId=someone")).status).toBe(400);
  });
});

describe("live dashboard key", () => {
  const subscribe = (person: Person) => sockets.open(person.client);
  const isInvalidate = (frame: LiveFrame) => (frame.type as string) === "invalidate";

  it("a task status change invalidates its assignee's dashboard and not another developer's", async () => {
    const [dev, other] = [await newPerson(server, "developer"), await newPerson(server, "developer")];
    const task = await createTask(server.db, dev.id, admin.id, { status: "todo" });
    const [devLive, otherLive] = [await subscribe(dev), await subscribe(other)];
    expect(await devLive.subscribe(KEY)).toMatchObject({ type: "subscribed" });
    expect(await otherLive.subscribe(KEY)).toMatchObject({ type: "subscribed" });

    const before = (await dev.client.request("GET", "/api/dashboard")).json.tasks;
    expect((await dev.client.request("PATCH", `/api/tasks/${task.id}/status`, { status: "review" })).status).toBe(200);
    expect(await devLive.next(isInvalidate)).toEqual({ type: "invalidate", key: KEY });
    const after = (await dev.client.request("GET", "/api/dashboard")).json.tasks;
    expect(after).toEqual({ ...before, todo: before.todo - 1, review: before.review + 1 });
    await sleep(300);
    expect(otherLive.frames.some(isInvalidate)).toBe(false);
  });

  it("a task reassigned away reaches its previous assignee too", async () => {
    const [from, to, bystander] = [
      await newPerson(server, "developer"),
      await newPerson(server, "developer"),
      await newPerson(server, "developer"),
    ];
    const task = await createTask(server.db, to.id, admin.id);
    const live = [await subscribe(from), await subscribe(to), await subscribe(bystander)];
    for (const socket of live) expect(await socket.subscribe(KEY)).toMatchObject({ type: "subscribed" });
    await server.db.transaction((tx) =>
      publishChange(tx, {
        topic: "tasks",
        op: "update",
        id: task.id,
        assignedTo: to.id,
        previousAssignedTo: from.id,
        projectClientId: null,
        previousProjectClientId: null,
      }),
    );
    await live[0]?.next(isInvalidate);
    await live[1]?.next(isInvalidate);
    await sleep(300);
    expect(live[2]?.frames.some(isInvalidate)).toBe(false);
  });

  it("an invoice or project change reaches its client (and the project's developers), no one else", async () => {
    const [a, b, dev] = [
      await newPerson(server, "client"),
      await newPerson(server, "client"),
      await newPerson(server, "developer"),
    ];
    const [aLive, bLive, devLive] = [await subscribe(a), await subscribe(b), await subscribe(dev)];
    for (const socket of [aLive, bLive, devLive])
      expect(await socket.subscribe(KEY)).toMatchObject({ type: "subscribed" });

    const invoice = await createInvoice(server.db, a.id);
    await server.db.transaction((tx) =>
      publishChange(tx, { topic: "invoices", op: "insert", id: invoice.id, clientId: a.id, previousClientId: null }),
    );
    await aLive.next(isInvalidate);
    await sleep(300);
    expect(bLive.frames.some(isInvalidate)).toBe(false);
    expect(devLive.frames.some(isInvalidate)).toBe(false);

    const project = await createProject(server.db, a.id);
    await assignDeveloper(server.db, project.id, dev.id);
    await server.db.transaction((tx) =>
      publishChange(tx, { topic: "projects", op: "insert", id: project.id, clientId: a.id, developerIds: [dev.id] }),
    );
    await devLive.next(isInvalidate);
    await sleep(300);
    expect(aLive.frames.filter(isInvalidate)).toHaveLength(2);
    expect(bLive.frames.some(isInvalidate)).toBe(false);
  });

  it("administrators cannot subscribe to it", async () => {
    const adminLive = await subscribe(admin);
    expect(await adminLive.subscribe(KEY)).toMatchObject({ type: "error" });
  });
});
