import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, serviceOrders } from "../../server/db/schema";
import { createClients } from "../support/clients";
import { type LiveSocket, openLive } from "../support/live";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
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
    const routes: [string, string][] = [
      ["GET", "/api/admin/bookings"],
      ["GET", "/api/admin/bookings/counts"],
      ["POST", `/api/admin/bookings/${order.id}/approve`],
      ["POST", `/api/admin/bookings/${order.id}/cancel`],
      ["GET", "/api/admin/subscriptions"],
    ];
    for (const [method, path] of routes) {
      expect((await server.client().request(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path)).status, `${method} ${path}`).toBe(403);
    }
    const [still] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id));
    expect(still?.status).toBe("pending");
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
    expect((await admin.request("GET", "/api/admin/subscriptions?sort=created")).status).toBe(400);
  });
});
