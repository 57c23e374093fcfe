import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_NOTES_MAX_LENGTH } from "../../common/domain";
import { notifications, serviceOrders, services, users } from "../../server/db/schema";
import { publishChange } from "../../server/functions/changes";
import { type LiveFrame, liveSockets } from "../support/live";
import { type Client, sleep, startTestServer, type TestServer } from "../support/server";
import { createService } from "../support/services";

/** Order Services: the active services, ordering one, each viewer's orders, and their live delivery. */
let server: TestServer;
let client: Client;
let otherClient: Client;
let developer: Client;
let admin: Client;
let clientId: string;
const sockets = liveSockets(() => server.url);
const ORDERS = ["orders", "mine"];
const SERVICES = ["services", "active"];
const QUIET_MS = 400;

const CLIENT_EMAIL = "chinedu@ezefoods.test";

async function userId(email: string) {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
async function live(from: Client, key: string[]) {
  const socket = await sockets.open(from);
  expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });
  return socket;
}
const changeOf = (id: string, status?: string) => (frame: LiveFrame) =>
  frame.type === "change" && frame.row?.id === id && (status === undefined || frame.row?.status === status);
const orderCount = async () => (await server.db.select({ id: serviceOrders.id }).from(serviceOrders)).length;

beforeAll(async () => {
  server = await startTestServer();
  [client, otherClient, developer, admin] = await Promise.all([
    server.signIn(CLIENT_EMAIL),
    server.signIn("amaka@bellofashion.test"),
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
  ]);
  clientId = await userId(CLIENT_EMAIL);
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("GET /api/services", () => {
  it("clients see only active services with all their features; administrators see every service", async () => {
    const active = await createService(server.db);
    const inactive = await createService(server.db, { status: "inactive" });
    const forClient = (await client.request("GET", "/api/services")).json as { id: string; status: string }[];
    expect(forClient.every((service) => service.status === "active")).toBe(true);
    expect(forClient.find((service) => service.id === active.id)).toMatchObject({
      title: active.title,
      priceMinor: active.price,
      estimatedDuration: "2 weeks",
      features: active.features,
      allowMilestones: false,
    });
    expect(forClient.some((service) => service.id === inactive.id)).toBe(false);
    const forAdmin = (await admin.request("GET", "/api/services")).json as { id: string }[];
    expect(forAdmin.some((service) => service.id === inactive.id)).toBe(true);
    expect(forAdmin.length).toBe((await server.db.select({ id: services.id }).from(services)).length);
  });

  it("is bounded and refuses anonymous callers and unknown parameters", async () => {
    expect((await admin.request("GET", "/api/services?limit=1")).json).toHaveLength(1);
    expect((await admin.request("GET", "/api/services?limit=1000")).status).toBe(400);
    expect((await client.request("GET", "/api/services?status=inactive")).status).toBe(400);
    expect((await server.client().request("GET", "/api/services")).status).toBe(401);
  });
});

describe("POST /api/orders", () => {
  it("a client orders an active service: pending, theirs, and its total is the service's price", async () => {
    const service = await createService(server.db, { price: 7_654_321 });
    const response = await client.request("POST", "/api/orders", {
      serviceId: service.id,
      notes: "  Launch before Christmas, please.  ",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      serviceId: service.id,
      serviceTitle: service.title,
      clientId,
      totalAmountMinor: 7_654_321,
      notes: "Launch before Christmas, please.",
      status: "pending",
    });
    // The total is the price at order time: a later price change does not touch it.
    await server.db.update(services).set({ price: 1 }).where(eq(services.id, service.id));
    const [stored] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, response.json.id));
    expect(stored).toMatchObject({ totalAmount: 7_654_321, clientId, status: "pending" });
    // Newest first: it heads the client's list.
    expect((await client.request("GET", "/api/orders")).json.items[0]).toMatchObject({ id: response.json.id });
  });

  it("an order sent again with its id (its answer lost) is answered with that order, placed once", async () => {
    const service = await createService(server.db);
    const id = randomUUID();
    const before = await orderCount();
    const body = { id, serviceId: service.id, notes: "Once, please" };
    // Twice at once (a second press while the first is on its way), then once more.
    const [first, second] = await Promise.all([
      client.request("POST", "/api/orders", body),
      client.request("POST", "/api/orders", body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const again = await client.request("POST", "/api/orders", body);
    expect(again.status).toBe(200);
    for (const response of [first, second, again]) expect(response.json).toMatchObject({ id, serviceId: service.id });
    expect(await orderCount()).toBe(before + 1);
    // Not theirs to answer with: another client's, or the id sent for another service.
    expect((await otherClient.request("POST", "/api/orders", body)).status).toBe(409);
    const other = await createService(server.db);
    expect((await client.request("POST", "/api/orders", { ...body, serviceId: other.id })).status).toBe(409);
    expect(await orderCount()).toBe(before + 1);
  });

  it("notes are optional", async () => {
    const service = await createService(server.db);
    const response = await client.request("POST", "/api/orders", { serviceId: service.id });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ notes: "", totalAmountMinor: service.price });
  });

  it("refuses every field the server sets (total, client, status), naming each, and stores nothing", async () => {
    const service = await createService(server.db);
    const before = await orderCount();
    for (const extra of [
      { totalAmount: 1 },
      { totalAmountMinor: 1 },
      { clientId: "someone-else" },
      { status: "approved" },
    ]) {
      const response = await client.request("POST", "/api/orders", { serviceId: service.id, notes: "", ...extra });
      expect(response.status).toBe(400);
      expect(response.json.error.fields).toHaveProperty(Object.keys(extra)[0] as string);
    }
    expect(await orderCount()).toBe(before);
  });

  it("limits notes with a sentence and refuses a missing or malformed service id", async () => {
    const service = await createService(server.db);
    const long = await client.request("POST", "/api/orders", {
      serviceId: service.id,
      notes: "x".repeat(ORDER_NOTES_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatchObject({ code: "validation_failed", message: "Use at most 2,000 characters." });
    expect(long.json.error.fields).toEqual({ notes: "Use at most 2,000 characters." });
    const atLimit = await client.request("POST", "/api/orders", {
      serviceId: service.id,
      notes: "x".repeat(ORDER_NOTES_MAX_LENGTH),
    });
    expect(atLimit.status).toBe(201);
    expect((await client.request("POST", "/api/orders", { notes: "hi" })).status).toBe(400);
    const malformed = await client.request("POST", "/api/orders", { serviceId: "not-an-id" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.fields).toHaveProperty("serviceId");
  });

  it("an inactive or unknown service is not found", async () => {
    const inactive = await createService(server.db, { status: "inactive" });
    const before = await orderCount();
    for (const serviceId of [inactive.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await client.request("POST", "/api/orders", { serviceId, notes: "Please" });
      expect(response.status).toBe(404);
      expect(response.json.error).toMatchObject({ code: "not_found", message: "Service not found" });
    }
    expect(await orderCount()).toBe(before);
  });

  it("developers and administrators cannot order (403); anonymous callers must sign in (401)", async () => {
    const service = await createService(server.db);
    const before = await orderCount();
    for (const who of [developer, admin]) {
      const response = await who.request("POST", "/api/orders", { serviceId: service.id });
      expect(response.status).toBe(403);
      expect(response.json.error.code).toBe("forbidden");
    }
    expect((await server.client().request("POST", "/api/orders", { serviceId: service.id })).status).toBe(401);
    expect(await orderCount()).toBe(before);
  });
});

describe("GET /api/orders", () => {
  it("a client sees only their own orders with the service title; an administrator all; a developer none", async () => {
    const own = (await client.request("GET", "/api/orders?limit=100")).json;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((order: { clientId: string }) => order.clientId === clientId)).toBe(true);
    expect(own.items[0]).toHaveProperty("serviceTitle");
    const otherId = await userId("amaka@bellofashion.test");
    const other = (await otherClient.request("GET", "/api/orders?limit=100")).json;
    expect(other.items.length).toBeGreaterThan(0);
    expect(other.items.every((order: { clientId: string }) => order.clientId === otherId)).toBe(true);
    const all = (await admin.request("GET", "/api/orders?limit=100")).json;
    expect(all.items.length).toBe(await orderCount());
    expect(new Set(all.items.map((order: { clientName: string }) => order.clientName)).size).toBeGreaterThan(1);
    expect((await developer.request("GET", "/api/orders")).json.items).toEqual([]);
    expect((await server.client().request("GET", "/api/orders")).status).toBe(401);
  });

  it("pages by cursor, newest first, without repeating or skipping an order", async () => {
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = (await admin.request("GET", `/api/orders${query}`)).json;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next;
    } while (cursor);
    const all = (await server.db.select({ id: serviceOrders.id }).from(serviceOrders)).map((row) => row.id);
    expect(new Set(seen.map((order) => order.id)).size).toBe(seen.length);
    expect(seen.map((order) => order.id).sort()).toEqual(all.sort());
    const times = seen.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await admin.request("GET", "/api/orders?cursor=nonsense")).status).toBe(400);
    expect((await admin.request("GET", "/api/orders?limit=0")).status).toBe(400);
  });
});

describe("live orders", () => {
  it("a new order reaches its client and administrators, not another client; a developer cannot subscribe", async () => {
    const service = await createService(server.db);
    const [clientLive, adminLive, otherLive] = await Promise.all([
      live(client, ORDERS),
      live(admin, ORDERS),
      live(otherClient, ORDERS),
    ]);
    const response = await client.request("POST", "/api/orders", { serviceId: service.id, notes: "Live please" });
    expect(response.status).toBe(201);
    const id = response.json.id as string;
    const [toClient, toAdmin] = await Promise.all([
      clientLive.next(changeOf(id, "pending")),
      adminLive.next(changeOf(id, "pending")),
    ]);
    expect(toClient).toMatchObject({
      key: ORDERS,
      op: "insert",
      row: { serviceTitle: service.title, notes: "Live please" },
    });
    expect(toAdmin.row).toMatchObject({ clientId, totalAmountMinor: service.price });

    // An administrator approves it (the Bookings page's write, done here as that write will): it moves live.
    await server.db.transaction(async (tx) => {
      await tx.update(serviceOrders).set({ status: "approved" }).where(eq(serviceOrders.id, id));
      await publishChange(tx, { topic: "service_orders", op: "update", id, clientId });
    });
    expect(await clientLive.next(changeOf(id, "approved"))).toMatchObject({ op: "update" });
    await adminLive.next(changeOf(id, "approved"));

    await sleep(QUIET_MS);
    expect(otherLive.frames.some((frame) => frame.type === "change")).toBe(false);

    const socket = await sockets.open(developer);
    expect(await socket.subscribe(ORDERS)).toMatchObject({ type: "error", code: "not_found" });
  });
});

describe("POST /api/orders/:id/cancel", () => {
  const order = async (from: Client = client) => {
    const service = await createService(server.db);
    const response = await from.request("POST", "/api/orders", { serviceId: service.id });
    expect(response.status).toBe(201);
    return { id: response.json.id as string, service };
  };

  it("a client cancels their own pending order: live to them and the administrators, who are told", async () => {
    const { id, service } = await order();
    const [clientLive, adminLive] = await Promise.all([live(client, ORDERS), live(admin, ["admin", "bookings"])]);
    const response = await client.request("POST", `/api/orders/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, status: "cancelled", clientId, serviceTitle: service.title });
    expect(await clientLive.next(changeOf(id, "cancelled"))).toMatchObject({ op: "update" });
    await adminLive.next((frame) => frame.type === "invalidate");
    const told = await server.db
      .select({ userId: notifications.userId, title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.entityId, id), eq(notifications.title, "Booking cancelled by the client")));
    expect(told).toEqual([
      {
        userId: await userId("admin@lagosstudio.test"),
        title: "Booking cancelled by the client",
        kind: "order_withdrawn",
      },
    ]);

    // Only while pending: a second cancel is a 409 that names the status.
    const again = await client.request("POST", `/api/orders/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This order is already cancelled: only a pending order can be cancelled.");
  });

  it("someone else's order is not found, an administrator is sent to Bookings (403), an approved order stays (409)", async () => {
    const { id } = await order();
    expect((await otherClient.request("POST", `/api/orders/${id}/cancel`)).status).toBe(404);
    expect((await developer.request("POST", `/api/orders/${id}/cancel`)).status).toBe(404);
    expect((await server.client().request("POST", `/api/orders/${id}/cancel`)).status).toBe(401);
    const byAdmin = await admin.request("POST", `/api/orders/${id}/cancel`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.error.message).toBe("Administrators cancel bookings on the Bookings page");
    expect((await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0]?.status).toBe("pending");

    expect((await admin.request("POST", `/api/admin/bookings/${id}/approve`)).status).toBe(200);
    const late = await client.request("POST", `/api/orders/${id}/cancel`);
    expect(late.status).toBe(409);
    expect((await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0]?.status).toBe("approved");
    expect((await client.request("POST", "/api/orders/nope/cancel")).status).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("documents the services and orders routes with their shapes", async () => {
    const document = (await server.client().request("GET", "/api/openapi.json")).json;
    expect(document.paths["/api/services"]).toHaveProperty("get");
    expect(document.paths["/api/orders"]).toHaveProperty("get");
    expect(document.paths["/api/orders"]).toHaveProperty("post");
    expect(document.components.schemas).toHaveProperty("ServiceOrder");
    expect(document.components.schemas).toHaveProperty("Service");
  });
});

describe("live services", () => {
  it("a service changed by an administrator's write reaches clients; one deactivated leaves their list", async () => {
    const service = await createService(server.db);
    const clientLive = await live(client, SERVICES);
    await server.db.transaction(async (tx) => {
      await tx.update(services).set({ title: "Renamed service" }).where(eq(services.id, service.id));
      await publishChange(tx, { topic: "services", op: "update", id: service.id });
    });
    expect(await clientLive.next(changeOf(service.id))).toMatchObject({
      op: "update",
      row: { title: "Renamed service", features: service.features },
    });
    await server.db.transaction(async (tx) => {
      await tx.update(services).set({ status: "inactive" }).where(eq(services.id, service.id));
      await publishChange(tx, { topic: "services", op: "update", id: service.id });
    });
    const removed = await clientLive.next((frame) => frame.type === "change" && frame.op === "delete");
    expect(removed.row).toEqual({ id: service.id });
  });
});
