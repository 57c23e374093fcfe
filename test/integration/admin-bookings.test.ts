import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, notifications, serviceOrders } from "../../server/db/schema";
import { FEW_MATCHES } from "../../server/http/admin-table";
import { createClients } from "../support/clients";
import { type LiveSocket, openLive } from "../support/live";
import { backendPid, tracked, untilBlockedBy } from "../support/locks";
import { type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";

/** The admin bookings and subscriptions (issue #7 items 9–10): counts, table, approve/cancel, live, revenue. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;
let chineduId: string;

const TAG = `bk${randomUUID().slice(0, 6)}`;
const MINUTE = 60_000;

async function newOrder(overrides: Partial<typeof serviceOrders.$inferInsert> = {}) {
  const service = await createService(server.db);
  const [row] = await server.db
    .insert(serviceOrders)
    .values({ serviceId: service.id, clientId: chineduId, totalAmount: 50_000, ...overrides })
    .returning();
  if (!row) throw new Error("no order");
  return row;
}

async function counts() {
  const result = await server.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from service_orders group by status`,
  );
  const by = Object.fromEntries(result.rows.map((row) => [row.status, Number(row.n)]));
  return {
    total: result.rows.reduce((sum, row) => sum + Number(row.n), 0),
    pending: by.pending ?? 0,
    approved: by.approved ?? 0,
    cancelled: by.cancelled ?? 0,
  };
}

async function liveAs(from: Client, key: string[]): Promise<LiveSocket> {
  const socket = await openLive(server.url, from);
  if ("rejected" in socket) throw new Error("live socket refused");
  expect((await socket.subscribe(key)).type).toBe("subscribed");
  return socket;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  chineduId = await userIdOf(server.db, "chinedu@ezefoods.test");
});
afterAll(async () => {
  await server?.close();
});

describe("who may use the admin booking and subscription routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route, changing nothing", async () => {
    const order = await newOrder();
    const subscription = await newOrder({ status: "approved" });
    const routes: [string, string][] = [
      ["GET", "/api/admin/bookings"],
      ["GET", "/api/admin/bookings/counts"],
      ["POST", `/api/admin/bookings/${order.id}/approve`],
      ["POST", `/api/admin/bookings/${order.id}/cancel`],
      ["POST", `/api/admin/bookings/${subscription.id}/end`],
      ["GET", "/api/admin/subscriptions"],
    ];
    for (const [method, path] of routes) {
      expect((await server.client().request(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path)).status, `${method} ${path}`).toBe(403);
    }
    const statusOf = async (id: string) =>
      (await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0]?.status;
    expect(await statusOf(order.id)).toBe("pending");
    expect(await statusOf(subscription.id)).toBe("approved");
  });

  it("lets only administrators follow the bookings live key", async () => {
    for (const from of [client, developer]) {
      const socket = await openLive(server.url, from);
      if ("rejected" in socket) throw new Error("live socket refused");
      expect((await socket.subscribe(["admin", "bookings"])).type).toBe("error");
      socket.close();
    }
  });
});

describe("GET /api/admin/bookings and /counts", () => {
  it("counts total, pending, approved and cancelled as SQL does", async () => {
    await newOrder({ status: "approved" });
    await newOrder({ status: "cancelled" });
    const body = (await admin.request("GET", "/api/admin/bookings/counts")).json;
    expect(body).toEqual(await counts());
    // The table's unsearched totals are the same running counts: every order, and each status.
    const expected = await counts();
    expect((await admin.request("GET", "/api/admin/bookings")).json.total).toBe(expected.total);
    for (const status of ["pending", "approved", "cancelled"] as const)
      expect((await admin.request("GET", `/api/admin/bookings?status=${status}`)).json.total, status).toBe(
        expected[status],
      );
  });

  it("pages, sorts, filters by status and searches by client name, e-mail or service title", async () => {
    const ids = await createClients(
      server.db,
      Array.from({ length: 7 }, (_, i) => ({
        fullName: `${TAG.toUpperCase()} Buyer ${i}`,
        email: `buyer${i}.${TAG}@example.test`,
      })),
    );
    const service = await createService(server.db, { title: `${TAG} Service` });
    const now = Date.now();
    for (const [i, clientId] of ids.entries())
      await server.db.insert(serviceOrders).values({
        serviceId: service.id,
        clientId,
        totalAmount: 1_000 * (7 - i),
        status: i % 2 === 0 ? "pending" : "approved",
        createdAt: new Date(now - i * MINUTE),
      });
    const table = async (query: string) => (await admin.request("GET", `/api/admin/bookings?${query}`)).json;
    const byTitle = await table(`q=${TAG}%20serv&pageSize=3&sort=created&dir=desc`);
    expect(byTitle.total).toBe(7);
    expect(byTitle.items.map((row: { clientName: string }) => row.clientName)).toEqual([
      `${TAG.toUpperCase()} Buyer 0`,
      `${TAG.toUpperCase()} Buyer 1`,
      `${TAG.toUpperCase()} Buyer 2`,
    ]);
    const page3 = await table(`q=${TAG}&pageSize=3&page=3&sort=amount&dir=asc`);
    expect(page3.items.map((row: { totalAmountMinor: number }) => row.totalAmountMinor)).toEqual([7_000]);
    expect((await table(`q=buyer3.${TAG}`)).items.map((row: { clientId: string }) => row.clientId)).toEqual([ids[3]]);
    const pending = await table(`q=${TAG}&status=pending`);
    expect(pending.total).toBe(4);
    expect(pending.items.every((row: { status: string }) => row.status === "pending")).toBe(true);
    const byClient = await table(`q=${TAG}&sort=client&dir=desc&pageSize=100`);
    expect(byClient.items.map((row: { clientName: string }) => row.clientName)).toEqual(
      [...byClient.items.map((row: { clientName: string }) => row.clientName)].sort().reverse(),
    );
    for (const bad of ["status=done", "sort=notes", "page=0", "pageSize=101", "extra=1"])
      expect((await admin.request("GET", `/api/admin/bookings?${bad}`)).status, bad).toBe(400);
  });
});

/** Each sort of the two tables, straight from SQL (independent of server/data/bookings.ts). */
const ORDER_SORT_SQL = {
  created: sql`o.created_at`,
  since: sql`o.updated_at`,
  amount: sql`o.total_amount_minor`,
  status: sql`o.status`,
  // A client's orders together, clients by name, then by id (two clients of one name).
  client: sql`(lower(u.full_name), u.id)`,
  // Likewise a service's orders together, services by title, then by id (two services of one title).
  service: sql`(lower(s.title), s.id)`,
} as const;

/** The orders `q` matches (every order without it), of `status` or all, in the sort's order. */
async function expectedOrderIds(
  sort: keyof typeof ORDER_SORT_SQL,
  dir: "asc" | "desc",
  q: string | undefined,
  status?: string,
) {
  const direction = sql.raw(dir);
  const pattern = `${(q ?? "").toLowerCase()}%`;
  const result = await server.db.execute<{ id: string }>(
    sql`select o.id from service_orders o join users u on u.id = o.client_id join services s on s.id = o.service_id
        where (lower(u.full_name) like ${pattern} or lower(substring(u.full_name from '[^[:space:]]+$')) like ${pattern}
          or lower(u.email) like ${pattern} or lower(s.title) like ${pattern})
          and (${status ?? null}::text is null or o.status = ${status ?? null})
        order by ${ORDER_SORT_SQL[sort]} ${direction}, o.id ${direction}`,
  );
  return result.rows.map((row) => row.id);
}

describe("the bookings and subscriptions searched, in every sort", () => {
  /** `count` orders of one new client, half on a service the search's text also names; 3 more of that service by Chinedu. */
  async function searchedOrders(tag: string, count: number) {
    const [buyer] = await createClients(server.db, [{ fullName: `${tag} Buyer`, email: `${tag}@example.test` }]);
    const named = await createService(server.db, { title: `${tag} Retainer` });
    const other = await createService(server.db);
    await server.db.execute(sql`insert into service_orders (service_id, client_id, total_amount_minor, status, created_at, updated_at)
      select case when n % 2 = 0 then ${named.id}::uuid else ${other.id}::uuid end, ${buyer}, (n * 7919 % 10007) * 100,
        (array['pending', 'approved', 'cancelled', 'in_progress', 'completed'])[1 + n % 5],
        now() - (n * 6151 % 4001) * interval '1 minute', now() - (n * 6151 % 4001) * interval '1 minute' + (n % 50) * interval '1 minute'
      from generate_series(1, ${count}) n`);
    // Matched by the service's title only, and one approved: the search counts each order once.
    for (const status of ["approved", "pending", "approved"] as const)
      await newOrder({ serviceId: named.id, status, totalAmount: 10_000 });
  }

  async function expectPages(
    path: string,
    sorts: (keyof typeof ORDER_SORT_SQL)[],
    q: string | undefined,
    { pageSize, pages, status }: { pageSize: number; pages: (number | "last")[]; status?: string },
  ) {
    for (const sort of sorts)
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedOrderIds(sort, dir, q, status);
        for (const which of pages) {
          const page = which === "last" ? Math.max(1, Math.ceil(expected.length / pageSize)) : which;
          const query = `${q ? `q=${q}&` : ""}sort=${sort}&dir=${dir}&page=${page}&pageSize=${pageSize}${status && path.endsWith("bookings") ? `&status=${status}` : ""}`;
          const response = await admin.request("GET", `${path}?${query}`);
          expect(response.status, `${path}?${query}`).toBe(200);
          const body = response.json;
          expect(body.total, query).toBe(expected.length);
          expect(
            body.items.map((row: { id: string }) => row.id),
            `${path} ${query}`,
          ).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
        }
      }
  }

  it("pages a search of few matches, chosen among them, in SQL's order and counted once", async () => {
    const tag = `bf${randomUUID().slice(0, 6)}`;
    await searchedOrders(tag, 40);
    const bookingSorts = ["created", "amount", "status", "client", "service"] as const;
    await expectPages("/api/admin/bookings", [...bookingSorts], tag, { pageSize: 10, pages: [1, 3] });
    await expectPages("/api/admin/bookings", ["created", "client"], tag, {
      pageSize: 5,
      pages: [2],
      status: "approved",
    });
    await expectPages("/api/admin/subscriptions", ["since", "amount", "client", "service"], tag, {
      pageSize: 5,
      pages: [1, 2],
      status: "approved",
    });
  });

  it("pages every order by client, a client's orders together and two clients of one name apart, in SQL's order", async () => {
    const tag = `bc${randomUUID().slice(0, 6)}`;
    const twins = await createClients(server.db, [
      { fullName: "Ada Twin", email: `${tag}-1@example.test` },
      { fullName: "ada twin", email: `${tag}-2@example.test` },
    ]);
    const service = await createService(server.db);
    for (const [i, clientId] of [...twins, ...twins, ...twins].entries())
      await newOrder({ serviceId: service.id, clientId, status: i % 3 === 2 ? "pending" : "approved" });
    await expectPages("/api/admin/bookings", ["client"], undefined, { pageSize: 2, pages: [1, 2, 3, "last"] });
    await expectPages("/api/admin/bookings", ["client"], undefined, {
      pageSize: 2,
      pages: [1, 2, "last"],
      status: "approved",
    });
    await expectPages("/api/admin/subscriptions", ["client"], undefined, {
      pageSize: 2,
      pages: [1, 2, 3, "last"],
      status: "approved",
    });
    // Searched for the twins' e-mails (no service's title), their orders only, the same way.
    await expectPages("/api/admin/subscriptions", ["client"], tag, {
      pageSize: 2,
      pages: [1, 2, 3],
      status: "approved",
    });
    // A twin renamed: their orders move to the new name's place at once (the orders' copy of it,
    // client_sort_key, follows the users row), and the updated_at of each (the subscription's
    // "since") stays.
    const since = async () =>
      (
        await server.db.execute(
          sql`select id, updated_at from service_orders where client_id = ${twins[1]} order by id`,
        )
      ).rows;
    const before = await since();
    await server.db.execute(sql`update users set full_name = 'Zara Twin' where id = ${twins[1]}`);
    expect(await since()).toEqual(before);
    await expectPages("/api/admin/bookings", ["client"], undefined, { pageSize: 2, pages: [1, "last"] });
    await expectPages("/api/admin/subscriptions", ["client"], tag, {
      pageSize: 2,
      pages: [1, 2, 3],
      status: "approved",
    });
  });

  it("pages every order by service, a service's orders together and two services of one title apart, in SQL's order", async () => {
    const tag = `bs${randomUUID().slice(0, 6)}`;
    const twins = [
      await createService(server.db, { title: `Aaa ${tag} Twin` }),
      await createService(server.db, { title: `aaa ${tag} twin` }),
    ];
    for (const [i, service] of [...twins, ...twins, ...twins, ...twins].entries())
      await newOrder({ serviceId: service.id, status: i % 4 === 3 ? "pending" : "approved" });
    // The twins come first by title: their orders fill the first pages, then every other service's.
    const first = await expectedOrderIds("service", "asc", undefined);
    expect(first.slice(0, 8).sort()).toEqual(
      (
        await server.db.execute<{ id: string }>(
          sql`select id from service_orders where service_id in (${twins[0]?.id}, ${twins[1]?.id})`,
        )
      ).rows
        .map((row) => row.id)
        .sort(),
    );
    await expectPages("/api/admin/bookings", ["service"], undefined, { pageSize: 3, pages: [1, 2, 3, 4, "last"] });
    await expectPages("/api/admin/bookings", ["service"], undefined, {
      pageSize: 2,
      pages: [1, 2, 3, "last"],
      status: "approved",
    });
    await expectPages("/api/admin/subscriptions", ["service"], undefined, {
      pageSize: 2,
      pages: [1, 2, 3, "last"],
      status: "approved",
    });
  });

  it("pages a search of more matches than FEW_MATCHES, walked in the sort's order, in SQL's order too", async () => {
    const tag = `bm${randomUUID().slice(0, 6)}`;
    await searchedOrders(tag, FEW_MATCHES + 5);
    expect((await expectedOrderIds("created", "asc", tag)).length).toBeGreaterThan(FEW_MATCHES);
    await expectPages("/api/admin/bookings", ["created", "amount", "status", "client", "service"], tag, {
      pageSize: 25,
      pages: [1, 4],
    });
    // Of the approved, fewer than FEW_MATCHES match: read among the matches, by the status's count.
    await expectPages("/api/admin/subscriptions", ["since", "client"], tag, {
      pageSize: 25,
      pages: [1, 4],
      status: "approved",
    });
  });
});

describe.runIf(dbKind === "postgres")("a client renamed while their orders are written, on PostgreSQL", () => {
  it("neither waits on the other in opposite orders, and every order ends with the new name", async () => {
    const tag = `dl${randomUUID().slice(0, 6)}`;
    const [buyer] = await createClients(server.db, [{ fullName: `${tag} Before`, email: `${tag}@example.test` }]);
    const [first, second] = [await newOrder({ clientId: buyer }), await newOrder({ clientId: buyer })];
    const keys = async () =>
      (
        await server.db.execute<{ key: string }>(sql`select distinct client_sort_key as key from service_orders
        where client_id = ${buyer}`)
      ).rows.map((row) => row.key);
    const other = new pg.Client({ connectionString: server.config.databaseUrl });
    await other.connect();
    const otherPid = await backendPid(other);
    try {
      // The rename first, left open: the approval waits for it, then takes the new name.
      await other.query("begin");
      await other.query("update users set full_name = $1 where id = $2", [`${tag} Middle`, buyer]);
      const approving = tracked(admin.request("POST", `/api/admin/bookings/${first?.id}/approve`));
      await untilBlockedBy(server.db, otherPid, approving.settled);
      await other.query("commit");
      expect((await approving.promise).status).toBe(200);
      expect(await keys()).toEqual([`${tag} middle`]);

      // An approval first, left open as lockOrder leaves it: the rename waits, then rewrites the order.
      await other.query("begin");
      await other.query("select id from users where id = $1 for no key update", [buyer]);
      await other.query("select id from service_orders where id = $1 for update", [second?.id]);
      await other.query("update service_orders set status = 'cancelled' where id = $1", [second?.id]);
      const renaming = tracked(
        server.db.execute(sql`update users set full_name = ${`${tag} After`} where id = ${buyer}`),
      );
      await untilBlockedBy(server.db, otherPid, renaming.settled);
      await other.query("commit");
      await renaming.promise;
      expect(await keys()).toEqual([`${tag} after`]);

      // A rename left open while an order is placed: the order waits for it and takes the new name
      // (read before the rename committed, it would keep the old one: the rename could not see it).
      await other.query("begin");
      await other.query("update users set full_name = $1 where id = $2", [`${tag} Last`, buyer]);
      const ordering = tracked(newOrder({ clientId: buyer }));
      await untilBlockedBy(server.db, otherPid, ordering.settled);
      await other.query("commit");
      await ordering.promise;
      expect(await keys()).toEqual([`${tag} last`]);
    } finally {
      await other.end();
    }
  });
});

describe("POST /api/admin/bookings/:id/approve and /cancel", () => {
  it("approves a pending order, audited, and the client's My Orders and the admins' bookings hear it live", async () => {
    const order = await newOrder();
    const mine = await liveAs(client, ["orders", "mine"]);
    const bookings = await liveAs(admin, ["admin", "bookings"]);
    try {
      const response = await admin.request("POST", `/api/admin/bookings/${order.id}/approve`);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ id: order.id, status: "approved" });
      await mine.next(
        (frame) => frame.type === "change" && frame.row?.id === order.id && frame.row?.status === "approved",
      );
      await bookings.next((frame) => frame.type === "invalidate");
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, order.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "booking.approve",
        actorId: adminId,
        details: { before: { status: "pending" }, after: { status: "approved" } },
      });
    } finally {
      mine.close();
      bookings.close();
    }
  });

  it("a new order tells administrators following the bookings key to refetch", async () => {
    const service = await createService(server.db);
    const bookings = await liveAs(admin, ["admin", "bookings"]);
    try {
      const placed = await client.request("POST", "/api/orders", { serviceId: service.id });
      expect(placed.status).toBe(201);
      await bookings.next((frame) => frame.type === "invalidate");
    } finally {
      bookings.close();
    }
  });

  it("a client renamed tells administrators following the bookings key to refetch: orders show their name", async () => {
    const bookings = await liveAs(admin, ["admin", "bookings"]);
    const told = () => bookings.frames.filter((frame) => frame.type === "invalidate").length;
    try {
      // Their sign-up is a people change too: heard first, so the rename's is told apart.
      const [clientId] = await createClients(server.db, [
        { fullName: "Soon Renamed", email: `renamed.${randomUUID().slice(0, 6)}@example.test` },
      ]);
      await expect.poll(told).toBe(1);
      const renamed = await admin.request("PATCH", `/api/admin/clients/${clientId}`, { fullName: "Now Renamed" });
      expect(renamed.status).toBe(200);
      await expect.poll(told).toBe(2);
    } finally {
      bookings.close();
    }
  });

  it("answers 409 with a clear message for an order no longer pending, changing nothing", async () => {
    for (const status of ["approved", "cancelled"] as const) {
      const order = await newOrder({ status });
      for (const verb of ["approve", "cancel"]) {
        const response = await admin.request("POST", `/api/admin/bookings/${order.id}/${verb}`);
        expect(response.status).toBe(409);
        expect(response.json.error.message).toMatch(new RegExp(`already ${status}`));
      }
      const [row] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id));
      expect(row?.status).toBe(status);
    }
    expect((await admin.request("POST", `/api/admin/bookings/${randomUUID()}/approve`)).status).toBe(404);
  });

  it("of an approve and a cancel at once, exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await newOrder();
      const [approve, cancel] = await Promise.all([
        admin.request("POST", `/api/admin/bookings/${order.id}/approve`),
        admin.request("POST", `/api/admin/bookings/${order.id}/cancel`),
      ]);
      expect([approve.status, cancel.status].sort()).toEqual([200, 409]);
      const [row] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id));
      expect(row?.status).toBe(approve.status === 200 ? "approved" : "cancelled");
      const entries = await server.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
      expect(entries).toHaveLength(1);
    }
  });
});

describe("POST /api/admin/bookings/:id/end", () => {
  const subscriptions = async () =>
    (await admin.request("GET", "/api/admin/subscriptions?pageSize=100&sort=since&dir=desc")).json as {
      total: number;
      monthlyRevenueMinor: number;
      items: { id: string }[];
    };

  it("ends an active subscription: completed, audited, out of the subscriptions and their revenue, its client told, live", async () => {
    const order = await newOrder({ status: "approved", totalAmount: 12_300 });
    const before = await subscriptions();
    expect(before.items.some((row) => row.id === order.id)).toBe(true);
    const mine = await liveAs(client, ["orders", "mine"]);
    const bookings = await liveAs(admin, ["admin", "bookings"]);
    try {
      const response = await admin.request("POST", `/api/admin/bookings/${order.id}/end`);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ id: order.id, status: "completed" });
      await mine.next(
        (frame) => frame.type === "change" && frame.row?.id === order.id && frame.row?.status === "completed",
      );
      await bookings.next((frame) => frame.type === "invalidate");
    } finally {
      mine.close();
      bookings.close();
    }
    const after = await subscriptions();
    expect(after.items.some((row) => row.id === order.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
    expect(after.monthlyRevenueMinor).toBe(before.monthlyRevenueMinor - 12_300);

    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, order.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        action: "booking.end",
        actorId: adminId,
        details: { before: { status: "approved" }, after: { status: "completed" } },
      }),
    ]);
    const told = await server.db
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, chineduId), eq(notifications.entityId, order.id)));
    expect(told).toEqual([{ title: "Your subscription ended", kind: "order_status" }]);
  });

  it("answers 409 for a booking that is not an active subscription, and ending twice at once ends it once", async () => {
    for (const status of ["pending", "cancelled", "completed"] as const) {
      const order = await newOrder({ status });
      const response = await admin.request("POST", `/api/admin/bookings/${order.id}/end`);
      expect(response.status).toBe(409);
      expect(response.json.error.message).toBe(
        `This booking is ${status}, not an active subscription: only approved bookings can be ended.`,
      );
      const [row] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id));
      expect(row?.status).toBe(status);
    }
    expect((await admin.request("POST", `/api/admin/bookings/${randomUUID()}/end`)).status).toBe(404);

    const order = await newOrder({ status: "approved" });
    const both = await Promise.all([
      admin.request("POST", `/api/admin/bookings/${order.id}/end`),
      admin.request("POST", `/api/admin/bookings/${order.id}/end`),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await server.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(1);
  });
});

describe("GET /api/admin/subscriptions", () => {
  it("lists approved orders only, with the monthly revenue of them all", async () => {
    const order = await newOrder({ totalAmount: 77_700 });
    await admin.request("POST", `/api/admin/bookings/${order.id}/approve`);
    const body = (await admin.request("GET", "/api/admin/subscriptions?pageSize=100")).json;
    const result = await server.db.execute<{ n: number; sum: string }>(
      sql`select count(*)::int as n, coalesce(sum(total_amount_minor), 0) as sum from service_orders where status = 'approved'`,
    );
    expect(body.total).toBe(Number(result.rows[0]?.n));
    expect(body.monthlyRevenueMinor).toBe(Number(result.rows[0]?.sum));
    expect(body.items.find((row: { id: string }) => row.id === order.id)).toMatchObject({ amountMinor: 77_700 });
    const pending = await newOrder();
    const again = (await admin.request("GET", "/api/admin/subscriptions?pageSize=100")).json;
    expect(again.items.some((row: { id: string }) => row.id === pending.id)).toBe(false);
    // Searched, the revenue is still that of every approved order, not of the matches.
    const searched = (await admin.request("GET", "/api/admin/subscriptions?q=zzzz-nobody")).json;
    expect(searched).toMatchObject({
      total: 0,
      items: [],
      monthlyRevenueMinor: Number(result.rows[0]?.sum),
      activeCount: Number(result.rows[0]?.n),
    });
    expect((await admin.request("GET", "/api/admin/subscriptions?sort=created")).status).toBe(400);
  });
});
