import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_OUT_YOURSELF } from "../../common/people";
import { DEMO_PASSWORD } from "../../seed";
import { ALREADY_SIGNED_UP, REACTIVATE_FIRST, SIGNED_UP_UNCONFIRMED } from "../../server/data/people";
import { auditLog, projectDevelopers, sessions, users, verifications } from "../../server/db/schema";
import { openLive } from "../support/live";
import { createPeople, type PersonSpec, tokenOf } from "../support/people";
import { assignDeveloper, createProject, createTask, newPerson, type Person } from "../support/portal";
import { type Client, outbox, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * The admin console's developers (issue #7): the table, a developer's page,
 * delete vs deactivate, reactivation, and new client and developer accounts
 * with their invitation mail, whose link sets a password.
 */
let server: TestServer;
let admin: Client;
let adminId: string;
let client: Person;
let developer: Person;

const TAG = `dv${randomUUID().slice(0, 6)}`;
const COUNT = 12;
const DAY = 24 * 60 * 60 * 1000;
const specs: PersonSpec[] = Array.from({ length: COUNT }, (_, i) => {
  const n = String(i + 1).padStart(2, "0");
  return {
    // Names sort differently from joining: the newest is "…Dev 12".
    fullName: `${TAG.toUpperCase()} Dev ${n}`,
    email: `dev${n}.${TAG}@example.test`,
    role: "developer",
    createdAt: new Date(Date.now() - (COUNT - i) * DAY),
  };
});
let ids: string[] = [];

type TablePage = { items: { id: string; fullName: string; email: string; archivedAt: string | null }[]; total: number };
const table = async (query: string) => (await admin.request("GET", `/api/admin/developers?${query}`)).json as TablePage;

const auditRows = (entity: string, entityId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin@lagosstudio.test");
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  [client, developer] = await Promise.all([newPerson(server, "client"), newPerson(server, "developer")]);
  ids = await createPeople(server.db, specs);
});
afterAll(async () => {
  await server?.close();
});

describe("who may use the developer and new-account routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route", async () => {
    const id = ids[0] as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/developers"],
      ["GET", `/api/admin/developers/${id}`],
      ["DELETE", `/api/admin/developers/${id}`],
      ["POST", `/api/admin/developers/${id}/reactivate`],
      ["POST", `/api/admin/developers/${id}/invitation`],
      ["POST", `/api/admin/clients/${id}/invitation`],
      ["POST", `/api/admin/staff/${id}/invitation`],
      ["POST", `/api/admin/developers/${id}/sign-out`],
      ["POST", `/api/admin/clients/${id}/sign-out`],
      ["POST", `/api/admin/staff/${id}/sign-out`],
      ["POST", "/api/admin/developers", { fullName: "Someone", email: `someone.${TAG}@example.test` }],
      ["POST", "/api/admin/clients", { fullName: "Someone", email: `someone.${TAG}@example.test` }],
    ];
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await client.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await developer.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(
      await server.db
        .select()
        .from(users)
        .where(eq(users.email, `someone.${TAG}@example.test`)),
    ).toEqual([]);
    expect(await server.db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
  });
});

describe("GET /api/admin/developers", () => {
  it("pages through each sort both ways in SQL's order, developers only", async () => {
    const orders = { name: sql`lower(full_name)`, joined: sql`created_at` } as const;
    for (const sort of ["name", "joined"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await server.db.execute(
          sql`select id from users where role = 'developer' and lower(full_name) like ${`${TAG}%`}
              order by ${orders[sort]} ${sql.raw(dir)}, id ${sql.raw(dir)}`,
        );
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = await table(`q=${TAG}&sort=${sort}&dir=${dir}&page=${page}&pageSize=5`);
          expect(body.total).toBe(COUNT);
          seen.push(...body.items.map((row) => row.id));
        }
        expect(seen, `${sort} ${dir}`).toEqual((expected.rows as { id: string }[]).map((row) => row.id));
      }
    }
    // Newest first by default.
    const first = await table(`q=${TAG}`);
    expect(first.items[0]?.id).toBe(ids[COUNT - 1]);
  });

  it("searches by the start of the name or e-mail; clients and administrators are never rows", async () => {
    expect((await table(`q=${TAG}%20dev%2007`)).items.map((row) => row.id)).toEqual([ids[6]]);
    expect((await table(`q=DEV03.${TAG}`)).items.map((row) => row.id)).toEqual([ids[2]]);
    expect((await table(`q=${encodeURIComponent(client.email)}`)).total).toBe(0);
    expect((await table("q=admin@lagosstudio")).total).toBe(0);
    expect((await table(`q=${encodeURIComponent(developer.email)}`)).total).toBe(1);
  });

  it("refuses bad paging, sorts and unknown parameters with 400", async () => {
    for (const query of ["page=0", "pageSize=101", "sort=company", "dir=up", `q=${"a".repeat(101)}`, "role=admin"]) {
      const response = await admin.request("GET", `/api/admin/developers?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.error.code).toBe("validation_failed");
    }
  });
});

describe("GET /api/admin/developers/:id", () => {
  it("shows the profile, the projects they are on and their tasks, newest first", async () => {
    const older = await createProject(server.db, client.id, { daysAgo: 3 });
    const newer = await createProject(server.db, client.id, { daysAgo: 1 });
    const elsewhere = await createProject(server.db, client.id);
    await assignDeveloper(server.db, older.id, developer.id);
    await assignDeveloper(server.db, newer.id, developer.id);
    const first = await createTask(server.db, developer.id, adminId, { projectId: newer.id });
    const second = await createTask(server.db, developer.id, adminId);
    const response = await admin.request("GET", `/api/admin/developers/${developer.id}`);
    expect(response.status).toBe(200);
    expect(response.json.profile).toMatchObject({ id: developer.id, email: developer.email, archivedAt: null });
    expect(response.json.projects.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
    expect(response.json.projects.map((p: { id: string }) => p.id)).not.toContain(elsewhere.id);
    const taskIds = response.json.tasks.map((t: { id: string }) => t.id);
    expect(taskIds).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(response.json.tasks.every((t: { assignedTo: string }) => t.assignedTo === developer.id)).toBe(true);
  });

  it("answers 404 for unknown ids, clients and administrators", async () => {
    expect((await admin.request("GET", `/api/admin/developers/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("GET", `/api/admin/developers/${client.id}`)).status).toBe(404);
    expect((await admin.request("GET", `/api/admin/developers/${adminId}`)).status).toBe(404);
    expect((await admin.request("GET", `/api/admin/developers/${"x".repeat(101)}`)).status).toBe(400);
  });
});

describe("DELETE /api/admin/developers/:id and reactivation", () => {
  it("deletes a developer who owns nothing, audited", async () => {
    const id = ids[0] as string;
    const response = await admin.request("DELETE", `/api/admin/developers/${id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ outcome: "deleted", developer: { id } });
    expect(await server.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const [row] = await auditRows("developer", id);
    expect(row).toMatchObject({ actorId: adminId, action: "developer.delete" });
    expect(row?.details).toMatchObject({ before: { email: specs[0]?.email }, after: null });
    expect((await admin.request("DELETE", `/api/admin/developers/${id}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/developers/${client.id}`)).status).toBe(404);
  });

  it("deactivates a developer on a project: kept, sessions and sockets ended, sign-in refused; reactivation restores it", async () => {
    const person = await newPerson(server, "developer");
    const project = await createProject(server.db, client.id);
    await assignDeveloper(server.db, project.id, person.id);
    const task = await admin.request("POST", "/api/admin/tasks", {
      title: "Held by the leaver",
      description: "",
      assignedTo: person.id,
      projectId: project.id,
      dueDate: null,
      status: "todo",
      priority: "medium",
    });
    expect(task.status).toBe(201);
    const assigneeShown = async () =>
      (await admin.request("GET", `/api/tasks?assignee=${person.id}`)).json.items.map(
        (item: { assigneeName: string; assigneeDeactivated: boolean }) => [item.assigneeName, item.assigneeDeactivated],
      );
    expect(await assigneeShown()).toEqual([[expect.any(String), false]]);
    const socket = await openLive(server.url, person.client);
    if ("rejected" in socket) throw new Error(`live refused with ${socket.status}`);

    const response = await admin.request("DELETE", `/api/admin/developers/${person.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ outcome: "deactivated", developer: { id: person.id } });
    expect(response.json.developer.archivedAt).toEqual(expect.any(String));
    // Refused at once, not once the sessions trigger's news reaches this process's cache.
    expect((await person.client.request("GET", "/api/me")).status).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    const assignments = await server.db
      .select()
      .from(projectDevelopers)
      .where(eq(projectDevelopers.developerId, person.id));
    expect(assignments).toHaveLength(1);
    // Their task stays theirs, shown as a deactivated person's (issue #7 item 3).
    expect(await assigneeShown()).toEqual([[expect.any(String), true]]);
    const refused = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email: person.email, password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);

    const reactivated = await admin.request("POST", `/api/admin/developers/${person.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.json).toMatchObject({ id: person.id, archivedAt: null });
    await server.signIn(person.email);
    expect((await auditRows("developer", person.id)).map((row) => row.action).sort()).toEqual([
      "developer.deactivate",
      "developer.reactivate",
    ]);
    expect((await admin.request("POST", `/api/admin/developers/${randomUUID()}/reactivate`)).status).toBe(404);
  });
});

describe("sign out everywhere", () => {
  const account = async (kind: "clients" | "developers", id: string) =>
    (await admin.request("GET", `/api/admin/${kind}/${id}`)).json.profile as {
      hasPassword: boolean;
      signedInDevices: number;
    };

  it("ends every session of a client: their live socket closes, their next request is a 401, audited; they sign in again", async () => {
    const person = await newPerson(server, "client");
    const laptop = person.client;
    const phone = await server.signIn(person.email);
    expect(await account("clients", person.id)).toMatchObject({ hasPassword: true, signedInDevices: 2 });
    const socket = await openLive(server.url, phone);
    if ("rejected" in socket) throw new Error("live socket refused");

    const response = await admin.request("POST", `/api/admin/clients/${person.id}/sign-out`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ended: 2 });
    // Refused at once, not once the sessions trigger's news reaches this process's cache.
    expect((await laptop.request("GET", "/api/me")).status).toBe(401);
    expect((await phone.request("GET", "/api/me")).status).toBe(401);
    await socket.closed;
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect(await account("clients", person.id)).toMatchObject({ signedInDevices: 0 });
    expect(await auditRows("client", person.id)).toEqual([
      expect.objectContaining({
        action: "client.sign_out",
        actorId: adminId,
        details: { before: { sessions: 2 }, after: { sessions: 0 } },
      }),
    ]);

    // Nothing left to end: no audit entry for nothing. The password stays.
    expect((await admin.request("POST", `/api/admin/clients/${person.id}/sign-out`)).json).toEqual({ ended: 0 });
    expect(await auditRows("client", person.id)).toHaveLength(1);
    const again = await server.signIn(person.email);
    expect((await again.request("GET", "/api/me")).status).toBe(200);
  });

  it("answers each screen for the people it manages only, and refuses an administrator's own account", async () => {
    const dev = await newPerson(server, "developer");
    const other = await newPerson(server, "client");
    // A client is no developer nor staff; a developer no client.
    expect((await admin.request("POST", `/api/admin/developers/${other.id}/sign-out`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/staff/${other.id}/sign-out`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/clients/${dev.id}/sign-out`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/clients/${randomUUID()}/sign-out`)).status).toBe(404);
    expect((await other.client.request("GET", "/api/me")).status).toBe(200);

    expect(await account("developers", dev.id)).toMatchObject({ signedInDevices: 1 });
    const fromStaff = await admin.request("POST", `/api/admin/staff/${dev.id}/sign-out`);
    expect(fromStaff.json).toEqual({ ended: 1 });
    expect((await dev.client.request("GET", "/api/me")).status).toBe(401);
    expect((await auditRows("staff", dev.id)).map((row) => row.action)).toEqual(["staff.sign_out"]);

    const self = await admin.request("POST", `/api/admin/staff/${adminId}/sign-out`);
    expect(self.status).toBe(409);
    expect(self.json.error.message).toBe(SIGN_OUT_YOURSELF);
    expect((await admin.request("GET", "/api/me")).status).toBe(200);
  });
});

describe("new accounts and their invitations", () => {
  async function acceptInvitation(email: string, password: string) {
    const [mail] = await outbox(server.db, email);
    expect(mail?.subject).toMatch(/invited/i);
    expect(mail?.link?.startsWith(`${server.url}/auth?view=reset&token=`)).toBe(true);
    expect(mail?.text).toContain(mail?.link as string);
    expect(mail?.text).toMatch(/7 days/);
    const token = tokenOf(mail?.link);
    const set = await server.client().request("POST", "/api/auth/reset-password", { token, newPassword: password });
    expect(set.status).toBe(200);
    return token;
  }

  it("creates a developer (role set by the server), mails the invitation, and its link sets a password and verifies the e-mail", async () => {
    const email = `new.dev.${TAG}@example.test`;
    const response = await admin.request("POST", "/api/admin/developers", { fullName: " Ada Obi ", email });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ fullName: "Ada Obi", email, role: "developer" });
    const id = response.json.id as string;
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: "developer", emailVerified: false, archivedAt: null });
    // The invitation lasts a week, not the hour of a reset.
    const [token] = await server.db.select().from(verifications).where(eq(verifications.value, id));
    expect(token?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    // No password yet: nobody signs in.
    const before = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email, password: "Chosen#Pass1" });
    expect(before.status).not.toBe(200);
    const [audit] = await auditRows("developer", id);
    expect(audit).toMatchObject({ actorId: adminId, action: "developer.create" });

    const used = await acceptInvitation(email, "Chosen#Pass1");
    const signedIn = await server.signIn(email, "Chosen#Pass1");
    expect((await signedIn.request("GET", "/api/me")).json).toMatchObject({ email, role: "developer" });
    const [after] = await server.db.select().from(users).where(eq(users.id, id));
    expect(after?.emailVerified).toBe(true);
    // The link works once.
    const again = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token: used, newPassword: "Other#Pass22" });
    expect(again.status).toBe(400);
    expect((await table(`q=${encodeURIComponent(email)}`)).items.map((item) => item.id)).toEqual([id]);
  });

  it("sends the invitation again while no password is chosen, from each screen that manages the person", async () => {
    const email = `again.dev.${TAG}@example.test`;
    const id = (await admin.request("POST", "/api/admin/developers", { fullName: "Kemi Late", email })).json
      .id as string;
    const [first] = await outbox(server.db, email);

    // From the developer's page and from Staff alike; a client's page does not know a developer.
    const again = await admin.request("POST", `/api/admin/developers/${id}/invitation`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id, fullName: "Kemi Late", email, role: "developer" });
    expect((await admin.request("POST", `/api/admin/staff/${id}/invitation`)).status).toBe(200);
    expect((await admin.request("POST", `/api/admin/clients/${id}/invitation`)).status).toBe(404);
    const mails = await outbox(server.db, email);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((mail) => mail.link)).size).toBe(3);
    expect((await auditRows("developer", id)).map((entry) => entry.action).sort()).toEqual([
      "developer.create",
      "developer.reinvite",
    ]);
    expect((await auditRows("staff", id)).map((entry) => entry.action)).toEqual(["staff.reinvite"]);

    // The newest link sets the password, and every other link dies with it.
    await acceptInvitation(email, "Chosen#Late1");
    const old = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token: tokenOf(first?.link), newPassword: "Taken#Over99" });
    expect(old.status).toBe(400);
    expect((await server.signIn(email, "Chosen#Late1")).cookieHeader()).toContain("=");
    const spent = await admin.request("POST", `/api/admin/developers/${id}/invitation`);
    expect(spent.status).toBe(409);
    expect(spent.json.error.message).toBe(ALREADY_SIGNED_UP);
    expect(await outbox(server.db, email)).toHaveLength(3);
  });

  it("sends no invitation to someone who signed up themselves, to a deactivated account, nor to no one", async () => {
    const email = `self.${TAG}@example.test`;
    const signUp = await server
      .client()
      .request("POST", "/api/auth/sign-up/email", { fullName: "Self Made", email, password: "Kestrel#Harbour42" });
    expect(signUp.status).toBe(200);
    const selfId = await userIdOf(server.db, email);
    const response = await admin.request("POST", `/api/admin/clients/${selfId}/invitation`);
    expect(response.status).toBe(409);
    expect(response.json.error.message).toBe(SIGNED_UP_UNCONFIRMED);

    const invited = `gone.${TAG}@example.test`;
    const goneId = (await admin.request("POST", "/api/admin/clients", { fullName: "Gone Soon", email: invited })).json
      .id as string;
    await server.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, goneId));
    const archived = await admin.request("POST", `/api/admin/clients/${goneId}/invitation`);
    expect(archived.status).toBe(409);
    expect(archived.json.error.message).toBe(REACTIVATE_FIRST);
    expect(await outbox(server.db, invited)).toHaveLength(1);

    expect((await admin.request("POST", `/api/admin/clients/${randomUUID()}/invitation`)).status).toBe(404);
  });

  it("creates a client with their company and the client role", async () => {
    const email = `new.client.${TAG}@example.test`;
    const response = await admin.request("POST", "/api/admin/clients", {
      fullName: "Bola Ade",
      email: email.toUpperCase(),
      companyName: "Ade Foods",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ email, role: "client" });
    const [row] = await server.db.select().from(users).where(eq(users.id, response.json.id));
    expect(row).toMatchObject({ role: "client", companyName: "Ade Foods", emailVerified: false });
    expect((await auditRows("client", response.json.id)).map((entry) => entry.action)).toEqual(["client.create"]);
    await acceptInvitation(email, "Client#Pass99");
    const signedIn = await server.signIn(email, "Client#Pass99");
    expect((await signedIn.request("GET", "/api/me")).json.role).toBe("client");
  });

  it("refuses a taken e-mail with 409 on the field, whatever its case, and sends nothing", async () => {
    for (const [path, body] of [
      ["/api/admin/developers", { fullName: "Twin", email: developer.email.toUpperCase() }],
      ["/api/admin/clients", { fullName: "Twin", email: "admin@lagosstudio.test" }],
    ] as const) {
      const response = await admin.request("POST", path, body);
      expect(response.status, path).toBe(409);
      expect(response.json.error.fields).toEqual({ email: "An account with this e-mail already exists" });
    }
    expect(await outbox(server.db, developer.email)).toEqual([]);
  });

  it("refuses bad input with 400 under each field, and never takes a role from the body", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/admin/developers", { fullName: "", email: `x.${TAG}@example.test` }, "fullName"],
      ["/api/admin/developers", { fullName: "X", email: "not-an-email" }, "email"],
      ["/api/admin/developers", { fullName: "X", email: `x.${TAG}@example.test`, role: "admin" }, "role"],
      ["/api/admin/developers", { fullName: "X", email: `x.${TAG}@example.test`, companyName: "C" }, "companyName"],
      ["/api/admin/clients", { fullName: "X", email: `x.${TAG}@example.test`, role: "admin" }, "role"],
      ["/api/admin/clients", { fullName: "X".repeat(300), email: `x.${TAG}@example.test` }, "fullName"],
    ];
    for (const [path, body, field] of cases) {
      const response = await admin.request("POST", path, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(Object.keys(response.json.error.fields ?? {}), `${path} ${field}`).toContain(field);
    }
    expect(
      await server.db
        .select()
        .from(users)
        .where(eq(users.email, `x.${TAG}@example.test`)),
    ).toEqual([]);
  });
});
