import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosYear } from "../../server/data/payments";
import { auditLog, invoices } from "../../server/db/schema";
import { createClientWithPassword } from "../support/clients";
import { lagosDay } from "../support/invoices";
import { openLive } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";

/** Admin › New invoice (issue #7 item 5): numbered by the server, unique and consecutive under concurrency. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let ownerId: string;
let owner: Client;
let ownProject: string;
let otherProject: string;

const TAG = `iv${randomUUID().slice(0, 6)}`;
const PASSWORD = "Kestrel#Harbour42";
const YEAR = lagosYear();
const NUMBER = new RegExp(`^INV-${YEAR}-(\\d{3,})$`);
const sequence = (invoiceNumber: string) => Number(NUMBER.exec(invoiceNumber)?.[1]);

const body = (extra: Record<string, unknown> = {}) => ({
  clientId: ownerId,
  projectId: ownProject,
  amount: "1500.50",
  dueDate: lagosDay(14),
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  const email = `owner.${TAG}@example.test`;
  ownerId = await createClientWithPassword(server.db, { fullName: `${TAG} Owner`, email }, PASSWORD);
  owner = await server.signIn(email, PASSWORD);
  ownProject = await createProject(server.db, { clientEmail: email, title: `${TAG} own` });
  otherProject = await createProject(server.db, { clientEmail: "chinedu@ezefoods.test", title: `${TAG} other` });
});
afterAll(async () => {
  await server?.close();
});

describe("who may create invoices", () => {
  it("answers 401 signed out and 403 for clients and developers, and writes nothing", async () => {
    const [before] = await server.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    for (const from of [server.client(), client, developer]) {
      const response = await from.request("POST", "/api/admin/invoices", body());
      expect(response.status).toBe(from === client || from === developer ? 403 : 401);
    }
    const [after] = await server.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after?.n).toBe(before?.n);
  });
});

describe("POST /api/admin/invoices", () => {
  it("creates the invoice unpaid, in kobo, numbered after the year's highest number, audited and live", async () => {
    // The seed's invoices of this year (INV-<year>-001…) come first: the counter starts after them.
    const existing = await server.db
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(like(invoices.invoiceNumber, `INV-${YEAR}-%`));
    const highest = Math.max(0, ...existing.map((row) => sequence(row.number)).filter(Number.isFinite));

    const socket = await openLive(server.url, owner);
    if ("rejected" in socket) throw new Error("live socket refused");
    expect((await socket.subscribe(["invoices", "list"])).type).toBe("subscribed");
    expect((await socket.subscribe(["dashboard"])).type).toBe("subscribed");

    const response = await admin.request("POST", "/api/admin/invoices", body());
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      clientId: ownerId,
      projectId: ownProject,
      projectTitle: `${TAG} own`,
      amount: 150050,
      status: "unpaid",
      paidDate: null,
      dueDate: lagosDay(14),
    });
    expect(response.json.invoiceNumber).toMatch(NUMBER);
    expect(sequence(response.json.invoiceNumber)).toBe(highest + 1);

    const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === response.json.id);
    expect(pushed).toMatchObject({ op: "insert", row: { invoiceNumber: response.json.invoiceNumber } });
    await socket.next((frame) => frame.type === "invalidate" && frame.key?.[0] === "dashboard");
    socket.close();

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "invoice"), eq(auditLog.entityId, response.json.id)));
    expect(entry?.action).toBe("invoice.create");
    expect(entry?.details).toMatchObject({
      before: null,
      after: { invoiceNumber: response.json.invoiceNumber, amount: 150050 },
    });

    const next = await admin.request("POST", "/api/admin/invoices", body({ projectId: null, amount: "20" }));
    expect(next.status).toBe(201);
    expect(sequence(next.json.invoiceNumber)).toBe(highest + 2);
    expect(next.json).toMatchObject({ projectId: null, amount: 2000 });
  });

  it("gives 20 concurrent creations 20 distinct consecutive numbers", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => admin.request("POST", "/api/admin/invoices", body())),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const numbers = responses.map((response) => sequence(response.json.invoiceNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => (numbers[0] ?? 0) + i));
  });

  it("answers an invoice sent again with its id (its answer lost) with that invoice: numbered, told and audited once", async () => {
    const id = randomUUID();
    const sent = body({ id });
    const [first, second] = await Promise.all([
      admin.request("POST", "/api/admin/invoices", sent),
      admin.request("POST", "/api/admin/invoices", sent),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const again = await admin.request("POST", "/api/admin/invoices", sent);
    expect(again.status).toBe(200);
    for (const response of [second, again]) {
      expect(response.json).toMatchObject({ id, invoiceNumber: first.json.invoiceNumber });
    }
    expect(await server.db.select().from(invoices).where(eq(invoices.id, id))).toHaveLength(1);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invoice.create"), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
    // The id of another client's invoice is not this one's to answer with.
    const otherClient = await userIdOf(server.db, "amaka@bellofashion.test");
    const taken = await admin.request(
      "POST",
      "/api/admin/invoices",
      body({ id, clientId: otherClient, projectId: null }),
    );
    expect(taken.status).toBe(409);
  });

  it.runIf(dbKind === "postgres")(
    "numbers stay unique and consecutive with two server processes creating at once",
    async () => {
      const second = await startTestServer({}, { sharing: server });
      try {
        const otherAdmin = await second.signIn("admin@lagosstudio.test");
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? otherAdmin : admin).request("POST", "/api/admin/invoices", body()),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
        const numbers = responses.map((response) => sequence(response.json.invoiceNumber)).sort((a, b) => a - b);
        expect(new Set(numbers).size).toBe(20);
        expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => (numbers[0] ?? 0) + i));
      } finally {
        await second.close();
      }
    },
  );

  it("refuses another client's project with 400 under projectId, and numbers nothing", async () => {
    const [counter] = await server.db
      .execute<{ last: number }>(sql`select last from invoice_counters where year = ${YEAR}`)
      .then((result) => result.rows);
    const response = await admin.request("POST", "/api/admin/invoices", body({ projectId: otherProject }));
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ projectId: "This project does not belong to the chosen client." });
    const [after] = await server.db
      .execute<{ last: number }>(sql`select last from invoice_counters where year = ${YEAR}`)
      .then((result) => result.rows);
    expect(after?.last).toBe(counter?.last);
  });

  it("refuses an unknown or non-client client, a bad amount, a missing due date and fields it does not take", async () => {
    const developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: "nobody", projectId: null }, "clientId"],
      [{ clientId: developerId, projectId: null }, "clientId"],
      [{ clientId: "" }, "clientId"],
      [{ amount: "12.345" }, "amount"],
      [{ amount: "0" }, "amount"],
      [{ amount: "-5" }, "amount"],
      [{ amount: 1500 }, "amount"],
      [{ dueDate: "" }, "dueDate"],
      [{ dueDate: "2026-02-30" }, "dueDate"],
      [{ projectId: "not-a-uuid" }, "projectId"],
      [{ status: "paid" }, "status"],
      [{ invoiceNumber: "INV-1999-001" }, "invoiceNumber"],
    ];
    for (const [extra, field] of cases) {
      const response = await admin.request("POST", "/api/admin/invoices", body(extra));
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(response.json.error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
  });
});
