import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_FORMAT, EDITED_MEANWHILE } from "../../common/schemas";
import { orderClientsOf, ordersServicesLive } from "../../server/data/orders";
import { auditLog, serviceOrders, services } from "../../server/db/schema";
import { NAMED_PEOPLE_MAX, type NamedPeople } from "../../server/functions/changes";
import { createClients } from "../support/clients";
import { type LiveFrame, type LiveSocket, openLive } from "../support/live";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";
import { versionOf } from "../support/versions";

/** The admin services editor (issue #7 item 8): validation, create, edit, delete vs deactivate, audit, live. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: `Catalogue ${randomUUID().slice(0, 6)}`,
  price: "150000.5",
  description: "Made by a test.",
  estimatedDuration: "3 weeks",
  features: "One\n\n  Two  \n\nThree\nFour\nTwo\n",
  allowMilestones: true,
  status: "active",
  ...overrides,
});

async function liveSocket(from: Client): Promise<LiveSocket> {
  const socket = await openLive(server.url, from);
  if ("rejected" in socket) throw new Error("live socket refused");
  expect((await socket.subscribe(["services", "active"])).type).toBe("subscribed");
  return socket;
}

const audits = (entityId: string) =>
  server.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "service"), eq(auditLog.entityId, entityId)));

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
});
afterAll(async () => {
  await server?.close();
});

/** PUT /api/admin/services/:id as the service dialog sends it: from the version the database holds now. */
async function editService(id: string, fields: Record<string, unknown>) {
  return admin.request("PUT", `/api/admin/services/${id}`, {
    ...fields,
    expectedUpdatedAt: await versionOf(server.db, services, id),
  });
}

describe("who may use the admin service routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route, changing nothing", async () => {
    const service = await createService(server.db);
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/services"],
      ["POST", "/api/admin/services", body()],
      ["PUT", `/api/admin/services/${service.id}`, { ...body(), expectedUpdatedAt: service.updatedAt.toISOString() }],
      ["DELETE", `/api/admin/services/${service.id}`],
    ];
    for (const [method, path, payload] of routes) {
      expect((await server.client().request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path, payload)).status, `${method} ${path}`).toBe(403);
    }
    const [still] = await server.db.select().from(services).where(eq(services.id, service.id));
    expect(still?.title).toBe(service.title);
  });
});

describe("GET /api/admin/services", () => {
  it("lists every service, inactive ones too, newest first, a bounded page at a time", async () => {
    const inactive = await createService(server.db, { status: "inactive", createdAt: new Date(Date.now() + 60_000) });
    const first = (await admin.request("GET", "/api/admin/services?pageSize=1")).json;
    expect(first).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.items.map((s: { id: string }) => s.id)).toEqual([inactive.id]);
    const all = (await admin.request("GET", "/api/admin/services?pageSize=100")).json;
    expect(all.total).toBe((await server.db.select({ id: services.id }).from(services)).length);
    expect((await admin.request("GET", "/api/admin/services?pageSize=101")).status).toBe(400);
    // Clients never see it.
    const forClient = (await client.request("GET", "/api/services")).json as { id: string }[];
    expect(forClient.some((s) => s.id === inactive.id)).toBe(false);
  });
});

describe("POST /api/admin/services", () => {
  it("stores the price in minor units and the features without blank or repeated lines, audits and publishes it live", async () => {
    const socket = await liveSocket(client);
    try {
      const response = await admin.request("POST", "/api/admin/services", body({ title: "Catalogue Created" }));
      expect(response.status).toBe(201);
      expect(response.json).toMatchObject({
        title: "Catalogue Created",
        priceMinor: 15_000_050,
        features: ["One", "Two", "Three", "Four"],
        estimatedDuration: "3 weeks",
        allowMilestones: true,
        status: "active",
      });
      const id = response.json.id as string;
      const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === id);
      expect(pushed).toMatchObject({ op: "insert", row: { title: "Catalogue Created" } });
      const [entry] = await audits(id);
      expect(entry).toMatchObject({ action: "service.create", actorId: adminId, details: { before: null } });
    } finally {
      socket.close();
    }
  });

  it("refuses a missing title or price, a bad price and unknown fields with each field's message; stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "  " }, "title"],
      [{ price: "" }, "price"],
      [{ price: "12.345" }, "price"],
      [{ price: "-5" }, "price"],
      [{ price: "abc" }, "price"],
      [{ status: "archived" }, "status"],
      [{ priceMinor: 5 }, "priceMinor"],
    ];
    for (const [overrides, field] of cases) {
      const title = `Refused ${randomUUID().slice(0, 6)}`;
      const response = await admin.request("POST", "/api/admin/services", body({ title, ...overrides }));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json.error.fields ?? {}), JSON.stringify(overrides)).toContain(field);
      expect(await server.db.select().from(services).where(eq(services.title, title))).toHaveLength(0);
    }
    const response = await admin.request("POST", "/api/admin/services", body({ price: "" }));
    expect(response.json.error.fields.price).toBe("Enter an amount.");
    const tooPrecise = await admin.request("POST", "/api/admin/services", body({ price: "12.345" }));
    expect(tooPrecise.json.error.fields.price).toBe(AMOUNT_FORMAT);
  });

  it("a service created inactive reaches no client", async () => {
    const socket = await liveSocket(client);
    try {
      const response = await admin.request("POST", "/api/admin/services", body({ status: "inactive" }));
      expect(response.status).toBe(201);
      await expect(
        socket.next((frame) => frame.type === "change" && frame.row?.id === response.json.id, 500),
      ).rejects.toThrow();
    } finally {
      socket.close();
    }
  });
});

describe("PUT /api/admin/services/:id", () => {
  it("edits every field, audits before and after, and clients hear it; going inactive removes it from their list", async () => {
    const service = await createService(server.db);
    const socket = await liveSocket(client);
    try {
      const edited = await editService(service.id, body({ title: "Catalogue Edited", price: "99.99" }));
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({ title: "Catalogue Edited", priceMinor: 9_999 });
      await socket.next(
        (frame) => frame.type === "change" && frame.op === "update" && frame.row?.title === "Catalogue Edited",
      );
      const off = await editService(service.id, body({ status: "inactive" }));
      expect(off.json.status).toBe("inactive");
      await socket.next((frame) => frame.type === "change" && frame.op === "delete" && frame.row?.id === service.id);
      const entries = await audits(service.id);
      expect(entries.map((entry) => entry.action)).toEqual(["service.update", "service.update"]);
      expect(entries[0]?.details).toMatchObject({
        before: { title: service.title, priceMinor: 123_456 },
        after: { title: "Catalogue Edited", priceMinor: 9_999 },
      });
    } finally {
      socket.close();
    }
  });

  it("a service deactivated meanwhile is not made active again by a dialog opened before (409)", async () => {
    const service = await createService(server.db);
    expect((await client.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(201);
    const removed = await admin.request("DELETE", `/api/admin/services/${service.id}`);
    expect(removed.json).toMatchObject({ outcome: "deactivated" });
    const stale = await admin.request("PUT", `/api/admin/services/${service.id}`, {
      ...body({ title: service.title, price: "1500" }),
      expectedUpdatedAt: service.updatedAt.toISOString(),
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(EDITED_MEANWHILE);
    const [row] = await server.db.select({ status: services.status }).from(services).where(eq(services.id, service.id));
    expect(row?.status).toBe("inactive");
  });

  it("an edit sent again (a second tab, Save pressed twice) writes nothing: no second audit entry, the row untouched", async () => {
    const service = await createService(server.db);
    const edit = {
      ...body({ title: "Catalogue Twice", price: "99.99" }),
      expectedUpdatedAt: service.updatedAt.toISOString(),
    };
    const first = await admin.request("PUT", `/api/admin/services/${service.id}`, edit);
    expect(first.status).toBe(200);
    const written = async () =>
      (await server.db.select({ at: services.updatedAt }).from(services).where(eq(services.id, service.id)))[0]?.at;
    const writtenAt = await written();
    expect(writtenAt).toBeInstanceOf(Date);
    const again = await admin.request("PUT", `/api/admin/services/${service.id}`, edit);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await written()).toEqual(writtenAt);
    expect((await audits(service.id)).map((entry) => entry.action)).toEqual(["service.update"]);
  });

  it("a retitle refetches the orders that name the service: its clients' and the administrators', no one else's", async () => {
    const service = await createService(server.db);
    const other = await server.signIn("amaka@bellofashion.test");
    expect((await client.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(201);
    const [orderer, bystander, watcher] = await Promise.all([
      openLive(server.url, client),
      openLive(server.url, other),
      openLive(server.url, admin),
    ]);
    if ("rejected" in orderer || "rejected" in bystander || "rejected" in watcher)
      throw new Error("live socket refused");
    const keys = { mine: ["orders", "mine"], bookings: ["admin", "bookings"], dashboard: ["admin", "dashboard"] };
    try {
      for (const socket of [orderer, bystander, watcher])
        expect((await socket.subscribe(keys.mine)).type).toBe("subscribed");
      expect((await watcher.subscribe(keys.bookings)).type).toBe("subscribed");
      expect((await watcher.subscribe(keys.dashboard)).type).toBe("subscribed");
      const told = (socket: LiveSocket, key: string[]) =>
        socket.frames.filter(
          (frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key),
        ).length;
      const edit = (title: string, price: string) => editService(service.id, body({ title, price }));

      // A new price leaves the orders as they were: they keep the total they were placed at.
      expect((await edit(service.title, "2000")).status).toBe(200);
      expect((await edit("Retitled service", "2000")).status).toBe(200);
      const invalidated = (key: string[]) => (frame: LiveFrame) =>
        frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(key);
      await orderer.next(invalidated(keys.mine));
      await watcher.next(invalidated(keys.mine));
      await watcher.next(invalidated(keys.bookings));
      await watcher.next(invalidated(keys.dashboard));
      // Changes reach a socket in order: anything the new price had sent would be here by now.
      for (const key of [keys.mine, keys.bookings, keys.dashboard]) expect(told(watcher, key)).toBe(1);
      expect(told(orderer, keys.mine)).toBe(1);
      // The bystander's own order arrives after anything the retitle sent them.
      expect((await other.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(201);
      await bystander.next((frame) => frame.type === "change" && frame.op === "insert");
      expect(told(bystander, keys.mine)).toBe(0);
    } finally {
      for (const socket of [orderer, bystander, watcher]) socket.close();
    }
  });

  it("names up to 50 of the service's clients in a retitle; past that, every client's My Orders follows", async () => {
    const service = await createService(server.db);
    const tag = randomUUID().slice(0, 6);
    const buyers = await createClients(
      server.db,
      Array.from({ length: NAMED_PEOPLE_MAX + 1 }, (_, i) => ({
        fullName: `Buyer ${i}`,
        email: `buyer-${i}.${tag}@example.test`,
      })),
    );
    const order = (clientIds: string[]) =>
      server.db
        .insert(serviceOrders)
        .values(clientIds.map((clientId) => ({ serviceId: service.id, clientId, totalAmount: service.price })));
    const clientsNow = () => server.db.transaction((tx) => orderClientsOf(tx, service.id));
    // Two orders of one client name them once.
    await order(buyers.slice(0, NAMED_PEOPLE_MAX));
    await order(buyers.slice(0, 1));
    expect(new Set(await clientsNow())).toEqual(new Set(buyers.slice(0, NAMED_PEOPLE_MAX)));
    await order(buyers.slice(NAMED_PEOPLE_MAX));
    expect(await clientsNow()).toBe("many");

    const outsider = { id: await userIdOf(server.db, "amaka@bellofashion.test"), role: "client" as const };
    const retitled = async (orderClients: NamedPeople) => {
      const [delivery] = await ordersServicesLive.resolve(server.db, {
        topic: "services",
        op: "update",
        id: service.id,
        relabelled: { orderClients },
      });
      return delivery;
    };
    expect((await retitled("many"))?.pushFor(outsider)).toEqual({ invalidate: true });
    expect((await retitled(buyers))?.pushFor(outsider)).toBeUndefined();
    expect((await retitled(buyers))?.pushFor({ id: buyers[0] as string, role: "client" })).toEqual({
      invalidate: true,
    });
    expect(
      (await retitled(buyers))?.pushFor({ id: await userIdOf(server.db, "tunde@lagosstudio.test"), role: "developer" }),
    ).toBeUndefined();
    expect(await ordersServicesLive.resolve(server.db, { topic: "services", op: "update", id: service.id })).toEqual(
      [],
    );
  });

  it("answers 404 for a service that does not exist and 400 for a bad id", async () => {
    const any = { ...body(), expectedUpdatedAt: new Date().toISOString() };
    expect((await admin.request("PUT", `/api/admin/services/${randomUUID()}`, any)).status).toBe(404);
    expect((await admin.request("PUT", "/api/admin/services/nope", any)).status).toBe(400);
  });
});

describe("DELETE /api/admin/services/:id", () => {
  it("deletes a service nobody ordered, audited, and it leaves clients' lists", async () => {
    const service = await createService(server.db);
    const socket = await liveSocket(client);
    try {
      const response = await admin.request("DELETE", `/api/admin/services/${service.id}`);
      expect(response.status).toBe(200);
      expect(response.json.outcome).toBe("deleted");
      expect(await server.db.select().from(services).where(eq(services.id, service.id))).toHaveLength(0);
      await socket.next((frame) => frame.type === "change" && frame.op === "delete" && frame.row?.id === service.id);
      expect((await audits(service.id)).map((entry) => entry.action)).toEqual(["service.delete"]);
    } finally {
      socket.close();
    }
  });

  it("deactivates a service with orders instead, keeping them, and says so", async () => {
    const service = await createService(server.db);
    const [clientId] = await createClients(server.db, [
      { fullName: "Ordering Client", email: `orders.${randomUUID().slice(0, 6)}@example.test` },
    ]);
    await server.db
      .insert(serviceOrders)
      .values({ serviceId: service.id, clientId: clientId as string, totalAmount: service.price });
    const response = await admin.request("DELETE", `/api/admin/services/${service.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ outcome: "deactivated", service: { id: service.id, status: "inactive" } });
    const [row] = await server.db.select().from(services).where(eq(services.id, service.id));
    expect(row?.status).toBe("inactive");
    expect(await server.db.select().from(serviceOrders).where(eq(serviceOrders.serviceId, service.id))).toHaveLength(1);
    expect((await audits(service.id)).map((entry) => entry.action)).toEqual(["service.deactivate"]);
    // Deleting it again changes nothing more.
    expect((await admin.request("DELETE", `/api/admin/services/${service.id}`)).json.outcome).toBe("deactivated");
    expect(await audits(service.id)).toHaveLength(1);
    // Clients can no longer order it.
    expect((await client.request("POST", "/api/orders", { serviceId: service.id })).status).toBe(404);
  });

  it("answers 404 for a service that does not exist", async () => {
    expect((await admin.request("DELETE", `/api/admin/services/${randomUUID()}`)).status).toBe(404);
  });
});
