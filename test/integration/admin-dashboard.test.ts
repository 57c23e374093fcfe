import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactEnquiries, invoices, projects, serviceOrders, users } from "../../server/db/schema";
import { createClients } from "../support/clients";
import { insertInvoice, lagosDay } from "../support/invoices";
import { liveSockets } from "../support/live";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";

/** The admin dashboard (issue #7): counters from SQL, the newest pending bookings and enquiries, live. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
const sockets = liveSockets(() => server.url);
const KEY = ["admin", "dashboard"];

type Dashboard = {
  counts: { clients: number; developers: number; activeProjects: number; unpaidInvoices: number };
  pendingBookings: { id: string; status: string }[];
  enquiries: { id: string }[];
};
const dashboard = async () => (await admin.request("GET", "/api/admin/dashboard")).json as Dashboard;
const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? -1;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("GET /api/admin/dashboard", () => {
  it("answers 401 signed out and 403 for clients and developers", async () => {
    expect((await server.client().request("GET", "/api/admin/dashboard")).status).toBe(401);
    expect((await client.request("GET", "/api/admin/dashboard")).status).toBe(403);
    expect((await developer.request("GET", "/api/admin/dashboard")).status).toBe(403);
  });

  it("counts active clients and developers, active projects, and unpaid invoices including overdue ones", async () => {
    const clientId = await userIdOf(server.db, "kunle@adeyemilogistics.test");
    const before = await dashboard();
    await insertInvoice(server.db, { clientId, amount: 1000, status: "unpaid", dueDate: lagosDay(-3) });
    await insertInvoice(server.db, { clientId, amount: 1000, status: "unpaid", dueDate: lagosDay(10) });
    await insertInvoice(server.db, { clientId, amount: 1000, status: "paid", paidDate: new Date() });
    const [archived] = await createClients(server.db, [
      { fullName: "Dash Archived", email: "dash.archived@example.test" },
    ]);
    await server.db
      .update(users)
      .set({ archivedAt: new Date() })
      .where(eq(users.id, archived as string));

    const after = await dashboard();
    expect(after.counts.unpaidInvoices).toBe(before.counts.unpaidInvoices + 2);
    expect(after.counts.clients).toBe(before.counts.clients);
    const n = sql<number>`count(*)::int`;
    expect(after.counts).toEqual({
      clients: await countOf(
        server.db
          .select({ n })
          .from(users)
          .where(and(eq(users.role, "client"), sql`archived_at is null`)),
      ),
      developers: await countOf(server.db.select({ n }).from(users).where(eq(users.role, "developer"))),
      activeProjects: await countOf(server.db.select({ n }).from(projects).where(eq(projects.status, "active"))),
      unpaidInvoices: await countOf(
        server.db
          .select({ n })
          .from(invoices)
          .where(inArray(invoices.status, ["unpaid", "overdue"])),
      ),
    });
  });

  it("lists the five newest pending bookings and the five newest enquiries", async () => {
    const body = await dashboard();
    const pending = await server.db
      .select({ id: serviceOrders.id })
      .from(serviceOrders)
      .where(eq(serviceOrders.status, "pending"))
      .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
      .limit(5);
    expect(body.pendingBookings.map((order) => order.id)).toEqual(pending.map((order) => order.id));
    expect(body.pendingBookings.every((order) => order.status === "pending")).toBe(true);
    const enquiries = await server.db
      .select({ id: contactEnquiries.id })
      .from(contactEnquiries)
      .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id))
      .limit(5);
    expect(body.enquiries.map((enquiry) => enquiry.id)).toEqual(enquiries.map((enquiry) => enquiry.id));
  });
});

describe("the dashboard live", () => {
  it("is for administrators only, and a new booking tells them to refetch", async () => {
    const refused = await sockets.open(client);
    expect(await refused.subscribe(KEY)).toMatchObject({ type: "error" });

    const socket = await sockets.open(admin);
    expect(await socket.subscribe(KEY)).toMatchObject({ type: "subscribed" });

    const service = await createService(server.db);
    const before = await dashboard();
    const ordered = await client.request("POST", "/api/orders", { serviceId: service.id });
    expect(ordered.status).toBe(201);
    const frame = await socket.next(
      (f) => (f.type as string) === "invalidate" && JSON.stringify(f.key) === JSON.stringify(KEY),
    );
    expect(frame).toBeDefined();
    const after = await dashboard();
    expect(after.pendingBookings[0]?.id).toBe(ordered.json.id);
    expect(before.pendingBookings[0]?.id).not.toBe(ordered.json.id);
  });
});
