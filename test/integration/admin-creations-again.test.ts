import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, notifications, projects, services, tasks } from "../../server/db/schema";
import { newPerson } from "../support/portal";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * The admin console's creations sent again with the id their page chose (README, "A creation sent again
 * creates nothing more"): a project, a task and a service, as orders, milestones and invoices are.
 */
let server: TestServer;
let admin: Client;
let otherAdmin: Client;
let clientId: string;
let otherClientId: string;
let developerId: string;

const TAG = `again${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin@lagosstudio.test");
  otherAdmin = (await newPerson(server, "admin")).client;
  clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
  otherClientId = await userIdOf(server.db, "amaka@bellofashion.test");
  developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
});
afterAll(async () => {
  await server?.close();
});

type Creation = {
  kind: string;
  path: string;
  body: (id: string) => Record<string, unknown>;
  /** The rows of the table with this id. */
  rows: (id: string) => Promise<unknown[]>;
  /** The same id sent by someone, or for something, it does not belong to: a 409. */
  taken: (id: string) => Promise<{ status: number }>;
};

const creations: Creation[] = [
  {
    kind: "project",
    path: "/api/admin/projects",
    body: (id) => ({
      id,
      title: `${TAG} project`,
      description: "",
      clientId,
      developerIds: [developerId],
      status: "active",
      progress: 0,
      startDate: null,
      endDate: null,
    }),
    rows: (id) => server.db.select().from(projects).where(eq(projects.id, id)),
    taken: (id) => admin.request("POST", "/api/admin/projects", { ...creations[0]?.body(id), clientId: otherClientId }),
  },
  {
    kind: "task",
    path: "/api/admin/tasks",
    body: (id) => ({ id, title: `${TAG} task`, assignedTo: developerId }),
    rows: (id) => server.db.select().from(tasks).where(eq(tasks.id, id)),
    // Another administrator's task is not this one's to answer with.
    taken: (id) => otherAdmin.request("POST", "/api/admin/tasks", creations[1]?.body(id)),
  },
  {
    kind: "service",
    path: "/api/admin/services",
    body: (id) => ({
      id,
      title: `${TAG} service`,
      price: "1000.00",
      description: "",
      estimatedDuration: "",
      features: "",
      allowMilestones: false,
      status: "active",
    }),
    rows: (id) => server.db.select().from(services).where(eq(services.id, id)),
    taken: (id) => admin.request("POST", "/api/admin/services", { ...creations[2]?.body(id), title: `${TAG} other` }),
  },
];

describe("an administrator's creation sent again with its id (its answer lost)", () => {
  it.each(creations.map((creation) => [creation.kind, creation] as const))(
    "answers a %s sent twice at once and once more with the one it made: made, audited and told once",
    async (kind, creation) => {
      const id = randomUUID();
      const sent = creation.body(id);
      const [first, second] = await Promise.all([
        admin.request("POST", creation.path, sent),
        admin.request("POST", creation.path, sent),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      const again = await admin.request("POST", creation.path, sent);
      expect(again.status).toBe(200);
      for (const response of [first, second, again]) expect(response.json).toMatchObject({ id });
      expect(again.json).toEqual((first.status === 201 ? first : second).json);
      expect(await creation.rows(id)).toHaveLength(1);
      const audits = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, `${kind}.create`), eq(auditLog.entityId, id)));
      expect(audits).toHaveLength(1);
      if (kind !== "service") {
        // The developer is told once of the project they joined, or of the task given to them.
        const told = await server.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, developerId), eq(notifications.entityId, id)));
        expect(told).toHaveLength(1);
      }
      expect((await creation.taken(id)).status).toBe(409);
      expect(await creation.rows(id)).toHaveLength(1);
    },
  );
});
