import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_COUNTED_MAX } from "../../common/api";
import { assignDevelopers } from "../../server/data/projects";
import { notifications, projectDevelopers, users } from "../../server/db/schema";
import { ACTOR_EMAILS, ACTORS, type ActorName, signInActors } from "../support/actors";
import { type LiveSocket, liveSockets, openLive } from "../support/live";
import { newPerson } from "../support/portal";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer } from "../support/server";
import { createService } from "../support/services";

/**
 * Issue #8 item 4: the notification centre. Each event makes exactly one
 * notification for each person the rules let read what it is about, never
 * the actor; the list and the count show only what the person may read now;
 * read and read-all touch only one's own; ["notifications"] tells only the
 * recipients. The six actors of test/integration/live-rules.test.ts.
 */
type Notification = { id: string; kind: string; title: string; body: string; link: string; readAt: string | null };

let server: TestServer;
let http: Record<ActorName, Client>;
let id: Record<ActorName, string>;
const sockets = liveSockets(() => server.url);

beforeAll(async () => {
  server = await startTestServer();
  ({ http, id } = await signInActors(server));
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

const newProject = () =>
  createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA, developerEmails: [ACTOR_EMAILS.devIn] });

async function list(actor: ActorName): Promise<Notification[]> {
  const response = await http[actor].request("GET", "/api/notifications?limit=100");
  expect(response.status).toBe(200);
  return response.json.items;
}

async function unread(actor: ActorName): Promise<number> {
  const response = await http[actor].request("GET", "/api/notifications/count");
  expect(response.status).toBe(200);
  return response.json.unread;
}

async function ok(response: Promise<{ status: number; json: { id?: string; updatedAt?: string } }>, status = 201) {
  const done = await response;
  expect(done.status).toBe(status);
  return done.json;
}

/** Each row: an event, and how many notifications of `kind` each actor gets from it (client A, client B, dev in, dev out, admin). */
const events: {
  name: string;
  kind: string;
  gets: [number, number, number, number, number];
  act(): Promise<unknown>;
}[] = [
  {
    name: "client A writes on their project",
    kind: "message",
    gets: [0, 0, 1, 0, 1],
    act: async () =>
      ok(http.clientA.request("POST", `/api/projects/${await newProject()}/messages`, { message: "Hello team" })),
  },
  {
    name: "the administrator writes on client A's project",
    kind: "message",
    gets: [1, 0, 1, 0, 0],
    act: async () =>
      ok(http.admin.request("POST", `/api/projects/${await newProject()}/messages`, { message: "Hello client" })),
  },
  {
    name: "the assigned developer writes",
    kind: "message",
    gets: [1, 0, 0, 0, 1],
    act: async () =>
      ok(http.devIn.request("POST", `/api/projects/${await newProject()}/messages`, { message: "Progress" })),
  },
  {
    name: "client A adds a milestone",
    kind: "milestone_added",
    gets: [0, 0, 1, 0, 1],
    act: async () =>
      ok(
        http.clientA.request("POST", `/api/projects/${await newProject()}/milestones`, {
          title: "Design",
          amount: "1500",
        }),
      ),
  },
  {
    name: "the administrator marks a milestone paid",
    kind: "milestone_paid",
    gets: [1, 0, 1, 0, 0],
    async act() {
      const projectId = await newProject();
      const milestone = await ok(
        http.admin.request("POST", `/api/projects/${projectId}/milestones`, { title: "Build", amount: "2500" }),
      );
      await ok(http.admin.request("PATCH", `/api/milestones/${milestone.id}`, { paymentStatus: "paid" }), 200);
    },
  },
  {
    name: "the administrator assigns a task to the assigned developer",
    kind: "task_assigned",
    gets: [0, 0, 1, 0, 0],
    act: () => ok(http.admin.request("POST", "/api/admin/tasks", { title: "Wire up", assignedTo: id.devIn })),
  },
  {
    name: "the developer moves their task (its creator hears it)",
    kind: "task_status",
    gets: [0, 0, 0, 0, 1],
    async act() {
      const task = await ok(http.admin.request("POST", "/api/admin/tasks", { title: "Move", assignedTo: id.devIn }));
      await ok(http.devIn.request("PATCH", `/api/tasks/${task.id}/status`, { status: "in_progress" }), 200);
    },
  },
  {
    name: "client A books a service",
    kind: "order_new",
    gets: [0, 0, 0, 0, 1],
    act: async () =>
      ok(http.clientA.request("POST", "/api/orders", { serviceId: (await createService(server.db)).id })),
  },
  {
    name: "the administrator approves client A's booking",
    kind: "order_status",
    gets: [1, 0, 0, 0, 0],
    async act() {
      const serviceId = (await createService(server.db)).id;
      const order = await ok(http.clientA.request("POST", "/api/orders", { serviceId }));
      await ok(http.admin.request("POST", `/api/admin/bookings/${order.id}/approve`), 200);
    },
  },
  {
    name: "the administrator issues client A an invoice",
    kind: "invoice_issued",
    gets: [1, 0, 0, 0, 0],
    act: () =>
      ok(
        http.admin.request("POST", "/api/admin/invoices", {
          clientId: id.clientA,
          projectId: null,
          amount: "5000",
          dueDate: "2030-01-31",
        }),
      ),
  },
  {
    name: "someone sends an enquiry from the public site",
    kind: "enquiry_new",
    gets: [0, 0, 0, 0, 1],
    act: () =>
      ok(
        server.client().request("POST", "/api/enquiries", {
          firstName: "Ada",
          lastName: "Notified",
          email: "ada@example.com",
          company: "",
          service: "it-solutions",
          budget: "over-100k",
          message: "Please call me back.",
          website: "",
        }),
      ),
  },
];

async function kindCounts(kind: string) {
  return Promise.all(ACTORS.map(async (actor) => (await list(actor)).filter((n) => n.kind === kind).length));
}

describe("who is notified", () => {
  for (const event of events) {
    it(`${event.name}: exactly the people the rules let read it, never the actor`, async () => {
      const before = await kindCounts(event.kind);
      await event.act();
      const after = await kindCounts(event.kind);
      expect(after.map((count, i) => count - (before[i] ?? 0))).toEqual(event.gets);
    });
  }

  it("a task's move names its status as the portal does", async () => {
    const task = await ok(http.admin.request("POST", "/api/admin/tasks", { title: "Label", assignedTo: id.devIn }));
    await ok(http.devIn.request("PATCH", `/api/tasks/${task.id}/status`, { status: "in_progress" }), 200);
    const notice = (await list("admin")).find((n) => n.kind === "task_status");
    expect(notice?.title).toBe("Task moved to In Progress");
  });

  it("anonymous has no notifications and cannot read or mark any", async () => {
    const anonymous = server.client();
    expect((await anonymous.request("GET", "/api/notifications")).status).toBe(401);
    expect((await anonymous.request("GET", "/api/notifications/count")).status).toBe(401);
    expect((await anonymous.request("POST", "/api/notifications/read-all")).status).toBe(401);
  });

  it("many messages on one project leave one unread notification per person, with the newest text", async () => {
    const projectId = await newProject();
    const countBefore = await unread("devIn");
    for (const message of ["First", "Second", "Third"])
      await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message }));
    const mine = (await list("devIn")).filter((n) => n.link === `/portal/projects/${projectId}`);
    expect(mine).toHaveLength(1);
    const author = (await http.clientA.request("GET", "/api/me")).json.fullName;
    expect(mine[0]?.body).toBe(`${author}: Third`);
    expect(await unread("devIn")).toBe(countBefore + 1);
    // Once read, the next message makes a new one.
    await ok(http.devIn.request("POST", `/api/notifications/${mine[0]?.id}/read`), 204);
    await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Fourth" }));
    expect((await list("devIn")).filter((n) => n.link === `/portal/projects/${projectId}`)).toHaveLength(2);
  });

  it("a message's notification names its author as they are now, renamed a moment before", async () => {
    const projectId = await newProject();
    const before = (await http.clientA.request("GET", "/api/me")).json.fullName;
    await ok(http.clientA.request("PATCH", "/api/me", { fullName: "Renamed Author" }), 200);
    try {
      await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Hello" }));
      const mine = (await list("devIn")).filter((n) => n.link === `/portal/projects/${projectId}`);
      expect(mine.map((n) => n.body)).toEqual(["Renamed Author: Hello"]);
    } finally {
      await ok(http.clientA.request("PATCH", "/api/me", { fullName: before }), 200);
    }
  });
});

describe("reading notifications", () => {
  it("read and read-all touch only one's own; another's is not found", async () => {
    const projectId = await newProject();
    await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "For the team" }));
    const adminsNote = (await list("admin")).find((n) => n.link === `/portal/projects/${projectId}`);
    const devsNote = (await list("devIn")).find((n) => n.link === `/portal/projects/${projectId}`);
    if (!adminsNote || !devsNote) throw new Error("no notification");
    for (const actor of ["clientA", "clientB", "devOut"] as const)
      expect((await http[actor].request("POST", `/api/notifications/${devsNote.id}/read`)).status).toBe(404);
    expect((await http.devIn.request("POST", "/api/notifications/not-an-id/read")).status).toBe(400);
    const adminUnread = await unread("admin");
    await ok(http.devIn.request("POST", `/api/notifications/${devsNote.id}/read`), 204);
    // Reading twice is fine; the administrator's copy is untouched.
    await ok(http.devIn.request("POST", `/api/notifications/${devsNote.id}/read`), 204);
    expect((await list("devIn")).find((n) => n.id === devsNote.id)?.readAt).not.toBeNull();
    expect(await unread("admin")).toBe(adminUnread);
    expect((await list("admin")).find((n) => n.id === adminsNote.id)?.readAt).toBeNull();

    await ok(http.devIn.request("POST", "/api/notifications/read-all"), 204);
    expect(await unread("devIn")).toBe(0);
    expect(await unread("admin")).toBe(adminUnread);
  });

  it("reading the thread to its end reads its message notification too; reading part of it does not", async () => {
    const projectId = await newProject();
    const first = await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "One" }));
    const second = await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Two" }));
    const isIt = (n: Notification) => n.link === `/portal/projects/${projectId}`;
    await ok(http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: first.id }), 200);
    expect((await list("devIn")).find(isIt)?.readAt).toBeNull();
    await ok(http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: second.id }), 200);
    expect((await list("devIn")).find(isIt)?.readAt).not.toBeNull();
    // The administrator has not read it: theirs stays unread.
    expect((await list("admin")).find(isIt)?.readAt).toBeNull();
  });

  it("the count equals the list's unread, for every actor", async () => {
    await ok(http.admin.request("POST", `/api/projects/${await newProject()}/messages`, { message: "Count me" }));
    for (const actor of ACTORS) {
      const items = await list(actor);
      expect(items.length).toBeLessThan(100);
      expect(await unread(actor), actor).toBe(items.filter((n) => n.readAt === null).length);
    }
  });

  it("counts up to NOTIFICATIONS_COUNTED_MAX unread: the bell shows 99+, and the count reads no more rows", async () => {
    const person = await newPerson(server, "admin");
    const notice = () => ({
      userId: person.id,
      kind: "enquiry",
      title: "An enquiry",
      link: "/portal/admin/enquiries",
      entity: "enquiry",
      entityId: randomUUID(),
    });
    const countOf = async () => (await person.client.request("GET", "/api/notifications/count")).json.unread;
    await server.db.insert(notifications).values(Array.from({ length: NOTIFICATIONS_COUNTED_MAX - 1 }, notice));
    expect(await countOf()).toBe(NOTIFICATIONS_COUNTED_MAX - 1);
    await server.db.insert(notifications).values(Array.from({ length: 30 }, notice));
    expect(await countOf()).toBe(NOTIFICATIONS_COUNTED_MAX);
  });

  it("pages newest first by cursor", async () => {
    const projectIds = [await newProject(), await newProject(), await newProject()];
    for (const projectId of projectIds)
      await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Paged" }));
    const first = await http.devIn.request("GET", "/api/notifications?limit=2");
    expect(first.json.items).toHaveLength(2);
    expect(first.json.items[0].link).toBe(`/portal/projects/${projectIds[2]}`);
    expect(first.json.items[1].link).toBe(`/portal/projects/${projectIds[1]}`);
    const second = await http.devIn.request("GET", `/api/notifications?limit=2&cursor=${first.json.next}`);
    expect(second.json.items[0].link).toBe(`/portal/projects/${projectIds[0]}`);
    // Another person's notification names no position in one's own list: an empty page.
    const foreign = await http.clientA.request("GET", `/api/notifications?limit=2&cursor=${first.json.next}`);
    expect(foreign.status).toBe(200);
    expect(foreign.json).toEqual({ items: [], next: null });
  });

  it("a developer taken off a project no longer sees its notifications, in the list or the count", async () => {
    const projectId = await newProject();
    await http.devIn.request("POST", "/api/notifications/read-all");
    await ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Before removal" }));
    expect(await unread("devIn")).toBe(1);
    const note = (await list("devIn")).find((n) => n.link === `/portal/projects/${projectId}`);
    expect(note).toBeDefined();
    await server.db
      .delete(projectDevelopers)
      .where(and(eq(projectDevelopers.projectId, projectId), eq(projectDevelopers.developerId, id.devIn)));
    expect(await unread("devIn")).toBe(0);
    expect((await list("devIn")).some((n) => n.link === `/portal/projects/${projectId}`)).toBe(false);
    expect((await http.devIn.request("POST", `/api/notifications/${note?.id}/read`)).status).toBe(404);
    // The row is still there (the check is made when shown): put back on the project, they see it again.
    expect(
      (
        await server.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, note?.id ?? ""))
      ).length,
    ).toBe(1);
    await assignDevelopers(server.db, [{ projectId, developerId: id.devIn }]);
    expect(await unread("devIn")).toBe(1);
  });

  it("a deactivated developer or client kept on a project gets no notices of it (no backlog on reactivation)", async () => {
    const developer = await newPerson(server, "developer");
    const client = await newPerson(server, "client");
    const projectId = await createProject(server.db, { clientEmail: client.email, developerEmails: [developer.email] });
    await server.db
      .update(users)
      .set({ archivedAt: new Date() })
      .where(inArray(users.id, [developer.id, client.id]));
    const told = async () =>
      (
        await server.db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(eq(notifications.link, `/portal/projects/${projectId}`))
      ).map((row) => row.userId);
    await ok(http.admin.request("POST", `/api/projects/${projectId}/messages`, { message: "While they are away" }));
    expect(await told()).not.toContain(developer.id);
    expect(await told()).not.toContain(client.id);
    // Someone active on it is still told: the project's other people (here, administrators but the author).
    await server.db
      .update(users)
      .set({ archivedAt: null })
      .where(inArray(users.id, [developer.id, client.id]));
    await ok(http.admin.request("POST", `/api/projects/${projectId}/messages`, { message: "They are back" }));
    expect(await told()).toEqual(expect.arrayContaining([developer.id, client.id]));
  });

  it("a task reassigned away is no longer shown to its former assignee", async () => {
    const task = await ok(http.admin.request("POST", "/api/admin/tasks", { title: "Hand over", assignedTo: id.devIn }));
    const isIt = (n: Notification) => n.kind === "task_assigned" && n.body === "Hand over";
    expect((await list("devIn")).some(isIt)).toBe(true);
    await ok(
      http.admin.request("PUT", `/api/admin/tasks/${task.id}`, {
        title: "Hand over",
        assignedTo: id.devOut,
        expectedUpdatedAt: task.updatedAt,
      }),
      200,
    );
    expect((await list("devIn")).some(isIt)).toBe(false);
    expect((await list("devOut")).some(isIt)).toBe(true);
  });
});

describe("live bell", () => {
  it('["notifications"] tells only the recipients, and a read tells only the reader', async () => {
    const socket = {} as Record<ActorName, LiveSocket>;
    for (const actor of ACTORS) {
      const opened = await sockets.open(http[actor]);
      socket[actor] = opened;
      expect((await opened.subscribe(["notifications"])).type).toBe("subscribed");
    }
    const invalidations = (actor: ActorName) => socket[actor].frames.filter((f) => f.type === "invalidate").length;
    let before = ACTORS.map(invalidations);
    await ok(http.clientA.request("POST", `/api/projects/${await newProject()}/messages`, { message: "Ding" }));
    await socket.devIn.next((f) => f.type === "invalidate");
    await socket.admin.next((f) => f.type === "invalidate");
    await sleep(300);
    expect(ACTORS.map((actor, i) => invalidations(actor) - (before[i] ?? 0))).toEqual([0, 0, 1, 0, 1]);

    before = ACTORS.map(invalidations);
    await ok(http.admin.request("POST", "/api/notifications/read-all"), 204);
    await socket.admin.next((f) => f.type === "invalidate");
    await sleep(300);
    expect(ACTORS.map((actor, i) => invalidations(actor) - (before[i] ?? 0))).toEqual([0, 0, 0, 0, 1]);
  });

  it("a change of access tells the bells whose notices it hides or shows: a task reassigned or deleted, a developer taken off", async () => {
    const devIn = await sockets.open(http.devIn);
    const devOut = await sockets.open(http.devOut);
    for (const socket of [devIn, devOut]) expect((await socket.subscribe(["notifications"])).type).toBe("subscribed");
    const count = (socket: LiveSocket) => socket.frames.filter((f) => f.type === "invalidate").length;
    /** Until no invalidate has arrived on either socket for a while: what earlier steps sent is in. */
    async function settled() {
      for (let before = -1; before !== count(devIn) + count(devOut); ) {
        before = count(devIn) + count(devOut);
        await sleep(300);
      }
    }
    /** `act`, then an invalidate on each of `told` beyond what it had, then quiet. */
    async function tells(told: LiveSocket[], act: () => Promise<unknown>) {
      const before = told.map(count);
      await act();
      await Promise.all(
        told.map((socket, i) => expect.poll(() => count(socket), { timeout: 3_000 }).toBeGreaterThan(before[i] ?? 0)),
      );
      await settled();
    }

    await ok(http.devIn.request("POST", "/api/notifications/read-all"), 204);
    await settled();
    let task = { id: "", updatedAt: "" };
    await tells([devIn], async () => {
      task = (await ok(
        http.admin.request("POST", "/api/admin/tasks", { title: "Passed on", assignedTo: id.devIn }),
      )) as { id: string; updatedAt: string };
    });
    // Reassigned: devIn's notice of it goes though no notification of theirs changed (devOut is told of it).
    await tells([devIn], () =>
      ok(
        http.admin.request("PUT", `/api/admin/tasks/${task.id}`, {
          title: "Passed on",
          assignedTo: id.devOut,
          expectedUpdatedAt: task.updatedAt,
        }),
        200,
      ),
    );
    // Deleted: devOut's notice of it goes.
    await tells([devOut], () => ok(http.admin.request("DELETE", `/api/admin/tasks/${task.id}`), 204));

    // Taken off a project whose message they were told of: the notice leaves devIn's bell.
    const projectId = await newProject();
    await tells([devIn], () =>
      ok(http.clientA.request("POST", `/api/projects/${projectId}/messages`, { message: "Before they leave" })),
    );
    const project = (await ok(http.admin.request("GET", `/api/admin/projects/${projectId}`), 200)) as Record<
      string,
      unknown
    >;
    const { title, description, clientId, status, progress, startDate, endDate } = project;
    await tells([devIn], () =>
      ok(
        http.admin.request("PATCH", `/api/admin/projects/${projectId}`, {
          ...{ title, description, clientId, status, progress, startDate, endDate },
          developerIds: [],
          expectedUpdatedAt: project.updatedAt,
        }),
        200,
      ),
    );
    // What they were told since reading all went with the task and the project.
    expect(await unread("devIn")).toBe(0);
  });

  it("anonymous cannot open the live channel", async () => {
    expect(await openLive(server.url, null)).toEqual({ rejected: true, status: 401 });
  });
});
