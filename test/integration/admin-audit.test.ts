import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../server/db/schema";
import { createClients } from "../support/clients";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";

/** The audit log screen (issue #7): newest first, paged, filtered by person, kind and day; read-only; admins only. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;
let devId: string;

const KIND = `audit${randomUUID().slice(0, 6)}`;
const HOUR = 60 * 60 * 1000;

type Entry = {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};
type Page = { items: Entry[]; total: number; page: number; pageSize: number };
const log = async (query: string) => {
  const response = await admin.request("GET", `/api/admin/audit?${query}`);
  expect(response.status, query).toBe(200);
  return response.json as Page;
};

/** Rows written straight into the log: 2026-03-10 to 2026-03-14 (Lagos noon), by the admin or the developer. */
const DAYS = ["2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"];

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  devId = await userIdOf(server.db, "tunde@lagosstudio.test");
  await server.db.insert(auditLog).values(
    DAYS.flatMap((day, i) => [
      {
        actorId: adminId,
        action: `${KIND}.create`,
        entity: KIND,
        entityId: `row-${i}`,
        details: { before: null, after: { title: `Row ${i}` } },
        createdAt: new Date(`${day}T12:00:00+01:00`),
      },
      {
        actorId: devId,
        action: `${KIND}.update`,
        entity: KIND,
        entityId: `row-${i}`,
        details: { before: { title: `Row ${i}` }, after: { title: `Row ${i}!` } },
        // 00:30 Lagos time the next day: 23:30 UTC on `day`, a Lagos day later.
        createdAt: new Date(new Date(`${day}T00:30:00+01:00`).getTime() + 24 * HOUR),
      },
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe("who may read the audit log", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route; nothing writes it", async () => {
    for (const path of ["/api/admin/audit", "/api/admin/audit/filters"]) {
      expect((await server.client().request("GET", path)).status, path).toBe(401);
      expect((await client.request("GET", path)).status, path).toBe(403);
      expect((await developer.request("GET", path)).status, path).toBe(403);
    }
    // Read-only: no route changes or removes an entry.
    const [first] = (await log(`kind=${KIND}`)).items;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const status = (
        await admin.request(method, `/api/admin/audit/${first?.id}`, method === "DELETE" ? undefined : {})
      ).status;
      expect([404, 405], method).toContain(status);
    }
  });
});

describe("GET /api/admin/audit", () => {
  it("lists newest first with who, what, before and after, paged", async () => {
    const all = await log(`kind=${KIND}&pageSize=4`);
    expect(all.total).toBe(10);
    const times = all.items.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.items[0]).toMatchObject({
      actorId: devId,
      actorName: expect.any(String),
      action: `${KIND}.update`,
      entity: KIND,
      before: { title: "Row 4" },
      after: { title: "Row 4!" },
    });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await log(`kind=${KIND}&pageSize=4&page=${page}`)).items.map((e) => e.id));
    expect(new Set(seen).size).toBe(10);
    const oldest = await log(`kind=${KIND}&dir=asc&pageSize=1`);
    expect(oldest.items[0]?.after).toEqual({ title: "Row 0" });
    expect(oldest.items[0]?.before).toBeNull();
  });

  it("filters by person, by entity or action, and by Lagos day range, together", async () => {
    expect((await log(`kind=${KIND}&actor=${devId}`)).total).toBe(5);
    // A person alone is counted from their running count: what counting their entries gives.
    for (const actor of [devId, adminId]) {
      const [counted] = await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.actorId, actor));
      expect(counted?.n).toBeGreaterThan(0);
      expect((await log(`actor=${actor}`)).total).toBe(counted?.n);
    }
    expect((await log(`kind=${KIND}.create`)).items.every((entry) => entry.action === `${KIND}.create`)).toBe(true);
    expect((await log(`kind=${KIND}.create`)).total).toBe(5);
    // 2026-03-11: that day's create at noon, and the update of the 10th made at 00:30 on the 11th.
    const day = await log(`kind=${KIND}&from=2026-03-11&to=2026-03-11`);
    expect(day.items.map((entry) => entry.action).sort()).toEqual([`${KIND}.create`, `${KIND}.update`]);
    expect((await log(`kind=${KIND}&from=2026-03-13`)).total).toBe(5);
    expect((await log(`kind=${KIND}&to=2026-03-10`)).total).toBe(1);
    expect((await log(`kind=${KIND}&actor=${adminId}&from=2026-03-12&to=2026-03-14`)).total).toBe(3);
    expect((await log("kind=nothing-like-this")).total).toBe(0);
  });

  it("totals the whole log, each kind and each Lagos day range as a recount does, after writes and deletes of any kind", async () => {
    const recount = async (where = sql`true`) =>
      Number(
        (await server.db.execute<{ n: string }>(sql`select count(*) as n from audit_log where ${where}`)).rows[0]?.n,
      );
    const other = `${KIND}x`;
    const check = async () => {
      expect((await log("")).total).toBe(await recount());
      expect((await log(`kind=${KIND}`)).total).toBe(await recount(sql`entity = ${KIND}`));
      expect((await log(`kind=${other}`)).total).toBe(await recount(sql`entity = ${other}`));
      expect((await log(`kind=${other}.archive`)).total).toBe(await recount(sql`action = ${`${other}.archive`}`));
      // A day range alone is summed from running counts per Lagos day: the same entries as its rows.
      const lagos = (day: string) => new Date(`${day}T00:00:00+01:00`);
      const ranges: [string, ReturnType<typeof sql>][] = [
        [
          "from=2026-03-11&to=2026-03-11",
          sql`created_at >= ${lagos("2026-03-11")} and created_at < ${lagos("2026-03-12")}`,
        ],
        ["from=2026-03-13", sql`created_at >= ${lagos("2026-03-13")}`],
        ["to=2026-03-10", sql`created_at < ${lagos("2026-03-11")}`],
        [
          "from=2026-03-10&to=2026-03-14",
          sql`created_at >= ${lagos("2026-03-10")} and created_at < ${lagos("2026-03-15")}`,
        ],
      ];
      for (const [query, where] of ranges) {
        const range = await log(`${query}&pageSize=100`);
        expect(range.total, query).toBe(await recount(where));
        expect(range.items.length, query).toBe(Math.min(range.total, 100));
      }
    };
    await check();
    // An administrator's change through the API writes its own entry.
    expect((await admin.request("POST", "/api/admin/tasks", { title: `${KIND} audited` })).status).toBe(201);
    await server.db.insert(auditLog).values(
      ["archive", "archive", "restore"].map((verb, i) => ({
        actorId: adminId,
        action: `${other}.${verb}`,
        entity: other,
        entityId: `other-${i}`,
        details: {},
      })),
    );
    await check();
    expect((await log(`kind=${other}`)).total).toBe(3);
    await server.db.execute(sql`delete from audit_log where action = ${`${other}.restore`}`);
    await server.db.execute(sql`update audit_log set action = ${`${other}.restore`} where entity_id = ${"other-0"}`);
    await check();
    // An entry moved to another day leaves its day's count for the other's.
    await server.db.execute(
      sql`update audit_log set created_at = created_at + interval '2 days' where entity = ${KIND} and entity_id = ${"row-1"}`,
    );
    await check();
    expect((await log(`kind=${other}.archive`)).total).toBe(1);
  });

  it("refuses bad dates, a start after the end, search text or an unknown parameter with 400", async () => {
    for (const query of [
      "from=yesterday",
      "to=2026-13-01",
      "from=2026-03-12&to=2026-03-11",
      "q=x",
      "sort=where",
      "page=0",
    ]) {
      expect((await admin.request("GET", `/api/admin/audit?${query}`)).status, query).toBe(400);
    }
  });

  it("records what the admin console does: a task created shows up with its details", async () => {
    const created = await admin.request("POST", "/api/admin/tasks", { title: `${KIND} task`, priority: "high" });
    expect(created.status).toBe(201);
    const [entry] = (await log("kind=task.create&pageSize=1")).items;
    expect(entry).toMatchObject({
      actorId: adminId,
      action: "task.create",
      before: null,
      after: { title: `${KIND} task`, priority: "high", status: "todo", assignedTo: null },
    });
  });
});

describe("GET /api/admin/audit/filters", () => {
  it("offers the people who appear in the log, its entities and its actions", async () => {
    const response = await admin.request("GET", "/api/admin/audit/filters");
    expect(response.status).toBe(200);
    expect(response.json.people.map((person: { id: string }) => person.id)).toEqual(
      expect.arrayContaining([adminId, devId]),
    );
    expect(response.json.entities).toContain(KIND);
    expect(response.json.actions).toEqual(expect.arrayContaining([`${KIND}.create`, `${KIND}.update`]));
  });

  it("equal the log's own distinct people, entities and actions, through writes, deletes and a deleted person", async () => {
    const distinct = async (column: "actor_id" | "entity" | "action") =>
      (
        await server.db.execute<{ value: string }>(
          sql`select distinct ${sql.raw(column)} as value from audit_log where ${sql.raw(column)} is not null order by 1`,
        )
      ).rows.map((row) => row.value);
    const expectRecount = async (when: string) => {
      const choices = (await admin.request("GET", "/api/admin/audit/filters")).json;
      expect(choices.people.map((person: { id: string }) => person.id).sort(), when).toEqual(
        [...(await distinct("actor_id"))].sort(),
      );
      expect(choices.entities, when).toEqual([...(await distinct("entity"))].sort());
      expect(choices.actions, when).toEqual([...(await distinct("action"))].sort());
    };
    await expectRecount("at first");
    // A person whose only entries name a new kind, then deleted: their entries stay, with no actor.
    const [person] = await createClients(server.db, [
      { fullName: `Audit Person ${KIND}`, email: `person.${KIND}@example.test` },
    ]);
    const other = `${KIND}x`;
    await server.db.insert(auditLog).values([
      { actorId: person, action: `${other}.create`, entity: other, entityId: "1" },
      { actorId: person, action: `${other}.rename`, entity: other, entityId: "1" },
    ]);
    await expectRecount("after a new person's entries");
    const listed = (await admin.request("GET", "/api/admin/audit/filters")).json;
    expect(listed.people.map((row: { id: string }) => row.id)).toContain(person);
    expect(listed.actions).toContain(`${other}.rename`);
    await server.db.execute(sql`delete from audit_log where action = ${`${other}.rename`}`);
    await server.db.execute(sql`delete from users where id = ${person}`);
    await expectRecount("after an entry and its person were deleted");
    const after = (await admin.request("GET", "/api/admin/audit/filters")).json;
    expect(after.people.map((row: { id: string }) => row.id)).not.toContain(person);
    expect(after.actions).not.toContain(`${other}.rename`);
    expect(after.actions).toContain(`${other}.create`);
  });
});

describe("GET /api/admin/audit sorted by who and what", () => {
  /** Every page of `query`, 7 entries a page, read in turn: the ids in the order the API gives them. */
  const allPages = async (query: string) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await log(`${query}&pageSize=7&page=${page}`);
      ids.push(...items.map((entry) => entry.id));
      if (ids.length >= total || items.length === 0) return ids;
    }
  };
  const inSql = async (where: SQL, order: SQL) =>
    (await server.db.execute<{ id: string }>(sql`select id from audit_log where ${where} order by ${order}`)).rows.map(
      (row) => row.id,
    );

  it("by the person's name or the action, each newest first within, the other way reversed; pages neither overlap nor skip", async () => {
    const orders: Record<string, SQL> = {
      "sort=who&dir=asc": sql`lower(actor_name) asc, created_at desc, id desc`,
      "sort=who&dir=desc": sql`lower(actor_name) desc, created_at asc, id asc`,
      "sort=what&dir=asc": sql`action asc, created_at desc, id desc`,
      "sort=what&dir=desc": sql`action desc, created_at asc, id asc`,
    };
    for (const [query, order] of Object.entries(orders)) {
      // The whole log (the sort's index walked), one kind (few entries: found on the kind's index, then
      // sorted) and a day range.
      expect(await allPages(query), query).toEqual(await inSql(sql`true`, order));
      expect(await allPages(`${query}&kind=${KIND}`), `${query}&kind`).toEqual(
        await inSql(sql`entity = ${KIND}`, order),
      );
      expect(await allPages(`${query}&from=2026-03-11&to=2026-03-13`), `${query}&from&to`).toEqual(
        await inSql(
          sql`created_at >= ${new Date("2026-03-11T00:00:00+01:00")} and created_at < ${new Date("2026-03-14T00:00:00+01:00")}`,
          order,
        ),
      );
    }
  });

  it("one person's entries by who, or one action's by what, are in time order, newest first going up", async () => {
    const action = `${KIND}.update`;
    expect(await allPages(`sort=who&dir=asc&actor=${devId}`)).toEqual(
      await inSql(sql`actor_id = ${devId}`, sql`created_at desc, id desc`),
    );
    expect(await allPages(`sort=who&dir=desc&actor=${devId}`)).toEqual(
      await inSql(sql`actor_id = ${devId}`, sql`created_at asc, id asc`),
    );
    expect(await allPages(`sort=what&dir=asc&kind=${action}`)).toEqual(
      await inSql(sql`action = ${action}`, sql`created_at desc, id desc`),
    );
  });

  it("names each entry's person as they were named when they made the change, whatever wrote the entry", async () => {
    const [was] = await server.db.select({ name: users.fullName }).from(users).where(eq(users.id, devId));
    await server.db
      .update(users)
      .set({ fullName: `${KIND} Renamed` })
      .where(eq(users.id, devId));
    try {
      await server.db
        .insert(auditLog)
        .values({ actorId: devId, action: `${KIND}.rename`, entity: KIND, entityId: "renamed", details: {} });
      const entries = (await log(`actor=${devId}&kind=${KIND}&pageSize=100`)).items;
      expect(entries.find((entry) => entry.action === `${KIND}.rename`)?.actorName).toBe(`${KIND} Renamed`);
      const earlier = entries.filter((entry) => entry.action === `${KIND}.update`);
      expect(earlier.length).toBeGreaterThan(0);
      expect(new Set(earlier.map((entry) => entry.actorName))).toEqual(new Set([was?.name]));
    } finally {
      await server.db
        .update(users)
        .set({ fullName: was?.name ?? "" })
        .where(eq(users.id, devId));
    }
  });
});
