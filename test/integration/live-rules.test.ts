import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { AdminProject, ProjectForm } from "../../common/admin-money";
import {
  type Invoice,
  invoiceSchema,
  messageSchema,
  milestoneSchema,
  serviceOrderSchema,
  serviceSchema,
  type Task,
  taskSchema,
} from "../../common/api";
import { assignDevelopers } from "../../server/data/projects";
import type { Tx } from "../../server/db";
import {
  contactEnquiries,
  invoices,
  messageFiles,
  milestones,
  plans,
  projectDevelopers,
  projectFiles,
  projectMessages,
  projects,
  serviceOrders,
  services,
  tasks,
  users,
} from "../../server/db/schema";
import { type Change, publishChange } from "../../server/functions/changes";
import type { LiveCollection } from "../../server/live/collection";
import { ACTOR_EMAILS, ACTORS, type ActorName } from "../support/actors";
import { invoiceNumber, lagosDay } from "../support/invoices";
import { type LiveFrame, type LiveSocket, openLive } from "../support/live";
import { createPeople } from "../support/people";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";
import { versionOf } from "../support/versions";

/**
 * Issue #11 item 1: every live key of server/live/registry.ts × the six actors
 * of test/unit/rules.test.ts (anonymous, client A who owns the rows, client B,
 * the assigned developer, an unassigned developer, an administrator). For each
 * key: subscribing is allowed or answers not_found as the rules say; an
 * insert, an update and a delete each reach exactly the actors the rules let
 * read the row (with the right op and only the fields of the REST view), and
 * no one else; deletes reach exactly who inserts reached. Then access revoked
 * mid-connection stops delivery. One server, one socket per actor, reused.
 */

const QUIET_MS = 300;
const DELIVERY_MS = 5_000;

/** The five actors who can open the live channel; anonymous is refused the channel itself (asserted once). */
type Five<T> = readonly [T, T, T, T, T];

let server: TestServer;
const http = {} as Record<ActorName, Client>;
const socket = {} as Record<ActorName, LiveSocket>;
const id = {} as Record<ActorName, string>;
/** A project of the test's own: client A's, with the assigned developer on it. */
let projectId: string;
/** An active service client A orders in the orders row. */
let orderableServiceId: string;

type Key = (string | number)[];
const sameKey = (a: unknown, b: Key) => JSON.stringify(a) === JSON.stringify(b);

/** Runs `write` and its publishChange in one transaction, as the product's writes do. */
async function commit(write: (tx: Tx) => Promise<unknown>, change: Change) {
  await server.db.transaction(async (tx) => {
    await write(tx);
    await publishChange(tx, change);
  });
}

type Row = {
  name: string;
  key: () => Key;
  /** Whether subscribing is allowed (else not_found), per actor in ACTORS order. */
  subscribe: Five<boolean>;
  /** Who receives an in-scope row's insert, update and delete, per actor in ACTORS order. */
  receives: Five<boolean>;
  /** A row (merged into the list, with only the view's fields) or "refetch this key". */
  push: { view: z.ZodObject } | "invalidate";
  insert(): Promise<string>;
  update(rowId: string): Promise<void>;
  remove(rowId: string): Promise<void>;
};

//                 client A, client B, dev in, dev out, admin
const T = true;
const F = false;

const table: Row[] = [
  {
    name: "project messages",
    key: () => ["projects", projectId, "messages"],
    subscribe: [T, F, T, F, T],
    receives: [T, F, T, F, T],
    push: { view: messageSchema },
    async insert() {
      const response = await http.clientA.request("POST", `/api/projects/${projectId}/messages`, {
        message: "A message for the live rules",
      });
      expect(response.status).toBe(201);
      return response.json.id;
    },
    // Messages are never edited through the API; the change a moderation tool would make.
    update: (rowId) =>
      commit((tx) => tx.update(projectMessages).set({ message: "Edited" }).where(eq(projectMessages.id, rowId)), {
        topic: "project_messages",
        op: "update",
        id: rowId,
        projectId,
      }),
    remove: (rowId) =>
      commit((tx) => tx.delete(projectMessages).where(eq(projectMessages.id, rowId)), {
        topic: "project_messages",
        op: "delete",
        id: rowId,
        projectId,
      }),
  },
  {
    // Issue #8: a message with a file reaches only readers of the project; deleting its file pushes the
    // message again (the file shown removed), to the same people.
    name: "project messages with files",
    key: () => ["projects", projectId, "messages"],
    subscribe: [T, F, T, F, T],
    receives: [T, F, T, F, T],
    push: { view: messageSchema },
    async insert() {
      const file = await http.clientA.request("POST", `/api/projects/${projectId}/files`, "Attached notes\n", {
        headers: { "content-type": "text/plain", "x-file-name": "attached.txt" },
      });
      expect(file.status).toBe(201);
      const response = await http.clientA.request("POST", `/api/projects/${projectId}/messages`, {
        fileIds: [file.json.id],
      });
      expect(response.status).toBe(201);
      expect(response.json.files).toMatchObject([{ id: file.json.id, name: "attached.txt" }]);
      return response.json.id;
    },
    async update(rowId) {
      const [attached] = await server.db
        .select({ fileId: messageFiles.fileId })
        .from(messageFiles)
        .where(eq(messageFiles.messageId, rowId));
      expect((await http.clientA.request("DELETE", `/api/files/${attached?.fileId}`)).status).toBe(204);
    },
    remove: (rowId) =>
      commit((tx) => tx.delete(projectMessages).where(eq(projectMessages.id, rowId)), {
        topic: "project_messages",
        op: "delete",
        id: rowId,
        projectId,
      }),
  },
  {
    name: "project milestones",
    key: () => ["projects", projectId, "milestones"],
    subscribe: [T, F, T, F, T],
    receives: [T, F, T, F, T],
    push: { view: milestoneSchema },
    async insert() {
      const response = await http.clientA.request("POST", `/api/projects/${projectId}/milestones`, {
        title: "Live rules milestone",
        amount: "1500",
      });
      expect(response.status).toBe(201);
      return response.json.id;
    },
    async update(rowId) {
      const response = await http.clientA.request("PATCH", `/api/milestones/${rowId}`, { status: "completed" });
      expect(response.status).toBe(200);
    },
    remove: (rowId) =>
      commit((tx) => tx.delete(milestones).where(eq(milestones.id, rowId)), {
        topic: "milestones",
        op: "delete",
        id: rowId,
        projectId,
      }),
  },
  {
    name: "my tasks",
    key: () => ["tasks", "mine"],
    // Everyone signed in has a task list: their own tasks, a client's those on their projects. The row is assigned
    // to the assigned developer, on client A's project.
    subscribe: [T, T, T, T, T],
    receives: [T, F, T, F, T],
    push: { view: taskSchema },
    insert: () => insertTask(id.devIn),
    async update(rowId) {
      const response = await http.devIn.request("PATCH", `/api/tasks/${rowId}/status`, { status: "in_progress" });
      expect(response.status).toBe(200);
    },
    remove: (rowId) =>
      commit((tx) => tx.delete(tasks).where(eq(tasks.id, rowId)), {
        topic: "tasks",
        op: "delete",
        id: rowId,
        assignedTo: id.devIn,
        previousAssignedTo: id.devIn,
        projectClientId: id.clientA,
        previousProjectClientId: id.clientA,
      }),
  },
  {
    // My Tasks shown for one status (Show): the same people as the whole list, for a task of that status.
    name: "my tasks of one status",
    key: () => ["tasks", "mine", "todo"],
    subscribe: [T, T, T, T, T],
    receives: [T, F, T, F, T],
    push: { view: taskSchema },
    insert: () => insertTask(id.devIn),
    // Edited without leaving To Do (leaving it: "a task moved to another status…" below).
    update: (rowId) =>
      commit((tx) => tx.update(tasks).set({ title: "Edited" }).where(eq(tasks.id, rowId)), taskChange("update", rowId)),
    remove: (rowId) => commit((tx) => tx.delete(tasks).where(eq(tasks.id, rowId)), taskChange("delete", rowId)),
  },
  {
    // Project files (issue #8): the open Files panel of everyone on the project refetches its list.
    name: "project files",
    key: () => ["projects", projectId, "files"],
    subscribe: [T, F, T, F, T],
    receives: [T, F, T, F, T],
    push: "invalidate",
    async insert() {
      const response = await http.clientA.request("POST", `/api/projects/${projectId}/files`, "Live rules notes\n", {
        headers: { "content-type": "text/plain", "x-file-name": "live-rules.txt" },
      });
      expect(response.status).toBe(201);
      return response.json.id;
    },
    // Files are never edited through the API; the change a rename would make.
    update: (rowId) =>
      commit((tx) => tx.update(projectFiles).set({ name: "renamed.txt" }).where(eq(projectFiles.id, rowId)), {
        topic: "project_files",
        op: "update",
        id: rowId,
        projectId,
      }),
    async remove(rowId) {
      expect((await http.clientA.request("DELETE", `/api/files/${rowId}`)).status).toBe(204);
    },
  },
  {
    // The My Tasks counters: refetched by whoever's tasks changed (the client of the task's project too), and administrators.
    name: "my task counts",
    key: () => ["tasks", "counts"],
    subscribe: [T, T, T, T, T],
    receives: [T, F, T, F, T],
    push: "invalidate",
    insert: () => insertTask(id.devIn),
    async update(rowId) {
      const response = await http.devIn.request("PATCH", `/api/tasks/${rowId}/status`, { status: "review" });
      expect(response.status).toBe(200);
    },
    remove: (rowId) =>
      commit((tx) => tx.delete(tasks).where(eq(tasks.id, rowId)), {
        topic: "tasks",
        op: "delete",
        id: rowId,
        assignedTo: id.devIn,
        previousAssignedTo: id.devIn,
        projectClientId: id.clientA,
        previousProjectClientId: id.clientA,
      }),
  },
  {
    // Admin › Tasks: every task change tells administrators to refetch their filtered lists.
    name: "admin tasks",
    key: () => ["admin", "tasks"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    // Through the admin routes, on a task assigned to no one (so no one else's list names it).
    async insert() {
      const response = await http.admin.request("POST", "/api/admin/tasks", { title: "Live rules admin task" });
      expect(response.status).toBe(201);
      return response.json.id;
    },
    async update(rowId) {
      const response = await http.admin.request("PUT", `/api/admin/tasks/${rowId}`, {
        title: "Live rules admin task, edited",
        priority: "high",
        expectedUpdatedAt: await versionOf(server.db, tasks, rowId),
      });
      expect(response.status).toBe(200);
    },
    async remove(rowId) {
      expect((await http.admin.request("DELETE", `/api/admin/tasks/${rowId}`)).status).toBe(204);
    },
  },
  {
    // Admin › Enquiries: a contact form submission or a status change tells administrators to refetch.
    name: "admin enquiries",
    key: () => ["admin", "enquiries"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    async insert() {
      const response = await server.client().request("POST", "/api/enquiries", {
        firstName: "Live",
        lastName: "Rules",
        email: "live.rules@example.test",
        message: "An enquiry for the live rules",
      });
      expect(response.status).toBe(201);
      const [row] = await server.db
        .select({ id: contactEnquiries.id })
        .from(contactEnquiries)
        .orderBy(desc(contactEnquiries.createdAt))
        .limit(1);
      return row?.id ?? "";
    },
    async update(rowId) {
      const response = await http.admin.request("PATCH", `/api/admin/enquiries/${rowId}`, { status: "contacted" });
      expect(response.status).toBe(200);
    },
    remove: (rowId) =>
      commit((tx) => tx.delete(contactEnquiries).where(eq(contactEnquiries.id, rowId)), {
        topic: "enquiries",
        op: "delete",
        id: rowId,
      }),
  },
  {
    name: "active services",
    key: () => ["services", "active"],
    // Active services are public: every signed-in person follows the same list.
    subscribe: [T, T, T, T, T],
    receives: [T, T, T, T, T],
    push: { view: serviceSchema },
    insert: () => insertService("active"),
    update: (rowId) =>
      commit(
        (tx) =>
          tx
            .update(services)
            .set({ title: `Renamed ${rowId.slice(0, 8)}` })
            .where(eq(services.id, rowId)),
        {
          topic: "services",
          op: "update",
          id: rowId,
        },
      ),
    remove: (rowId) =>
      commit((tx) => tx.delete(services).where(eq(services.id, rowId)), {
        topic: "services",
        op: "delete",
        id: rowId,
        previousStatus: "active",
      }),
  },
  {
    // The admin services grid: every service, inactive ones too, administrators only.
    name: "admin services",
    key: () => ["admin", "services"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    insert: () => insertService("inactive"),
    update: (rowId) =>
      commit(
        (tx) =>
          tx
            .update(services)
            .set({ title: `Draft ${rowId.slice(0, 8)}` })
            .where(eq(services.id, rowId)),
        {
          topic: "services",
          op: "update",
          id: rowId,
          previousStatus: "inactive",
        },
      ),
    remove: (rowId) =>
      commit((tx) => tx.delete(services).where(eq(services.id, rowId)), {
        topic: "services",
        op: "delete",
        id: rowId,
        previousStatus: "inactive",
      }),
  },
  {
    // Plan management: every plan, hidden ones too, administrators only.
    name: "admin plans",
    key: () => ["admin", "plans"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    async insert() {
      const planId = randomUUID();
      await commit(
        (tx) =>
          tx.insert(plans).values({
            id: planId,
            slug: `live-rules-${planId.slice(0, 8)}`,
            category: "social",
            name: `Live rules plan ${planId.slice(0, 8)}`,
            price: 10_000_00,
            hidden: true,
          }),
        { topic: "plans", op: "insert", id: planId },
      );
      return planId;
    },
    update: (rowId) =>
      commit((tx) => tx.update(plans).set({ badge: "New" }).where(eq(plans.id, rowId)), {
        topic: "plans",
        op: "update",
        id: rowId,
      }),
    remove: (rowId) =>
      commit((tx) => tx.delete(plans).where(eq(plans.id, rowId)), { topic: "plans", op: "delete", id: rowId }),
  },
  {
    name: "my orders",
    key: () => ["orders", "mine"],
    subscribe: [T, T, F, F, T],
    receives: [T, F, F, F, T],
    push: { view: serviceOrderSchema },
    async insert() {
      const response = await http.clientA.request("POST", "/api/orders", { serviceId: orderableServiceId });
      expect(response.status).toBe(201);
      return response.json.id;
    },
    update: (rowId) =>
      commit((tx) => tx.update(serviceOrders).set({ status: "approved" }).where(eq(serviceOrders.id, rowId)), {
        topic: "service_orders",
        op: "update",
        id: rowId,
        clientId: id.clientA,
      }),
    remove: (rowId) =>
      commit((tx) => tx.delete(serviceOrders).where(eq(serviceOrders.id, rowId)), {
        topic: "service_orders",
        op: "delete",
        id: rowId,
        clientId: id.clientA,
      }),
  },
  {
    name: "invoices list",
    key: () => ["invoices", "list"],
    subscribe: [T, T, F, F, T],
    receives: [T, F, F, F, T],
    push: { view: invoiceSchema },
    insert: () => insertInvoice(id.clientA),
    update: (rowId) => markInvoicePaid(rowId, id.clientA),
    remove: (rowId) => deleteInvoice(rowId, id.clientA),
  },
  {
    name: "invoices summary",
    key: () => ["invoices", "summary"],
    subscribe: [T, T, F, F, T],
    receives: [T, F, F, F, T],
    push: "invalidate",
    insert: () => insertInvoice(id.clientA),
    update: (rowId) => markInvoicePaid(rowId, id.clientA),
    remove: (rowId) => deleteInvoice(rowId, id.clientA),
  },
  {
    // The admin console's counters and newest bookings: administrators only, refetched on any order or invoice.
    name: "admin dashboard",
    key: () => ["admin", "dashboard"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    insert: () => insertOutsidersOrder(),
    update: (rowId) => outsidersOrderChange(rowId, "update"),
    remove: (rowId) => outsidersOrderChange(rowId, "delete"),
  },
  {
    // Its active projects' counter: a project created, completed or deleted.
    name: "admin dashboard, on a project",
    key: () => ["admin", "dashboard"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    ...projectChanges("Live rules dashboard project", { status: "completed" }),
  },
  {
    // Its clients' and developers' counters: published by the users table's triggers (migration 0040).
    name: "admin dashboard, on a person",
    key: () => ["admin", "dashboard"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    ...personChanges("dashboard"),
  },
  {
    // The admin console's people tables and a person's page.
    name: "admin people",
    key: () => ["admin", "people"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    ...personChanges("people"),
  },
  // The admin analytics' figures: administrators only, refetched on any project, task, invoice, order or
  // person change (one collection per topic, server/data/admin-analytics.ts).
  {
    name: "admin analytics, on a person",
    key: () => ["admin", "analytics"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    ...personChanges("analytics"),
  },
  {
    name: "admin analytics, on a project",
    key: () => ["admin", "analytics"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    ...projectChanges("Live rules analytics project", { status: "completed" }),
  },
  {
    name: "admin analytics, on a task",
    key: () => ["admin", "analytics"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    // On no project, so no list but the administrators' names it.
    insert: () => insertTask(null, null),
    update: (rowId) =>
      commit((tx) => tx.update(tasks).set({ status: "completed" }).where(eq(tasks.id, rowId)), {
        topic: "tasks",
        op: "update",
        id: rowId,
        assignedTo: null,
        previousAssignedTo: null,
        projectClientId: null,
        previousProjectClientId: null,
      }),
    remove: (rowId) =>
      commit((tx) => tx.delete(tasks).where(eq(tasks.id, rowId)), {
        topic: "tasks",
        op: "delete",
        id: rowId,
        assignedTo: null,
        previousAssignedTo: null,
        projectClientId: null,
        previousProjectClientId: null,
      }),
  },
  {
    // An invoice of a client who is none of the actors (client A's own invoice list would name the row).
    name: "admin analytics, on an invoice",
    key: () => ["admin", "analytics"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    insert: async () => insertInvoice(await outsiderId()),
    update: async (rowId) => markInvoicePaid(rowId, await outsiderId()),
    remove: async (rowId) => deleteInvoice(rowId, await outsiderId()),
  },
  {
    name: "admin analytics, on an order",
    key: () => ["admin", "analytics"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    insert: () => insertOutsidersOrder(),
    update: (rowId) => outsidersOrderChange(rowId, "update"),
    remove: (rowId) => outsidersOrderChange(rowId, "delete"),
  },
  {
    // The admin Bookings page and the sidebar's pending badge: administrators only, refetched on any order change.
    name: "admin bookings",
    key: () => ["admin", "bookings"],
    subscribe: [F, F, F, F, T],
    receives: [F, F, F, F, T],
    push: "invalidate",
    insert: () => insertOutsidersOrder(),
    update: (rowId) => outsidersOrderChange(rowId, "update"),
    remove: (rowId) => outsidersOrderChange(rowId, "delete"),
  },
  {
    // Clients and developers have a dashboard (administrators have the admin console's); a change
    // reaches only the dashboards whose figures it moves: here an invoice's client's.
    name: "dashboard",
    key: () => ["dashboard"],
    subscribe: [T, T, T, T, F],
    receives: [T, F, T, F, F],
    push: "invalidate",
    // A project's changes: the dashboard and the projects list follow them, both as "refetch", so no
    // key's legitimate push names the row.
    ...projectChanges("Live rules dashboard project", { progress: 40 }),
  },
  {
    // The projects list (issue #7: a project an administrator creates shows in its client's open list):
    // everyone with projects subscribes; a change reaches whoever may read the project, as "refetch".
    name: "projects list",
    key: () => ["projects", "list"],
    subscribe: [T, T, T, T, T],
    receives: [T, F, T, F, T],
    push: "invalidate",
    ...projectChanges("Live rules listed project", { progress: 60 }),
  },
  {
    // An open project page (issue #11): edited or deleted, whoever may read it refetches (a 404 then
    // reads "Project not found"). The test's own project is the one open, so its changes are told as
    // such without taking it away from the other rows (its deletion is tested in admin-projects.test.ts).
    name: "project page",
    key: () => ["projects", projectId, "detail"],
    subscribe: [T, F, T, F, T],
    receives: [T, F, T, F, T],
    push: "invalidate",
    async insert() {
      await commit(async () => {}, projectChange("insert", projectId));
      return projectId;
    },
    update: (rowId: string) =>
      commit(
        (tx) => tx.update(projects).set({ progress: 35 }).where(eq(projects.id, rowId)),
        projectChange("update", rowId),
      ),
    remove: (rowId: string) => commit(async () => {}, projectChange("delete", rowId)),
  },
];

/** A project of client A's, on which the assigned developer works: created, changed by `set`, deleted. */
function projectChanges(title: string, set: Partial<typeof projects.$inferInsert>) {
  return {
    async insert() {
      const rowId = randomUUID();
      await commit(
        async (tx) => {
          await tx.insert(projects).values({ id: rowId, title, clientId: id.clientA });
          await assignDevelopers(tx, [{ projectId: rowId, developerId: id.devIn }]);
        },
        projectChange("insert", rowId),
      );
      return rowId;
    },
    update: (rowId: string) =>
      commit((tx) => tx.update(projects).set(set).where(eq(projects.id, rowId)), projectChange("update", rowId)),
    remove: (rowId: string) =>
      commit((tx) => tx.delete(projects).where(eq(projects.id, rowId)), projectChange("delete", rowId)),
  };
}

/**
 * A client of the test's own, written as plain SQL would write it: added, deactivated, deleted. No
 * change is published by the test: the users table's triggers announce each (migration 0040).
 */
function personChanges(label: string) {
  return {
    async insert() {
      const rowId = randomUUID();
      await server.db.insert(users).values({
        id: rowId,
        fullName: `Live rules ${label} person`,
        email: `live-rules-${label}-${rowId}@example.test`,
        role: "client",
      });
      return rowId;
    },
    update: async (rowId: string) => {
      await server.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, rowId));
    },
    remove: async (rowId: string) => {
      await server.db.delete(users).where(eq(users.id, rowId));
    },
  };
}

/** A change to a project of client A's, on which the assigned developer works. */
const projectChange = (op: "insert" | "update" | "delete", rowId: string): Change => ({
  topic: "projects",
  op,
  id: rowId,
  clientId: id.clientA,
  developerIds: [id.devIn],
});

const outsiderId = () => userIdOf(server.db, "kunle@adeyemilogistics.test");

/** An order by a client who is none of the actors: of the actors, only administrators may hear of it. */
async function insertOutsidersOrder(): Promise<string> {
  const clientId = await userIdOf(server.db, "kunle@adeyemilogistics.test");
  const orderId = randomUUID();
  await commit(
    (tx) =>
      tx.insert(serviceOrders).values({
        id: orderId,
        serviceId: orderableServiceId,
        clientId,
        totalAmount: 100_000,
        notes: "",
        status: "pending",
      }),
    { topic: "service_orders", op: "insert", id: orderId, clientId },
  );
  return orderId;
}

async function outsidersOrderChange(orderId: string, op: "update" | "delete") {
  const clientId = await userIdOf(server.db, "kunle@adeyemilogistics.test");
  await commit(
    (tx) =>
      op === "update"
        ? tx.update(serviceOrders).set({ status: "approved" }).where(eq(serviceOrders.id, orderId))
        : tx.delete(serviceOrders).where(eq(serviceOrders.id, orderId)),
    { topic: "service_orders", op, id: orderId, clientId },
  );
}

/** A task on client A's project (the test's own), or on none: `projectId` null. */
/** A change to a task of the assigned developer's on client A's project, which stays theirs. */
const taskChange = (op: "update" | "delete", rowId: string): Change => ({
  topic: "tasks",
  op,
  id: rowId,
  assignedTo: id.devIn,
  previousAssignedTo: id.devIn,
  projectClientId: id.clientA,
  previousProjectClientId: id.clientA,
});

async function insertTask(assignedTo: string | null, onProject: string | null = projectId): Promise<string> {
  const taskId = randomUUID();
  await commit(
    (tx) =>
      tx
        .insert(tasks)
        .values({ id: taskId, title: "Live rules task", assignedTo, projectId: onProject, createdBy: id.admin }),
    {
      topic: "tasks",
      op: "insert",
      id: taskId,
      assignedTo,
      previousAssignedTo: null,
      projectClientId: onProject ? id.clientA : null,
      previousProjectClientId: null,
    },
  );
  return taskId;
}

async function insertService(status: "active" | "inactive"): Promise<string> {
  const serviceId = randomUUID();
  await commit(
    (tx) =>
      tx.insert(services).values({
        id: serviceId,
        title: `Live rules service ${serviceId.slice(0, 8)}`,
        description: "A service made for the live rules test.",
        price: 50_000_00,
        estimatedDuration: "1 week",
        features: ["One", "Two", "Three", "Four"],
        status,
      }),
    { topic: "services", op: "insert", id: serviceId },
  );
  return serviceId;
}

async function insertInvoice(clientId: string, projectId: string | null = null): Promise<string> {
  const invoiceId = randomUUID();
  await commit(
    (tx) =>
      tx.insert(invoices).values({
        id: invoiceId,
        invoiceNumber: invoiceNumber(),
        clientId,
        projectId,
        amount: 75_000_00,
        status: "unpaid",
        dueDate: lagosDay(14),
      }),
    { topic: "invoices", op: "insert", id: invoiceId, clientId, previousClientId: null },
  );
  return invoiceId;
}

const markInvoicePaid = (invoiceId: string, clientId: string) =>
  commit((tx) => tx.update(invoices).set({ status: "paid", paidDate: sql`now()` }).where(eq(invoices.id, invoiceId)), {
    topic: "invoices",
    op: "update",
    id: invoiceId,
    clientId,
    previousClientId: clientId,
  });

const deleteInvoice = (invoiceId: string, clientId: string) =>
  commit((tx) => tx.delete(invoices).where(eq(invoices.id, invoiceId)), {
    topic: "invoices",
    op: "delete",
    id: invoiceId,
    clientId,
    previousClientId: clientId,
  });

/** An administrator's edit of a project, as its dialog sends it: every field as it is, but `changes`. */
async function editProject(projectId: string, changes: Partial<ProjectForm>) {
  const current = (await http.admin.request("GET", `/api/admin/projects/${projectId}`)).json as AdminProject;
  const response = await http.admin.request("PATCH", `/api/admin/projects/${projectId}`, {
    title: current.title,
    description: current.description,
    clientId: current.clientId,
    developerIds: current.developers.map((developer) => developer.id),
    status: current.status,
    progress: current.progress,
    startDate: current.startDate,
    endDate: current.endDate,
    expectedUpdatedAt: current.updatedAt,
    ...changes,
  });
  expect(response.status).toBe(200);
}

/** A new project of client A's with no developer on it, and a task on it for the unassigned developer. */
async function projectWithOutsidersTask(title: string): Promise<{ project: string; taskId: string }> {
  const project = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
  const created = await http.admin.request("POST", "/api/admin/tasks", {
    title,
    assignedTo: id.devOut,
    projectId: project,
  });
  expect(created.status).toBe(201);
  return { project, taskId: created.json.id };
}

type Expectation = "row" | "delete" | "invalidate" | "nothing";

/** Whether `frame` is a push on `key` (a row change or a refetch), the frames a change can cause. */
const isPush = (frame: LiveFrame, key: Key) =>
  (frame.type === "change" || frame.type === "invalidate") && sameKey(frame.key, key);

/**
 * Makes one change and checks every actor's socket against `expected` (per
 * actor in ACTORS order): waits for each receiver's push, then QUIET_MS more
 * so a push to anyone else would have arrived. Each receiver gets exactly one
 * push on `key`; everyone else none, and no frame anywhere naming the row.
 * `change` answers the changed row's id. Returns who received something.
 */
async function expectPushes(
  change: () => Promise<string>,
  key: Key,
  op: "insert" | "update" | "delete",
  expected: Five<Expectation>,
  view?: z.ZodObject,
): Promise<ActorName[]> {
  const marks = ACTORS.map((actor) => socket[actor].frames.length);
  const rowId = await change();
  const since = (actor: ActorName) => socket[actor].frames.slice(marks[ACTORS.indexOf(actor)]);
  const receivers = ACTORS.filter((_, i) => expected[i] !== "nothing");
  const deadline = Date.now() + DELIVERY_MS;
  for (const actor of receivers) {
    while (!since(actor).some((frame) => isPush(frame, key)) && Date.now() < deadline) await sleep(10);
  }
  await sleep(QUIET_MS);
  const received: ActorName[] = [];
  ACTORS.forEach((actor, i) => {
    const pushes = since(actor).filter((frame) => isPush(frame, key));
    const what = `${actor} on ${JSON.stringify(key)} after ${op}`;
    if (pushes.length > 0) received.push(actor);
    switch (expected[i]) {
      case "nothing":
        expect(pushes, what).toEqual([]);
        // Not on this key, nor on any other: the row's id reaches no one the rules keep it from.
        expect(
          since(actor).filter((frame) => frame.row?.id === rowId),
          what,
        ).toEqual([]);
        break;
      case "invalidate":
        expect(pushes, what).toEqual([{ type: "invalidate", key }]);
        break;
      case "delete":
        expect(pushes, what).toEqual([{ type: "change", key, op: "delete", row: { id: rowId } }]);
        break;
      case "row": {
        expect(pushes, what).toHaveLength(1);
        const [push] = pushes;
        expect(push, what).toMatchObject({ type: "change", key, op, row: { id: rowId } });
        // Only the fields of the view REST serves, nothing the serialiser there would strip.
        if (view) expect(Object.keys(push?.row ?? {}).sort(), what).toEqual(Object.keys(view.shape).sort());
        break;
      }
    }
  });
  return received;
}

/**
 * Who `write` told to refetch each of `keys`, in ACTORS' order: waits until `expected[name]` actors
 * were told of each (or DELIVERY_MS passed), then QUIET_MS more, so a push to anyone else has the
 * time to arrive.
 */
async function refetchesOf<Name extends string>(
  keys: Record<Name, Key>,
  write: () => Promise<unknown>,
  expected: Record<Name, number>,
): Promise<Record<Name, ActorName[]>> {
  const marks = ACTORS.map((actor) => socket[actor].frames.length);
  await write();
  const told = (key: Key) =>
    ACTORS.filter((actor, i) =>
      socket[actor].frames.slice(marks[i]).some((frame) => frame.type === "invalidate" && sameKey(frame.key, key)),
    );
  const names = Object.keys(keys) as Name[];
  const deadline = Date.now() + DELIVERY_MS;
  while (names.some((name) => told(keys[name]).length < expected[name]) && Date.now() < deadline) await sleep(10);
  await sleep(QUIET_MS);
  return Object.fromEntries(names.map((name) => [name, told(keys[name])])) as Record<Name, ActorName[]>;
}

/** Who `write` told to refetch `key` (`refetchesOf` for one key). */
async function refetchedBy(key: Key, write: () => Promise<unknown>, expected: number): Promise<ActorName[]> {
  return (await refetchesOf({ key }, write, { key: expected })).key;
}

async function subscribeAll(key: Key, allowed: Five<boolean>) {
  // Each answer read after its own request: an earlier answer for the same key does not count.
  const answers = await Promise.all(ACTORS.map((actor) => subscribeOn(socket[actor], key)));
  ACTORS.forEach((actor, i) => {
    expect(answers[i], `${actor} subscribing to ${JSON.stringify(key)}`).toMatchObject(
      allowed[i] ? { type: "subscribed", key } : { type: "error", key, code: "not_found" },
    );
  });
}

/** Subscribes on `live` and resolves with the hub's answer to this request (not an earlier one for the key). */
async function subscribeOn(live: LiveSocket, key: Key): Promise<LiveFrame> {
  const mark = live.frames.length;
  live.send({ type: "subscribe", key });
  const deadline = Date.now() + DELIVERY_MS;
  for (;;) {
    const answer = live.frames
      .slice(mark)
      .find((frame) => (frame.type === "subscribed" || frame.type === "error") && sameKey(frame.key, key));
    if (answer || Date.now() > deadline) return answer ?? { type: "error", code: "no answer" };
    await sleep(10);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  await Promise.all(
    ACTORS.map(async (actor) => {
      http[actor] = await server.signIn(ACTOR_EMAILS[actor]);
      id[actor] = await userIdOf(server.db, ACTOR_EMAILS[actor]);
      const opened = await openLive(server.url, http[actor]);
      if ("rejected" in opened) throw new Error(`live channel refused ${actor} with ${opened.status}`);
      socket[actor] = opened;
    }),
  );
  projectId = await createProject(server.db, {
    clientEmail: ACTOR_EMAILS.clientA,
    developerEmails: [ACTOR_EMAILS.devIn],
  });
  orderableServiceId = (await createService(server.db)).id;
});

afterAll(async () => {
  for (const actor of ACTORS) socket[actor]?.close();
  await server?.close();
});

/** Keys whose pushes are not committed changes, tested × the actors in their own file. */
const coveredElsewhere: { key: () => Key; test: string }[] = [
  { key: () => ["projects", projectId, "presence"], test: "test/integration/live-presence.test.ts" },
  { key: () => ["unread"], test: "test/integration/unread.test.ts" },
  { key: () => ["notifications"], test: "test/integration/notifications.test.ts" },
];

describe("live keys × actors", () => {
  it("anonymous cannot open the live channel at all", async () => {
    const refused = await openLive(server.url, null);
    expect(refused).toEqual({ rejected: true, status: 401 });
  });

  it("the table has a row for every live collection declared in server/data", async () => {
    // A collection added without a row here fails: every live key is covered.
    const admin = { id: id.admin, role: "admin" as const };
    const dir = path.join(import.meta.dirname, "../../server/data");
    const collections: [string, LiveCollection][] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const module: Record<string, unknown> = await import(path.join(dir, file));
      for (const [name, value] of Object.entries(module)) {
        if (value && typeof value === "object" && "topic" in value && "authorize" in value && "resolve" in value)
          collections.push([`${file} ${name}`, value as LiveCollection]);
      }
    }
    expect(collections.length).toBeGreaterThanOrEqual(6);
    for (const [name, collection] of collections) {
      const keys = [...table.map((row) => row.key()), ...coveredElsewhere.map((entry) => entry.key())];
      const verdicts = await Promise.all(keys.map((key) => collection.authorize(server.db, admin, key)));
      expect(
        verdicts.some((verdict) => verdict !== undefined),
        `${name} has no row in the table`,
      ).toBe(true);
    }
  });

  for (const row of table) {
    it(`${row.name}: subscribe as the rules say; insert, update and delete reach exactly the allowed actors`, async () => {
      const key = row.key();
      await subscribeAll(key, row.subscribe);
      const upsert: Expectation = row.push === "invalidate" ? "invalidate" : "row";
      const removal: Expectation = row.push === "invalidate" ? "invalidate" : "delete";
      const view = row.push === "invalidate" ? undefined : row.push.view;
      const expectFor = (kind: Expectation) =>
        row.receives.map((yes) => (yes ? kind : "nothing")) as unknown as Five<Expectation>;

      let rowId = "";
      const inserted = await expectPushes(
        async () => {
          rowId = await row.insert();
          return rowId;
        },
        key,
        "insert",
        expectFor(upsert),
        view,
      );
      const updated = await expectPushes(
        () => row.update(rowId).then(() => rowId),
        key,
        "update",
        expectFor(upsert),
        view,
      );
      const deleted = await expectPushes(() => row.remove(rowId).then(() => rowId), key, "delete", expectFor(removal));
      expect(inserted).toEqual(ACTORS.filter((_, i) => row.receives[i]));
      expect(updated).toEqual(inserted);
      // Deletes are authorised like inserts: exactly the same people.
      expect(deleted).toEqual(inserted);
    });
  }
});

describe("a client renamed", () => {
  it("their projects' readers refetch the list and the open project page; no one else", async () => {
    const I = "invalidate" as const;
    const N = "nothing" as const;
    const [before] = await server.db
      .select({ companyName: users.companyName })
      .from(users)
      .where(eq(users.id, id.clientA));
    // Written as plain SQL would: the users table's triggers announce it (migration 0040).
    const renamed = (companyName: string | null) => async () => {
      await server.db.update(users).set({ companyName }).where(eq(users.id, id.clientA));
      return id.clientA;
    };
    try {
      await subscribeAll(["projects", "list"], [T, T, T, T, T]);
      await expectPushes(renamed("Renamed For The List"), ["projects", "list"], "update", [I, N, I, N, I]);
      await subscribeAll(["projects", projectId, "detail"], [T, F, T, F, T]);
      await expectPushes(renamed("Renamed For The Page"), ["projects", projectId, "detail"], "update", [I, N, I, N, I]);
    } finally {
      await renamed(before?.companyName ?? null)();
    }
  });
});

describe("rows outside every viewer's scope reach no one", () => {
  it("an inactive service reaches no one's active list, not even as a delete", async () => {
    const key = ["services", "active"];
    await subscribeAll(key, [T, T, T, T, T]);
    await expectPushes(() => insertService("inactive"), key, "insert", [
      "nothing",
      "nothing",
      "nothing",
      "nothing",
      "nothing",
    ]);
  });

  it("a service deactivated leaves every list once; edited or deleted while inactive it reaches no one", async () => {
    const key = ["services", "active"];
    await subscribeAll(key, [T, T, T, T, T]);
    let serviceId = "";
    await expectPushes(
      async () => {
        serviceId = await insertService("active");
        return serviceId;
      },
      key,
      "insert",
      ["row", "row", "row", "row", "row"],
      serviceSchema,
    );
    await expectPushes(
      () =>
        commit((tx) => tx.update(services).set({ status: "inactive" }).where(eq(services.id, serviceId)), {
          topic: "services",
          op: "update",
          id: serviceId,
          previousStatus: "active",
        }).then(() => serviceId),
      key,
      "update",
      ["delete", "delete", "delete", "delete", "delete"],
    );
    await expectPushes(
      () =>
        commit((tx) => tx.update(services).set({ title: "Still a draft" }).where(eq(services.id, serviceId)), {
          topic: "services",
          op: "update",
          id: serviceId,
          previousStatus: "inactive",
        }).then(() => serviceId),
      key,
      "update",
      ["nothing", "nothing", "nothing", "nothing", "nothing"],
    );
    await expectPushes(
      () =>
        commit((tx) => tx.delete(services).where(eq(services.id, serviceId)), {
          topic: "services",
          op: "delete",
          id: serviceId,
          previousStatus: "inactive",
        }).then(() => serviceId),
      key,
      "delete",
      ["nothing", "nothing", "nothing", "nothing", "nothing"],
    );
  });

  it("a task assigned to no one reaches administrators only, and the client whose project holds it", async () => {
    const key = ["tasks", "mine"];
    await subscribeAll(key, [T, T, T, T, T]);
    await expectPushes(
      () => insertTask(null, null),
      key,
      "insert",
      ["nothing", "nothing", "nothing", "nothing", "row"],
      taskSchema,
    );
    await expectPushes(
      () => insertTask(null),
      key,
      "insert",
      ["row", "nothing", "nothing", "nothing", "row"],
      taskSchema,
    );
  });

  it("an order or invoice of another client reaches that client and administrators only", async () => {
    await subscribeAll(["orders", "mine"], [T, T, F, F, T]);
    await subscribeAll(["invoices", "list"], [T, T, F, F, T]);
    await expectPushes(
      async () => {
        const response = await http.clientB.request("POST", "/api/orders", { serviceId: orderableServiceId });
        expect(response.status).toBe(201);
        return response.json.id as string;
      },
      ["orders", "mine"],
      "insert",
      ["nothing", "row", "nothing", "nothing", "row"],
      serviceOrderSchema,
    );
    await expectPushes(
      () => insertInvoice(id.clientB),
      ["invoices", "list"],
      "insert",
      ["nothing", "row", "nothing", "nothing", "row"],
      invoiceSchema,
    );
  });
});

describe("access revoked mid-connection stops delivery", () => {
  it("a developer taken off a project stops receiving its messages and milestones", async () => {
    const project = await createProject(server.db, {
      clientEmail: ACTOR_EMAILS.clientA,
      developerEmails: [ACTOR_EMAILS.devIn],
    });
    const messagesKey = ["projects", project, "messages"];
    const milestonesKey = ["projects", project, "milestones"];
    await subscribeAll(messagesKey, [T, F, T, F, T]);
    await subscribeAll(milestonesKey, [T, F, T, F, T]);
    const send = (message: string) => async () => {
      const response = await http.clientA.request("POST", `/api/projects/${project}/messages`, { message });
      expect(response.status).toBe(201);
      return response.json.id as string;
    };
    await expectPushes(send("Before"), messagesKey, "insert", ["row", "nothing", "row", "nothing", "row"]);

    await server.db
      .delete(projectDevelopers)
      .where(and(eq(projectDevelopers.projectId, project), eq(projectDevelopers.developerId, id.devIn)));
    // Still subscribed on the open socket, but every delivery is checked again: nothing more reaches them.
    await expectPushes(send("After"), messagesKey, "insert", ["row", "nothing", "nothing", "nothing", "row"]);
    let milestoneId = "";
    await expectPushes(
      async () => {
        const response = await http.clientA.request("POST", `/api/projects/${project}/milestones`, {
          title: "After removal",
          amount: "10",
        });
        expect(response.status).toBe(201);
        milestoneId = response.json.id;
        return milestoneId;
      },
      milestonesKey,
      "insert",
      ["row", "nothing", "nothing", "nothing", "row"],
    );
    await expectPushes(
      () =>
        commit((tx) => tx.delete(milestones).where(eq(milestones.id, milestoneId)), {
          topic: "milestones",
          op: "delete",
          id: milestoneId,
          projectId: project,
        }).then(() => milestoneId),
      milestonesKey,
      "delete",
      ["delete", "nothing", "nothing", "nothing", "delete"],
    );
    // A new tab of theirs is refused the project's keys.
    const fresh = await openLive(server.url, http.devIn);
    if ("rejected" in fresh) throw new Error("refused");
    try {
      expect(await fresh.subscribe(messagesKey)).toMatchObject({ type: "error", code: "not_found" });
      expect(await fresh.subscribe(milestonesKey)).toMatchObject({ type: "error", code: "not_found" });
    } finally {
      fresh.close();
    }
  });

  it("a project moved to another client: the first stops receiving its thread, the new one may follow it", async () => {
    const project = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
    const key = ["projects", project, "messages"];
    await subscribeAll(key, [T, F, F, F, T]);
    const post = (message: string) => async () => {
      const response = await http.admin.request("POST", `/api/projects/${project}/messages`, { message });
      expect(response.status).toBe(201);
      return response.json.id as string;
    };
    await expectPushes(post("Before the move"), key, "insert", ["row", "nothing", "nothing", "nothing", "row"]);
    await server.db.update(projects).set({ clientId: id.clientB }).where(eq(projects.id, project));
    expect(await subscribeOn(socket.clientB, key)).toMatchObject({ type: "subscribed", key });
    await expectPushes(post("After the move"), key, "insert", ["nothing", "row", "nothing", "nothing", "row"]);
  });

  it("a task reassigned away arrives as a delete, then nothing", async () => {
    const key = ["tasks", "mine"];
    await subscribeAll(key, [T, T, T, T, T]);
    let taskId = "";
    await expectPushes(
      async () => {
        taskId = await insertTask(id.devIn);
        return taskId;
      },
      key,
      "insert",
      ["row", "nothing", "row", "nothing", "row"],
      taskSchema,
    );
    await expectPushes(
      () =>
        commit((tx) => tx.update(tasks).set({ assignedTo: id.devOut }).where(eq(tasks.id, taskId)), {
          topic: "tasks",
          op: "update",
          id: taskId,
          assignedTo: id.devOut,
          previousAssignedTo: id.devIn,
          projectClientId: id.clientA,
          previousProjectClientId: id.clientA,
        }).then(() => taskId),
      key,
      "update",
      ["row", "nothing", "delete", "row", "row"],
      taskSchema,
    );
    // The new assignee moves it: the previous one hears nothing more (client A, whose project it is, does).
    await expectPushes(
      async () => {
        const response = await http.devOut.request("PATCH", `/api/tasks/${taskId}/status`, { status: "review" });
        expect(response.status).toBe(200);
        return taskId;
      },
      key,
      "update",
      ["row", "nothing", "nothing", "row", "row"],
      taskSchema,
    );
    expect((await http.devIn.request("PATCH", `/api/tasks/${taskId}/status`, { status: "todo" })).status).toBe(404);
  });

  it("a task moved to another status leaves its old status's list as a delete and reaches the new one's", async () => {
    const todo = ["tasks", "mine", "todo"];
    const review = ["tasks", "mine", "review"];
    await subscribeAll(todo, [T, T, T, T, T]);
    await subscribeAll(review, [T, T, T, T, T]);
    const readers: Five<Expectation> = ["row", "nothing", "row", "nothing", "row"];
    const removed: Five<Expectation> = ["delete", "nothing", "delete", "nothing", "delete"];
    /** One change watched on both keys: each watch notes the frames before it, the first to ask makes it. */
    const once = (change: () => Promise<string>) => {
      let made: Promise<string> | undefined;
      return () => {
        made ??= change();
        return made;
      };
    };
    // Its insert reaches To Do's list as a row; Review's list is only told to drop it.
    const insert = once(() => insertTask(id.devIn));
    const [inTodo, dropped] = await Promise.all([
      expectPushes(insert, todo, "insert", readers, taskSchema),
      expectPushes(insert, review, "insert", removed),
    ]);
    expect(dropped).toEqual(inTodo);
    const taskId = await insert();
    const move = once(async () => {
      const response = await http.devIn.request("PATCH", `/api/tasks/${taskId}/status`, { status: "review" });
      expect(response.status).toBe(200);
      return taskId;
    });
    const [joined, left] = await Promise.all([
      expectPushes(move, review, "update", readers, taskSchema),
      expectPushes(move, todo, "update", removed),
    ]);
    expect(left).toEqual(joined);
    // The list of one status reads only tasks of that status.
    const page = await http.devIn.request("GET", "/api/tasks?status=todo&limit=100");
    expect(page.status).toBe(200);
    expect(page.json.items.map((task: { id: string }) => task.id)).not.toContain(taskId);
    const moved = await http.devIn.request("GET", "/api/tasks?status=review&limit=100");
    expect(moved.json.items.map((task: { id: string }) => task.id)).toContain(taskId);
  });

  it("a task moved off client A's project leaves client A's list; a project given to client B moves its tasks' lists", async () => {
    const key = ["tasks", "mine"];
    const counts = ["tasks", "counts"];
    await subscribeAll(key, [T, T, T, T, T]);
    await subscribeAll(counts, [T, T, T, T, T]);
    const projectOfA = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
    const projectOfB = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientB });
    const task = (projectId: string) => ({ title: "A task that moves", assignedTo: id.devIn, projectId });
    let taskId = "";
    await expectPushes(
      async () => {
        const response = await http.admin.request("POST", "/api/admin/tasks", task(projectOfA));
        expect(response.status).toBe(201);
        taskId = response.json.id;
        return taskId;
      },
      key,
      "insert",
      ["row", "nothing", "row", "nothing", "row"],
      taskSchema,
    );
    // To client B's project: client A hears a delete, client B the row, and both refetch their counters.
    const move = async () => {
      const response = await http.admin.request("PUT", `/api/admin/tasks/${taskId}`, {
        ...task(projectOfB),
        expectedUpdatedAt: await versionOf(server.db, tasks, taskId),
      });
      expect(response.status).toBe(200);
      return taskId;
    };
    const countsMark = ACTORS.map((actor) => socket[actor].frames.length);
    await expectPushes(move, key, "update", ["delete", "row", "row", "nothing", "row"], taskSchema);
    const refetched = ACTORS.filter((actor, i) =>
      socket[actor].frames.slice(countsMark[i]).some((frame) => isPush(frame, counts)),
    );
    expect(refetched).toEqual(["clientA", "clientB", "devIn", "admin"]);
    expect((await http.clientA.request("GET", "/api/tasks?limit=100")).json.items).not.toContainEqual(
      expect.objectContaining({ id: taskId }),
    );
    // A client follows, never moves: client B may read the task but not change its status.
    const refused = await http.clientB.request("PATCH", `/api/tasks/${taskId}/status`, { status: "review" });
    expect(refused.status).toBe(403);

    // Client B's project given to client A: no task is written, and both clients' lists refetch.
    const moved = await refetchedBy(key, () => editProject(projectOfB, { clientId: id.clientA, developerIds: [] }), 2);
    expect(moved).toEqual(["clientA", "clientB"]);
    const listOf = async (actor: ActorName) =>
      ((await http[actor].request("GET", "/api/tasks?limit=100")).json.items as { id: string }[]).map((row) => row.id);
    expect(await listOf("clientA")).toContain(taskId);
    expect(await listOf("clientB")).not.toContain(taskId);
  });

  it("a project retitled or deleted: every list naming it beside a task or an invoice refetches, no one else's", async () => {
    const keys = {
      tasks: ["tasks", "mine"],
      counts: ["tasks", "counts"],
      adminTasks: ["admin", "tasks"],
      invoices: ["invoices", "list"],
      dashboard: ["dashboard"],
    } satisfies Record<string, Key>;
    await subscribeAll(keys.tasks, [T, T, T, T, T]);
    await subscribeAll(keys.counts, [T, T, T, T, T]);
    await subscribeAll(keys.adminTasks, [F, F, F, F, T]);
    await subscribeAll(keys.invoices, [T, T, F, F, T]);
    await subscribeAll(keys.dashboard, [T, T, T, T, F]);
    // Only the task names the project to the unassigned developer. Its creation's pushes are awaited,
    // so that none lands among the rename's below on a busy machine.
    let created = { project: "", taskId: "" };
    const toldOfTask = await refetchedBy(
      keys.counts,
      async () => {
        created = await projectWithOutsidersTask("A task on a project renamed");
      },
      3,
    );
    expect(toldOfTask).toEqual(["clientA", "devOut", "admin"]);
    const { project, taskId } = created;
    await server.db.insert(invoices).values({
      invoiceNumber: invoiceNumber(),
      clientId: id.clientA,
      projectId: project,
      amount: 10_000_00,
      status: "unpaid",
      dueDate: lagosDay(14),
    });
    /** Checks who `write` told to refetch each key, once every expected push arrived and QUIET_MS passed. */
    const expectRefetches = async (write: () => Promise<void>, expected: Record<keyof typeof keys, ActorName[]>) => {
      const counts = Object.fromEntries(Object.entries(expected).map(([name, actors]) => [name, actors.length]));
      expect(await refetchesOf(keys, write, counts as Record<keyof typeof keys, number>)).toEqual(expected);
    };

    await expectRefetches(() => editProject(project, { title: "A project renamed" }), {
      tasks: ["clientA", "devOut", "admin"],
      counts: [],
      adminTasks: ["admin"],
      invoices: ["clientA", "admin"],
      dashboard: ["clientA", "devOut"],
    });
    const mine = await http.devOut.request("GET", "/api/tasks?limit=100");
    expect(mine.json.items).toContainEqual(expect.objectContaining({ projectTitle: "A project renamed" }));

    // Edited with the same title: no list names anything new.
    await expectRefetches(() => editProject(project, { progress: 55 }), {
      tasks: [],
      counts: [],
      adminTasks: [],
      invoices: [],
      dashboard: ["clientA"],
    });

    // Deleted (its invoice first, or it is kept): its task stays, on no project; the client's counters move too.
    await server.db.delete(invoices).where(eq(invoices.projectId, project));
    await expectRefetches(
      async () => {
        expect((await http.admin.request("DELETE", `/api/admin/projects/${project}`)).status).toBe(204);
      },
      {
        tasks: ["clientA", "devOut", "admin"],
        counts: ["clientA"],
        adminTasks: ["admin"],
        invoices: [],
        dashboard: ["clientA", "devOut"],
      },
    );
    const orphan = await http.devOut.request("GET", "/api/tasks?limit=100");
    expect(orphan.json.items).toContainEqual(expect.objectContaining({ id: taskId, projectTitle: null }));
  });

  it("an assignee renamed or made an administrator: administrators' task lists and those of the clients whose projects hold their tasks refetch", async () => {
    const key = ["tasks", "mine"];
    await subscribeAll(key, [T, T, T, T, T]);
    const [assignee] = await createPeople(server.db, [
      { fullName: "Soon Renamed", email: `renamed-${randomUUID().slice(0, 6)}@lagosstudio.test`, role: "developer" },
    ]);
    const project = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
    const created = await http.admin.request("POST", "/api/admin/tasks", {
      title: "A task of someone renamed",
      assignedTo: assignee,
      projectId: project,
    });
    expect(created.status).toBe(201);
    const rename = async () => {
      const renamed = await http.admin.request("PATCH", `/api/admin/staff/${assignee}`, { fullName: "Now Renamed" });
      expect(renamed.status).toBe(200);
    };
    expect(await refetchedBy(key, rename, 2)).toEqual(["clientA", "admin"]);
    const items = (await http.clientA.request("GET", "/api/tasks?limit=100")).json.items as Task[];
    expect(items.find((task) => task.id === created.json.id)).toMatchObject({
      assigneeName: "Now Renamed",
      assigneeRole: "developer",
    });

    const promote = async () => {
      const promoted = await http.admin.request("PATCH", `/api/admin/staff/${assignee}`, { role: "admin" });
      expect(promoted.status).toBe(200);
    };
    expect(await refetchedBy(key, promote, 2)).toEqual(["clientA", "admin"]);
    const after = (await http.admin.request("GET", "/api/tasks?limit=100")).json.items as Task[];
    // No longer a developer, so Admin › Tasks no longer links the name to a developer's page.
    expect(after.find((task) => task.id === created.json.id)?.assigneeRole).toBe("admin");
  });

  it("a developer assigned to a project or taken off it: their task lists refetch, and its tasks open it or not", async () => {
    const key = ["tasks", "mine"];
    await subscribeAll(key, [T, T, T, T, T]);
    const { project, taskId } = await projectWithOutsidersTask("A task before its project");
    const opens = async () => {
      const items = (await http.devOut.request("GET", "/api/tasks?limit=100")).json.items as Task[];
      return items.find((task) => task.id === taskId)?.assigneeOnProject;
    };
    expect(await opens()).toBe(false);
    const assign = (developerIds: string[]) => refetchedBy(key, () => editProject(project, { developerIds }), 1);
    expect(await assign([id.devOut])).toEqual(["devOut"]);
    expect(await opens()).toBe(true);
    expect(await assign([])).toEqual(["devOut"]);
    expect(await opens()).toBe(false);
  });

  it("a project given to another client: its invoices' client refetches, the invoice opens it or not and keeps the title its client knew", async () => {
    const key = ["invoices", "list"];
    await subscribeAll(key, [T, T, F, F, T]);
    const project = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA, title: "Known to A" });
    const invoiceId = await insertInvoice(id.clientA, project);
    const shown = async () => {
      const items = (await http.clientA.request("GET", "/api/invoices?limit=100")).json.items as Invoice[];
      const invoice = items.find((item) => item.id === invoiceId);
      const pdf = await http.clientA.request("GET", `/api/invoices/${invoiceId}/pdf`);
      expect(pdf.status).toBe(200);
      return { opens: invoice?.clientOwnsProject, title: invoice?.projectTitle };
    };
    expect(await shown()).toEqual({ opens: true, title: "Known to A" });
    // Retitled while theirs, the invoice follows.
    expect(await refetchedBy(key, () => editProject(project, { title: "Renamed for A" }), 2)).toEqual([
      "clientA",
      "admin",
    ]);
    expect(await shown()).toEqual({ opens: true, title: "Renamed for A" });
    const giveTo = (clientId: string) => refetchedBy(key, () => editProject(project, { clientId }), 2);
    // The new client holds no invoice of it, so their list does not change.
    expect(await giveTo(id.clientB)).toEqual(["clientA", "admin"]);
    expect(await shown()).toEqual({ opens: false, title: "Renamed for A" });
    // Another client's title never reaches the first client's invoice.
    await editProject(project, { title: "Client B's secret launch" });
    expect(await shown()).toEqual({ opens: false, title: "Renamed for A" });
    expect(await giveTo(id.clientA)).toEqual(["clientA", "admin"]);
    expect(await shown()).toEqual({ opens: true, title: "Client B's secret launch" });
  });

  it("an invoice moved to another client leaves the first client's list and summary", async () => {
    const list = ["invoices", "list"];
    const summary = ["invoices", "summary"];
    await subscribeAll(list, [T, T, F, F, T]);
    await subscribeAll(summary, [T, T, F, F, T]);
    let invoiceId = "";
    await expectPushes(
      async () => {
        invoiceId = await insertInvoice(id.clientA);
        return invoiceId;
      },
      list,
      "insert",
      ["row", "nothing", "nothing", "nothing", "row"],
      invoiceSchema,
    );
    const move = () =>
      commit((tx) => tx.update(invoices).set({ clientId: id.clientB }).where(eq(invoices.id, invoiceId)), {
        topic: "invoices",
        op: "update",
        id: invoiceId,
        clientId: id.clientB,
        previousClientId: id.clientA,
      }).then(() => invoiceId);
    const marks = ACTORS.map((actor) => socket[actor].frames.length);
    await expectPushes(move, list, "update", ["delete", "row", "nothing", "nothing", "row"], invoiceSchema);
    // The same change told both clients' summaries to refetch.
    ACTORS.forEach((actor, i) => {
      const refetches = socket[actor].frames
        .slice(marks[i])
        .filter((frame) => frame.type === "invalidate" && sameKey(frame.key, summary));
      expect(refetches, actor).toHaveLength(actor === "clientA" || actor === "clientB" || actor === "admin" ? 1 : 0);
    });
    // Changed again under its new client: the first client hears nothing more.
    await expectPushes(
      () => markInvoicePaid(invoiceId, id.clientB).then(() => invoiceId),
      list,
      "update",
      ["nothing", "row", "nothing", "nothing", "row"],
      invoiceSchema,
    );
  });
});
