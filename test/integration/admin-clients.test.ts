import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allClients } from "../../server/data/clients";
import { auditLog, projects, sessions, users, verifications } from "../../server/db/schema";
import { FEW_MATCHES } from "../../server/http/admin-table";
import { type ClientSpec, createClients, createClientWithPassword } from "../support/clients";
import { insertInvoice } from "../support/invoices";
import { openLive } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";

/** The admin console's clients table (issue #7): paging, sort, search, CSV, delete vs deactivate, reactivate. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;

const TAG = `zq${randomUUID().slice(0, 6)}`;
const COUNT = 23;
const PASSWORD = "Kestrel#Harbour42";
const DAY = 24 * 60 * 60 * 1000;

/** 23 clients named "<TAG> Person 01…23"; companies in the reverse order, a few missing; joined a day apart. */
const specs: ClientSpec[] = Array.from({ length: COUNT }, (_, i) => {
  const n = String(i + 1).padStart(2, "0");
  return {
    fullName: `${TAG.toUpperCase()} Person ${n}`,
    email: `person${n}.${TAG}@example.test`,
    companyName: i % 5 === 4 ? null : `${TAG} Company ${String(COUNT - i).padStart(2, "0")}`,
    createdAt: new Date(Date.now() - (i + 1) * DAY),
  };
});
let ids: string[] = [];

const SORT_SQL = {
  name: sql`lower(full_name)`,
  company: sql`lower(company_name)`,
  joined: sql`created_at`,
} as const;

/** The expected order, straight from SQL (independent of the route's helper). */
async function expectedIds(sort: keyof typeof SORT_SQL, dir: "asc" | "desc", q: string) {
  const direction = sql.raw(dir);
  const pattern = `${q.toLowerCase()}%`;
  const result = await server.db.execute(
    sql`select id from users where role = 'client'
        and (lower(full_name) like ${pattern} or lower(substring(full_name from '[^[:space:]]+$')) like ${pattern}
          or lower(email) like ${pattern} or lower(company_name) like ${pattern})
        order by ${SORT_SQL[sort]} ${direction}, id ${direction}`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}

type TablePage = { items: { id: string; fullName: string; archivedAt: string | null }[]; total: number; page: number };
const table = async (from: Client, query: string) =>
  (await from.request("GET", `/api/admin/clients?${query}`)).json as TablePage;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  ids = await createClients(server.db, specs);
});
afterAll(async () => {
  await server?.close();
});

describe("who may use the admin client routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route", async () => {
    const id = ids[0] as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/clients"],
      ["GET", "/api/admin/clients.csv"],
      ["GET", `/api/admin/clients/${id}`],
      ["PATCH", `/api/admin/clients/${id}`, { fullName: "Taken Over" }],
      ["DELETE", `/api/admin/clients/${id}`],
      ["POST", `/api/admin/clients/${id}/reactivate`],
    ];
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const [still] = await server.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id));
    expect(still?.fullName).toBe(specs[0]?.fullName);
  });
});

describe("GET /api/admin/clients", () => {
  it("pages through every sort both ways in SQL's order, id breaking ties, each row once", async () => {
    for (const sort of ["name", "company", "joined"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedIds(sort, dir, TAG);
        expect(expected).toHaveLength(COUNT);
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = await table(admin, `q=${TAG}&sort=${sort}&dir=${dir}&page=${page}&pageSize=10`);
          expect(body.total).toBe(COUNT);
          expect(body.page).toBe(page);
          seen.push(...body.items.map((row) => row.id));
        }
        expect(seen, `${sort} ${dir}`).toEqual(expected);
      }
    }
  });

  it("searches by the start of the name, e-mail or company, ignoring case; LIKE wildcards match themselves", async () => {
    expect((await table(admin, `q=${TAG.toUpperCase()}%20person%2007`)).items.map((row) => row.id)).toEqual([ids[6]]);
    expect((await table(admin, `q=PERSON12.${TAG}`)).items.map((row) => row.id)).toEqual([ids[11]]);
    expect((await table(admin, `q=${TAG}%20company%2001`)).items.map((row) => row.id)).toEqual([ids[22]]);
    // The start only: the same words inside a name do not match.
    expect((await table(admin, "q=person%2007")).total).toBe(0);
    expect((await table(admin, "q=%25")).total).toBe(0);
    expect((await table(admin, `q=${TAG.slice(0, 2)}_`)).total).toBe(0);
    // Only clients: the administrator and developers are never rows of this table.
    expect((await table(admin, "q=admin@lagosstudio")).total).toBe(0);
  });

  it("finds a client by the start of their surname (the name's last word) too, on the clients, payments and pickers", async () => {
    const surname = `Sur${TAG}`;
    const [id] = await createClients(server.db, [
      { fullName: `Ada ${surname}`, email: `ada.${TAG}@example.test`, companyName: null },
    ]);
    const invoice = await insertInvoice(server.db, { clientId: id as string, invoiceNumber: `SUR-${TAG}` });
    expect((await table(admin, `q=${surname.toLowerCase()}`)).items.map((row) => row.id)).toEqual([id]);
    expect((await table(admin, `q=${surname.slice(0, 6)}`)).items.map((row) => row.id)).toEqual([id]);
    // Its start only: the same letters inside the word do not match.
    expect((await table(admin, `q=ur${TAG}`)).total).toBe(0);
    const payments = await admin.request("GET", `/api/admin/payments?q=${surname}`);
    expect(payments.json.items.map((row: { id: string }) => row.id)).toEqual([invoice.id]);
    const options = await admin.request("GET", `/api/admin/client-options?q=${surname}`);
    expect(options.json.map((row: { id: string }) => row.id)).toEqual([id]);
    const all = await table(admin, "pageSize=100");
    const [clients] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, "client"));
    expect(all.total).toBe(clients?.n);
  });

  it("finds a name whose next character is outside the Basic Multilingual Plane, on every repeat of the search", async () => {
    const prefix = `astral${TAG}`;
    const [astral] = await createClients(server.db, [
      { fullName: `${prefix}😀 Person`, email: `astral.${TAG}@example.test`, companyName: null },
    ]);
    // Past the five custom plans PostgreSQL makes for a prepared statement before it may cache a generic one.
    for (let repeat = 0; repeat < 8; repeat++) {
      expect(
        (await table(admin, `q=${prefix}`)).items.map((row) => row.id),
        `repeat ${repeat}`,
      ).toEqual([astral]);
    }
    expect((await table(admin, `q=${encodeURIComponent(`${prefix}😀`)}`)).total).toBe(1);
    expect((await table(admin, `q=${prefix}x`)).total).toBe(0);
  });

  it("pages a search of more matches than FEW_MATCHES, read by walking the sort, in SQL's order too", async () => {
    // Every search above matches fewer (its matches are read first, then sorted); this one is walked.
    const many = `zm${randomUUID().slice(0, 6)}`;
    const manySpecs = Array.from({ length: FEW_MATCHES + 5 }, (_, i) => ({
      fullName: `${many} Name ${(i * 7919) % 10_007}`,
      email: `n${i}.${many}@example.test`,
      companyName: i % 3 === 0 ? null : `${many} Co ${(i * 104_729) % 1_009}`,
      createdAt: new Date(Date.now() - ((i * 6_151) % 4_001) * 60_000),
    }));
    await createClients(server.db, manySpecs);
    for (const sort of ["name", "company", "joined"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedIds(sort, dir, many);
        for (const page of [1, 3]) {
          const body = await table(admin, `q=${many}&sort=${sort}&dir=${dir}&page=${page}&pageSize=25`);
          expect(body.total).toBe(FEW_MATCHES + 5);
          expect(
            body.items.map((row) => row.id),
            `${sort} ${dir} page ${page}`,
          ).toEqual(expected.slice((page - 1) * 25, page * 25));
        }
      }
    }
  });

  it("defaults to the newest clients first, 25 a page, and a page past the end is empty", async () => {
    const first = await table(admin, "");
    expect(first).toMatchObject({ page: 1, pageSize: 25 });
    expect(first.items[0]?.id).toBe((await expectedIds("joined", "desc", ""))[0]);
    const beyond = await table(admin, `q=${TAG}&page=9`);
    expect(beyond).toMatchObject({ total: COUNT, items: [] });
  });

  it("refuses a bad page, size, sort, direction, long search or unknown parameter with 400", async () => {
    for (const query of [
      "page=0",
      "page=x",
      "page=1000000000000000000",
      "pageSize=101",
      "pageSize=0",
      "sort=email",
      "dir=up",
      `q=${"a".repeat(101)}`,
      "role=admin",
    ]) {
      const response = await admin.request("GET", `/api/admin/clients?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.error.code).toBe("validation_failed");
    }
  });
});

describe("GET /api/admin/clients.csv", () => {
  it("streams every matching client in the table's order, quoted, with formulas defused", async () => {
    const [tricky] = await createClients(server.db, [
      { fullName: `${TAG} Tricky, "Quoted"`, email: `tricky.${TAG}@example.test`, companyName: "=HYPERLINK(1)" },
    ]);
    const response = await admin.request("GET", `/api/admin/clients.csv?q=${TAG}&sort=name&dir=asc`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toContain("clients.csv");
    const lines = response.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Name,E-mail,Company,Joined,Status");
    expect(lines).toHaveLength(COUNT + 2);
    const expected = await expectedIds("name", "asc", TAG);
    const emails = lines.slice(1).map((line) => line.match(/[^,]*@example\.test/)?.[0]);
    const [byId] = [
      new Map([...specs.map((spec, i) => [ids[i], spec.email] as const), [tricky, `tricky.${TAG}@example.test`]]),
    ];
    expect(emails).toEqual(expected.map((id) => byId.get(id)));
    expect(lines).toContain(
      `"${TAG} Tricky, ""Quoted""",tricky.${TAG}@example.test,'=HYPERLINK(1),${lines
        .find((l) => l.includes("tricky"))
        ?.split(",")
        .at(-2)},Active`,
    );
    await server.db.delete(users).where(eq(users.id, tricky as string));
  });

  it("reads its rows a batch at a time in the table's order", async () => {
    for (const [sort, dir] of [
      ["name", "asc"],
      ["company", "desc"],
    ] as const) {
      const batches: { id: string }[][] = [];
      for await (const batch of allClients(server.db, { sort, dir, q: TAG }, 4)) batches.push(batch);
      expect(batches.every((batch) => batch.length <= 4)).toBe(true);
      expect(batches.length, sort).toBeGreaterThan(1);
      expect(
        batches.flat().map((row) => row.id),
        sort,
      ).toEqual(await expectedIds(sort, dir, TAG));
    }
  });

  it("refuses paging parameters and bad sorts", async () => {
    expect((await admin.request("GET", "/api/admin/clients.csv?page=2")).status).toBe(400);
    expect((await admin.request("GET", "/api/admin/clients.csv?sort=password")).status).toBe(400);
  });
});

describe("GET /api/admin/clients/:id", () => {
  it("shows a client's profile with their projects, invoices and orders", async () => {
    const id = await userIdOf(server.db, "chinedu@ezefoods.test");
    const response = await admin.request("GET", `/api/admin/clients/${id}`);
    expect(response.status).toBe(200);
    const ownProjects = await server.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, id));
    expect(response.json.profile).toMatchObject({ id, email: "chinedu@ezefoods.test", archivedAt: null });
    expect(response.json.projects.map((p: { id: string }) => p.id).sort()).toEqual(ownProjects.map((p) => p.id).sort());
    expect(response.json.invoices.every((invoice: { clientId: string }) => invoice.clientId === id)).toBe(true);
    expect(response.json.orders.every((order: { clientId: string }) => order.clientId === id)).toBe(true);
    expect(response.json.invoices.length).toBeGreaterThan(0);
    expect(response.json.orders.length).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown id and for people who are not clients", async () => {
    expect((await admin.request("GET", `/api/admin/clients/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("GET", `/api/admin/clients/${adminId}`)).status).toBe(404);
    const developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
    expect((await admin.request("GET", `/api/admin/clients/${developerId}`)).status).toBe(404);
  });
});

describe("PATCH /api/admin/clients/:id", () => {
  const updates = (entityId: string) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.update"), eq(auditLog.entityId, entityId)));

  it("corrects the name and company, audited, and the client's own session shows it at once", async () => {
    const email = `renamed.${TAG}@example.test`;
    const id = await createClientWithPassword(
      server.db,
      { fullName: `${TAG} Misspelt`, email, companyName: "Wrong Co" },
      PASSWORD,
    );
    const renamed = await server.signIn(email, PASSWORD);
    expect((await renamed.request("GET", "/api/me")).json.fullName).toBe(`${TAG} Misspelt`);
    const socket = await openLive(server.url, renamed);
    if ("rejected" in socket) throw new Error(`live refused with ${socket.status}`);
    expect(await socket.subscribe(["orders", "mine"])).toMatchObject({ type: "subscribed" });

    const response = await admin.request("PATCH", `/api/admin/clients/${id}`, {
      fullName: `  ${TAG} Spelt Right `,
      companyName: "Right Co",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, email, fullName: `${TAG} Spelt Right`, companyName: "Right Co" });
    // Their cached session is dropped by the users trigger, in every process, and their open tab told.
    await socket.next((frame) => frame.type === "profile");
    socket.close();
    await expect
      .poll(async () => (await renamed.request("GET", "/api/me")).json)
      .toMatchObject({ fullName: `${TAG} Spelt Right`, companyName: "Right Co" });
    const [row] = await updates(id);
    expect(row).toMatchObject({ actorId: adminId, entity: "client" });
    expect(row?.details).toMatchObject({
      before: { fullName: `${TAG} Misspelt`, companyName: "Wrong Co", email },
      after: { fullName: `${TAG} Spelt Right`, companyName: "Right Co", email },
    });

    // One field at a time; an empty company clears it; the same values again write nothing.
    const cleared = await admin.request("PATCH", `/api/admin/clients/${id}`, { companyName: "" });
    expect(cleared.json).toMatchObject({ fullName: `${TAG} Spelt Right`, companyName: null });
    const same = await admin.request("PATCH", `/api/admin/clients/${id}`, { fullName: `${TAG} Spelt Right` });
    expect(same.status).toBe(200);
    expect(await updates(id)).toHaveLength(2);
  });

  it("refuses an empty change, a blank or multi-line name and the e-mail with 400; 404 for people who are not clients", async () => {
    const id = ids[0] as string;
    for (const body of [{}, { fullName: "   " }, { fullName: "Two\nLines" }, { email: "new@example.test" }]) {
      const response = await admin.request("PATCH", `/api/admin/clients/${id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.code).toBe("validation_failed");
    }
    const [unchanged] = await server.db.select().from(users).where(eq(users.id, id));
    expect(unchanged).toMatchObject({ fullName: specs[0]?.fullName, email: specs[0]?.email });
    const developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
    for (const other of [randomUUID(), adminId, developerId]) {
      expect((await admin.request("PATCH", `/api/admin/clients/${other}`, { fullName: "Renamed" })).status).toBe(404);
    }
    const [developerRow] = await server.db.select().from(users).where(eq(users.id, developerId));
    expect(developerRow?.fullName).not.toBe("Renamed");
  });
});

describe("DELETE /api/admin/clients/:id and reactivation", () => {
  const auditRows = (entityId: string) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, entityId)));

  it("deletes a client who owns nothing, with an audit row of who and what before", async () => {
    const id = ids[COUNT - 1] as string;
    const response = await admin.request("DELETE", `/api/admin/clients/${id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ outcome: "deleted", client: { id } });
    expect(await server.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const [row] = await auditRows(id);
    expect(row).toMatchObject({ actorId: adminId, action: "client.delete" });
    expect(row?.details).toMatchObject({ before: { email: specs[COUNT - 1]?.email, archivedAt: null }, after: null });
    expect((await admin.request("DELETE", `/api/admin/clients/${id}`)).status).toBe(404);
  });

  it("answers 404 for unknown ids, administrators and developers; 400 for an oversized id", async () => {
    expect((await admin.request("DELETE", `/api/admin/clients/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/clients/${adminId}`)).status).toBe(403);
    const developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
    expect((await admin.request("DELETE", `/api/admin/clients/${developerId}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/clients/${"x".repeat(101)}`)).status).toBe(400);
    expect((await admin.request("POST", `/api/admin/clients/${randomUUID()}/reactivate`)).status).toBe(404);
  });

  it("deactivates a client who owns a project: records kept, sign-in refused, session and live socket ended; reactivation restores sign-in", async () => {
    const email = `owner.${TAG}@example.test`;
    const id = await createClientWithPassword(server.db, { fullName: `${TAG} Owner`, email }, PASSWORD);
    const projectId = await createProject(server.db, { clientEmail: email });
    const owner = await server.signIn(email, PASSWORD);
    expect((await owner.request("GET", "/api/projects")).status).toBe(200);
    // Their message, order and invoice, which stay theirs too.
    const sent = await owner.request("POST", `/api/projects/${projectId}/messages`, { message: "Before I go" });
    expect(sent.status).toBe(201);
    const service = await createService(server.db);
    expect((await owner.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(201);
    await insertInvoice(server.db, { clientId: id });
    const socket = await openLive(server.url, owner);
    if ("rejected" in socket) throw new Error(`live refused with ${socket.status}`);
    expect(await socket.subscribe(["orders", "mine"])).toMatchObject({ type: "subscribed" });
    // A reset link mailed before: it must not set a password once the account is back.
    expect((await server.client().request("POST", "/api/auth/request-password-reset", { email })).status).toBe(200);
    const resetLinks = () =>
      server.db
        .select()
        .from(verifications)
        .where(and(eq(verifications.value, id), like(verifications.identifier, "reset-password:%")));
    expect(await resetLinks()).toHaveLength(1);

    const response = await admin.request("DELETE", `/api/admin/clients/${id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ outcome: "deactivated", client: { id } });
    expect(response.json.client.archivedAt).toEqual(expect.any(String));

    // Refused at once, not once the sessions trigger's news reaches this process's cache.
    expect((await owner.request("GET", "/api/projects")).status).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await resetLinks()).toEqual([]);
    // Nor is a new one made while deactivated: asked for, it is answered as for anyone, and no link exists.
    expect((await server.client().request("POST", "/api/auth/request-password-reset", { email })).status).toBe(200);
    expect(await resetLinks()).toEqual([]);
    const [project] = await server.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project?.clientId).toBe(id);
    // Shown as a deactivated person's (issue #7 item 3), until reactivated (below).
    const searched = `q=${encodeURIComponent(email)}`;
    const shownDeactivated = async () => [
      (await admin.request("GET", `/api/projects/${projectId}`)).json.clientDeactivated,
      (await admin.request("GET", `/api/projects/${projectId}/messages`)).json.items[0]?.authorDeactivated,
      (await admin.request("GET", `/api/admin/payments?${searched}`)).json.items[0]?.clientDeactivated,
      (await admin.request("GET", `/api/admin/bookings?${searched}`)).json.items[0]?.clientDeactivated,
    ];
    expect(await shownDeactivated()).toEqual([true, true, true, true]);

    const refused = await server.client().request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/deactivated/);
    // A wrong password still reads as a wrong password: deactivation reveals nothing without it.
    const wrong = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email, password: "Wrong#Pass123" });
    expect(wrong.status).toBe(401);

    const listed = await table(admin, `q=${TAG}%20owner`);
    expect(listed.items[0]).toMatchObject({ id, archivedAt: expect.any(String) });
    // The unsearched total (a running count of active clients plus the deactivated) still counts them.
    const [clients] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, "client"));
    expect((await table(admin, "")).total).toBe(clients?.n);

    // Deleting again changes nothing and writes no second entry.
    expect((await admin.request("DELETE", `/api/admin/clients/${id}`)).json.outcome).toBe("deactivated");
    const entries = await auditRows(id);
    expect(entries.map((entry) => entry.action)).toEqual(["client.deactivate"]);
    expect(entries[0]?.actorId).toBe(adminId);
    expect(entries[0]?.details).toMatchObject({
      before: { archivedAt: null },
      after: { archivedAt: expect.any(String) },
    });

    const reactivated = await admin.request("POST", `/api/admin/clients/${id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.json).toMatchObject({ id, archivedAt: null });
    expect(await shownDeactivated()).toEqual([false, false, false, false]);
    const again = await server.signIn(email, PASSWORD);
    expect((await again.request("GET", "/api/projects")).status).toBe(200);
    const actions = (await auditRows(id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["client.deactivate", "client.reactivate"]);
    // Reactivating an active client is a no-op without an audit entry.
    expect((await admin.request("POST", `/api/admin/clients/${id}/reactivate`)).status).toBe(200);
    expect(await auditRows(id)).toHaveLength(2);
  });

  it("ends the sessions of a person archived by any means (plain SQL), though their session rows remain", async () => {
    const email = `archived.${TAG}@example.test`;
    const id = await createClientWithPassword(server.db, { fullName: `${TAG} Archived`, email }, PASSWORD);
    const person = await server.signIn(email, PASSWORD);
    expect((await person.request("GET", "/api/projects")).status).toBe(200);
    await server.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, id));
    expect((await server.db.select().from(sessions).where(eq(sessions.userId, id))).length).toBeGreaterThan(0);
    await expect.poll(async () => (await person.request("GET", "/api/projects")).status).toBe(401);
  });
});
