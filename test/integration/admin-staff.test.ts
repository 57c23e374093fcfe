import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_SEALED, type OutboxMail, type Page } from "../../common/api";
import { keepAnAdministrator, LAST_ADMIN, lockActiveAdmins } from "../../server/data/staff";
import { auditLog, mailOutbox, users } from "../../server/db/schema";
import { HttpError } from "../../server/http/errors";
import { liveSockets } from "../support/live";
import { createPeople, type PersonSpec, tokenOf } from "../support/people";
import { createTask, newPerson, type Person } from "../support/portal";
import { type Client, dbKind, outbox, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";

/**
 * The admin console's staff (issue #7): administrators and developers in one
 * table; invite with a role, edit name and role, remove; never yourself,
 * never the last administrator; a role change reaches the person's open
 * sessions and live subscriptions at once.
 */
let server: TestServer;
let admin: Client;
let adminId: string;
let client: Person;
let developer: Person;
const sockets = liveSockets(() => server.url);

const TAG = `st${randomUUID().slice(0, 6)}`;
const specs: PersonSpec[] = [
  { fullName: `${TAG} Amaka`, email: `amaka.${TAG}@example.test`, role: "admin" },
  { fullName: `${TAG} Bayo`, email: `bayo.${TAG}@example.test`, role: "developer" },
  { fullName: `${TAG} Chidi`, email: `chidi.${TAG}@example.test`, role: "developer" },
  { fullName: `${TAG} Dayo`, email: `dayo.${TAG}@example.test`, role: "client" },
];
let ids: string[] = [];

type Row = { id: string; role: string; fullName: string };
const table = async (query: string) =>
  (await admin.request("GET", `/api/admin/staff?${query}`)).json as { items: Row[]; total: number };

const auditRows = (entityId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "staff"), eq(auditLog.entityId, entityId)));

const live = (from: Client) => sockets.open(from);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin@lagosstudio.test");
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  [client, developer] = await Promise.all([newPerson(server, "client"), newPerson(server, "developer")]);
  ids = await createPeople(server.db, specs);
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("who may use the staff routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route", async () => {
    const id = ids[1] as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/staff"],
      ["POST", "/api/admin/staff", { fullName: "X", email: `x.${TAG}@example.test`, role: "admin" }],
      ["PATCH", `/api/admin/staff/${id}`, { role: "admin" }],
      ["DELETE", `/api/admin/staff/${id}`],
    ];
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await client.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await developer.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row?.role).toBe("developer");
    expect(
      await server.db
        .select()
        .from(users)
        .where(eq(users.email, `x.${TAG}@example.test`)),
    ).toEqual([]);
  });
});

describe("GET /api/admin/staff", () => {
  it("lists administrators and developers with their role, sorted both ways, never clients", async () => {
    const asc = await table(`q=${TAG}&sort=name&dir=asc`);
    expect(asc.items.map((row) => [row.fullName, row.role])).toEqual([
      [`${TAG} Amaka`, "admin"],
      [`${TAG} Bayo`, "developer"],
      [`${TAG} Chidi`, "developer"],
    ]);
    const desc = await table(`q=${TAG}&sort=name&dir=desc`);
    expect(desc.items.map((row) => row.id)).toEqual(asc.items.map((row) => row.id).reverse());
    expect((await table(`q=dayo.${TAG}`)).total).toBe(0);
    // By the start of a name's last word too; a client of that surname is still no staff member.
    const bySurname = (await table("q=chid&pageSize=100")).items.map((row) => row.fullName);
    expect(bySurname).toContain(`${TAG} Chidi`);
    expect((await table("q=dayo&pageSize=100")).items.map((row) => row.fullName)).not.toContain(`${TAG} Dayo`);
    const [counted] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(inArray(users.role, ["admin", "developer"]));
    expect((await table("pageSize=100")).total).toBe(counted?.n);
    const byJoined = await table("sort=joined&dir=desc&pageSize=100");
    const expected = await server.db.execute(
      sql`select id from users where role in ('admin', 'developer') order by created_at desc, id desc`,
    );
    expect(byJoined.items.map((row) => row.id)).toEqual((expected.rows as { id: string }[]).map((row) => row.id));
    // By role both ways: administrators before developers ascending, the id breaking ties, as SQL orders them.
    for (const dir of ["asc", "desc"] as const) {
      const byRole = await table(`sort=role&dir=${dir}&pageSize=100`);
      const inSql = await server.db.execute<{ id: string }>(
        sql`select id from users where role in ('admin', 'developer')
            order by role ${sql.raw(dir)}, id ${sql.raw(dir)} limit 100`,
      );
      expect(
        byRole.items.map((row) => row.id),
        dir,
      ).toEqual(inSql.rows.map((row) => row.id));
    }
    const [first, last] = [(await table("sort=role&dir=asc")).items[0], (await table("sort=role&dir=desc")).items[0]];
    expect([first?.role, last?.role]).toEqual(["admin", "developer"]);
  });

  it("refuses bad queries with 400", async () => {
    for (const query of ["page=0", "sort=email", "dir=sideways", "role=admin"]) {
      expect((await admin.request("GET", `/api/admin/staff?${query}`)).status, query).toBe(400);
    }
  });
});

describe("POST /api/admin/staff (invitations)", () => {
  it("invites an administrator: the mail's link sets the password, and they sign in as an administrator", async () => {
    const email = `invited.admin.${TAG}@example.test`;
    // The administrators' people tables follow the invitation, and its taking up ("Invited" no more).
    const peopleTables = await live(admin);
    expect(await peopleTables.subscribe(["admin", "people"])).toMatchObject({ type: "subscribed" });
    const toldToRefetch = () => peopleTables.frames.filter((frame) => frame.type === "invalidate").length;
    const response = await admin.request("POST", "/api/admin/staff", { fullName: "Ngozi Eze", email, role: "admin" });
    expect(response.status).toBe(201);
    await expect.poll(toldToRefetch).toBe(1);
    expect(response.json).toMatchObject({ email, role: "admin" });
    expect((await auditRows(response.json.id)).map((row) => row.action)).toEqual(["staff.create"]);
    const [mail] = await outbox(server.db, email);
    expect(mail?.text).toContain("an administrator");
    // Not yet taken up, the invitation is the inviter's to hand over: the outbox shows its link.
    const readBy = async (reader: Client) =>
      ((await reader.request("GET", `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json as Page<OutboxMail>)
        .items;
    expect((await readBy(admin))[0]?.link).toBe(mail?.link);
    const set = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token: tokenOf(mail?.link), newPassword: "Admin#Chosen1" });
    expect(set.status).toBe(200);
    await expect.poll(toldToRefetch).toBe(2);
    const invited = await server.signIn(email, "Admin#Chosen1");
    expect((await invited.request("GET", "/api/admin/staff")).status).toBe(200);

    // Once theirs, a reset link sent to them is for them only: another administrator sees the subject.
    expect((await server.client().request("POST", "/api/auth/request-password-reset", { email })).status).toBe(200);
    await expect.poll(async () => (await outbox(server.db, email)).length).toBe(2);
    const [reset] = await readBy(admin);
    expect(reset).toMatchObject({ subject: "Reset your Lagos Studio password", text: OUTBOX_SEALED, link: null });
    expect((await readBy(invited))[0]?.link).toMatch(/reset-password/);
    // Nor its headers: a notification's carry an unsubscribe token.
    const unsubscribe = { "List-Unsubscribe": "<https://example.test/api/mail/unsubscribe?token=theirs>" };
    await server.db
      .insert(mailOutbox)
      .values({ to: email, subject: "A notice", text: "For them.", headers: unsubscribe });
    expect((await readBy(admin))[0]).toMatchObject({ subject: "A notice", text: OUTBOX_SEALED, headers: null });
    expect((await readBy(invited))[0]).toMatchObject({ subject: "A notice", headers: unsubscribe });
  });

  it("refuses a bad role, a missing name and a taken e-mail", async () => {
    const email = `bad.${TAG}@example.test`;
    const bad = await admin.request("POST", "/api/admin/staff", { fullName: "X", email, role: "client" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields)).toContain("role");
    const unnamed = await admin.request("POST", "/api/admin/staff", { fullName: " ", email, role: "developer" });
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.json.error.fields)).toContain("fullName");
    const taken = await admin.request("POST", "/api/admin/staff", {
      fullName: "X",
      email: specs[0]?.email,
      role: "developer",
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fields.email).toMatch(/already exists/);
    expect(await server.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe("GET /api/admin/outbox", () => {
  it("reads a page at a time, newest first, by cursor; administrators only", async () => {
    const to = `paged.${TAG}@example.test`;
    const sent = Date.now() - 60_000;
    await server.db.insert(mailOutbox).values(
      Array.from({ length: 5 }, (_, index) => ({
        to,
        subject: `Paged ${index}`,
        text: "A mail.",
        createdAt: new Date(sent + index * 1000),
      })),
    );
    const read = (query: string, reader: Client = admin) =>
      reader.request("GET", `/api/admin/outbox?to=${encodeURIComponent(to)}&${query}`);
    const subjects: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await read(`limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      const page = response.json as Page<OutboxMail>;
      expect(page.items.length).toBeLessThanOrEqual(2);
      subjects.push(...page.items.map((mail) => mail.subject));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 5);
    expect(subjects).toEqual(["Paged 4", "Paged 3", "Paged 2", "Paged 1", "Paged 0"]);
    expect(pages).toBe(3);
    for (const query of ["cursor=not-a-cursor", "limit=0", "limit=101"]) {
      expect((await read(query)).status, query).toBe(400);
    }
    for (const reader of [client.client, developer.client]) expect((await read("limit=2", reader)).status).toBe(403);
    expect((await read("limit=2", server.client())).status).toBe(401);
  });
});

describe("PATCH /api/admin/staff/:id", () => {
  it("renames and changes a role, audited with before and after", async () => {
    const id = ids[1] as string;
    const response = await admin.request("PATCH", `/api/admin/staff/${id}`, {
      fullName: `${TAG} Bayo B`,
      role: "admin",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, fullName: `${TAG} Bayo B`, role: "admin" });
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ fullName: `${TAG} Bayo B`, role: "admin" });
    const [entry] = await auditRows(id);
    expect(entry).toMatchObject({ actorId: adminId, action: "staff.update" });
    expect(entry?.details).toMatchObject({ before: { role: "developer" }, after: { role: "admin" } });
    // Back as it was; an unchanged body writes nothing.
    expect((await admin.request("PATCH", `/api/admin/staff/${id}`, { role: "developer" })).status).toBe(200);
    expect((await admin.request("PATCH", `/api/admin/staff/${id}`, { role: "developer" })).status).toBe(200);
    expect(await auditRows(id)).toHaveLength(2);
  });

  it("refuses your own role change (403) but renames you; 404 for clients and unknown ids; 400 for bad bodies", async () => {
    const own = await admin.request("PATCH", `/api/admin/staff/${adminId}`, { role: "developer" });
    expect(own.status).toBe(403);
    expect(own.json.error.message).toBe("You cannot change your own role");
    const renamed = await admin.request("PATCH", `/api/admin/staff/${adminId}`, { fullName: "Admin Renamed" });
    expect(renamed.status).toBe(200);
    const [me] = await server.db.select().from(users).where(eq(users.id, adminId));
    expect(me).toMatchObject({ role: "admin", fullName: "Admin Renamed" });
    expect((await admin.request("PATCH", `/api/admin/staff/${ids[3]}`, { role: "admin" })).status).toBe(404);
    expect((await admin.request("PATCH", `/api/admin/staff/${randomUUID()}`, { role: "admin" })).status).toBe(404);
    for (const body of [{}, { role: "client" }, { email: "x@example.test" }, { fullName: "" }]) {
      expect((await admin.request("PATCH", `/api/admin/staff/${ids[1]}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const [client] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, ids[3] as string));
    expect(client?.role).toBe("client");
  });

  it("a demoted administrator gets 403 on admin routes at once, loses their admin live subscription and is told to read their profile", async () => {
    const other = await newPerson(server, "admin");
    expect((await other.client.request("GET", "/api/admin/staff")).status).toBe(200);
    const demotedSocket = await live(other.client);
    const control = await live(admin);
    const key = ["admin", "dashboard"];
    expect(await demotedSocket.subscribe(key)).toMatchObject({ type: "subscribed" });
    expect(await control.subscribe(key)).toMatchObject({ type: "subscribed" });

    const demoted = await admin.request("PATCH", `/api/admin/staff/${other.id}`, { role: "developer" });
    expect(demoted.status).toBe(200);
    // The request after the answer already meets the new role, without waiting for the users trigger.
    expect((await other.client.request("GET", "/api/admin/staff")).status).toBe(403);
    expect((await other.client.request("GET", "/api/me")).json.role).toBe("developer");
    // Their open tab is told to read its profile again (its navigation and guards follow the new role).
    await demotedSocket.next((frame) => frame.type === "profile");

    // A new booking tells administrators to refetch the dashboard: the control hears it, the demoted one does not.
    await sleep(200);
    const service = await createService(server.db);
    expect((await client.client.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(201);
    await control.next((frame) => frame.type === "invalidate");
    await sleep(300);
    expect(demotedSocket.frames.some((frame) => frame.type === "invalidate")).toBe(false);
    expect(control.frames.some((frame) => frame.type === "profile")).toBe(false);
  });

  it("a renamed administrator's socket, re-checked, still hears what changed meanwhile", async () => {
    const other = await newPerson(server, "admin");
    const socket = await live(other.client);
    const key = ["admin", "dashboard"];
    expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });
    // The rename is a change to the dashboard's people (migration 0040), delivered while the socket waits for its re-check.
    const renamed = await admin.request("PATCH", `/api/admin/staff/${other.id}`, { fullName: "Renamed While Open" });
    expect(renamed.status).toBe(200);
    await socket.next((frame) => frame.type === "profile");
    await socket.next((frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key));
  });
});

describe("DELETE /api/admin/staff/:id", () => {
  it("removes a developer who owns nothing; deactivates an administrator who created tasks", async () => {
    const id = ids[2] as string;
    const removed = await admin.request("DELETE", `/api/admin/staff/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ outcome: "deleted", member: { id } });
    expect(await server.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(["staff.delete"]);

    const owner = await newPerson(server, "admin");
    await createTask(server.db, null, owner.id);
    const socket = await live(owner.client);
    const deactivated = await admin.request("DELETE", `/api/admin/staff/${owner.id}`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.json).toMatchObject({ outcome: "deactivated", member: { id: owner.id, role: "admin" } });
    // Refused at once, not once the sessions trigger's news reaches this process's cache.
    expect((await owner.client.request("GET", "/api/admin/staff")).status).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect((await auditRows(owner.id)).map((row) => row.action)).toEqual(["staff.deactivate"]);
  });

  it("deactivates an administrator whose only records are audited changes, so the log still names them", async () => {
    const auditor = await newPerson(server, "admin");
    const renamed = await auditor.client.request("PATCH", `/api/admin/staff/${ids[0]}`, {
      fullName: `${TAG} Renamed by the auditor`,
    });
    expect(renamed.status).toBe(200);
    const removed = await admin.request("DELETE", `/api/admin/staff/${auditor.id}`);
    expect(removed.json).toMatchObject({ outcome: "deactivated", member: { id: auditor.id } });
    const written = await server.db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, ids[0] as string));
    expect(written.map((row) => row.actorId)).toContain(auditor.id);

    // Reactivated from the staff page, in the role they had: they sign in and manage staff again.
    expect((await developer.client.request("POST", `/api/admin/staff/${auditor.id}/reactivate`)).status).toBe(403);
    const reactivated = await admin.request("POST", `/api/admin/staff/${auditor.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.json).toMatchObject({ id: auditor.id, role: "admin", archivedAt: null });
    const back = await server.signIn(auditor.email);
    expect((await back.request("GET", "/api/admin/staff")).status).toBe(200);
    expect((await auditRows(auditor.id)).map((row) => row.action)).toEqual(["staff.deactivate", "staff.reactivate"]);
    expect((await admin.request("POST", `/api/admin/staff/${ids[3]}/reactivate`)).status).toBe(404);
  });

  it("refuses removing yourself (403), clients and unknown ids (404)", async () => {
    const self = await admin.request("DELETE", `/api/admin/staff/${adminId}`);
    expect(self.status).toBe(403);
    expect(self.json.error.message).toBe("You cannot remove yourself");
    expect((await admin.request("DELETE", `/api/admin/staff/${ids[3]}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/staff/${randomUUID()}`)).status).toBe(404);
    expect(await server.db.select().from(users).where(eq(users.id, adminId))).toHaveLength(1);
  });
});

describe.runIf(dbKind === "postgres")("a demotion while the database's notifications are not arriving", () => {
  it("still refuses the demoted administrator's next request: this process dropped their cached sessions itself", async () => {
    const other = await newPerson(server, "admin");
    expect((await other.client.request("GET", "/api/admin/staff")).status).toBe(200);
    // Ends this server's listener connection, as a database restart would: the users trigger's
    // notification of the demotion is lost until it connects again.
    const ended = await server.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`);
    expect(ended.rows.length).toBeGreaterThan(0);
    expect((await admin.request("PATCH", `/api/admin/staff/${other.id}`, { role: "developer" })).status).toBe(200);
    expect((await other.client.request("GET", "/api/admin/staff")).status).toBe(403);
  });
});

describe("the last administrator", () => {
  it("is kept by the guard in the transaction: with one active administrator left, demoting or removing them is a 409", async () => {
    const only = await newPerson(server, "admin");
    await server.db
      .update(users)
      .set({ role: "developer" })
      .where(and(eq(users.role, "admin"), ne(users.id, only.id), ne(users.id, adminId)));
    await server.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, adminId));
    const refused = await server.db
      .transaction(async (tx) => keepAnAdministrator(await lockActiveAdmins(tx), only.id))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, message: LAST_ADMIN });
    await server.db.update(users).set({ archivedAt: null }).where(eq(users.id, adminId));
    await server.db.transaction(async (tx) => keepAnAdministrator(await lockActiveAdmins(tx), only.id));
  });

  it("survives two administrators demoting each other at once: one wins, one is refused, one administrator stays", async () => {
    const [first, second] = await Promise.all([newPerson(server, "admin"), newPerson(server, "admin")]);
    const pair = [first, second] as Person[];
    await server.db
      .update(users)
      .set({ role: "developer" })
      .where(and(eq(users.role, "admin"), ne(users.id, pair[0]?.id as string), ne(users.id, pair[1]?.id as string)));
    const [a, b] = await Promise.all([
      pair[0]?.client.request("PATCH", `/api/admin/staff/${pair[1]?.id}`, { role: "developer" }),
      pair[1]?.client.request("PATCH", `/api/admin/staff/${pair[0]?.id}`, { role: "developer" }),
    ]);
    const statuses = [a?.status, b?.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused in the transaction (409, last administrator) or, if it came second, at the door (403).
    expect([403, 409]).toContain(statuses[1]);
    const admins = await server.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    const loser = a?.status === 200 ? b : a;
    if (loser?.status === 409) expect(loser.json.error.message).toBe(LAST_ADMIN);
  });
});
