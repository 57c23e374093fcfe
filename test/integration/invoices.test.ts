import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import * as fontkit from "fontkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "../../common/company";
import { formatDate, formatDay, formatMoney } from "../../common/format";
import { invoicesPeopleLive, remindOverdueInvoices } from "../../server/data/invoices";
import { invoices, mailQueue, notifications, projects, users } from "../../server/db/schema";
import { publishChange } from "../../server/functions/changes";
import { INVOICE_BOLD_FONT, INVOICE_FONT } from "../../server/pdf/invoice";
import { createClientWithPassword } from "../support/clients";
import { insertInvoice, lagosDay, pdfText } from "../support/invoices";
import { liveSockets } from "../support/live";
import { type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";
import { versionOf } from "../support/versions";

/** Invoices: each viewer's list and summary, the status derived at read time, the PDF, and live delivery. */
let server: TestServer;
let chinedu: Client;
let amaka: Client;
let tunde: Client;
let admin: Client;
let chineduId: string;
let amakaId: string;
const sockets = liveSockets(() => server.url);

type Row = { id: string; clientId: string; amount: number; status: string; invoiceNumber: string };

async function allPages(from: Client): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
    const response = await from.request("GET", `/api/invoices${query}`);
    expect(response.status).toBe(200);
    rows.push(...response.json.items);
    cursor = response.json.next;
  } while (cursor);
  return rows;
}

async function download(from: Client | null, id: string) {
  const response = await fetch(`${server.url}/api/invoices/${id}/pdf`, {
    headers: from ? { cookie: from.cookieHeader() } : {},
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function live(from: Client, keys: string[][]) {
  const socket = await sockets.open(from);
  for (const key of keys) expect(await socket.subscribe(key)).toMatchObject({ type: "subscribed" });
  return socket;
}

beforeAll(async () => {
  server = await startTestServer();
  [chinedu, amaka, tunde, admin] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("amaka@bellofashion.test"),
    server.signIn("tunde@lagosstudio.test"),
    server.signIn("admin@lagosstudio.test"),
  ]);
  chineduId = await userIdOf(server.db, "chinedu@ezefoods.test");
  amakaId = await userIdOf(server.db, "amaka@bellofashion.test");
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("GET /api/invoices", () => {
  it("a client sees only their own invoices, newest first; an administrator all; a developer none", async () => {
    const own = await allPages(chinedu);
    const stored = await server.db.select().from(invoices).where(eq(invoices.clientId, chineduId));
    expect(own.length).toBe(stored.length);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.clientId === chineduId)).toBe(true);
    expect(new Set(own.map((row) => row.id)).size).toBe(own.length);

    const first = (await chinedu.request("GET", "/api/invoices")).json.items;
    const created = first.map((row: { createdAt: string }) => Date.parse(row.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(first[0]).toMatchObject({ clientName: expect.any(String), invoiceNumber: expect.any(String) });
    expect(first.some((row: { projectTitle: string | null }) => row.projectTitle)).toBe(true);

    const everyone = await allPages(admin);
    expect(everyone.length).toBe((await server.db.select().from(invoices)).length);
    expect((await tunde.request("GET", "/api/invoices")).json).toEqual({ items: [], next: null });
  });

  it("refuses the anonymous and bad paging", async () => {
    expect((await server.client().request("GET", "/api/invoices")).status).toBe(401);
    expect((await chinedu.request("GET", "/api/invoices?cursor=nonsense")).status).toBe(400);
    expect((await chinedu.request("GET", "/api/invoices?limit=0")).status).toBe(400);
    expect((await chinedu.request("GET", "/api/invoices?clientId=x")).status).toBe(400);
  });
});

describe("GET /api/invoices/summary", () => {
  it("equals the rows each viewer may see: total, paid, and pending as everything not paid", async () => {
    for (const viewer of [chinedu, amaka, admin]) {
      const rows = await allPages(viewer);
      const paid = rows.filter((row) => row.status === "paid");
      const pending = rows.filter((row) => row.status !== "paid");
      const sum = (list: Row[]) => list.reduce((total, row) => total + row.amount, 0);
      const summary = (await viewer.request("GET", "/api/invoices/summary")).json;
      expect(summary).toEqual({
        totalAmount: sum(rows),
        totalCount: rows.length,
        paidAmount: sum(paid),
        paidCount: paid.length,
        pendingAmount: sum(pending),
        pendingCount: pending.length,
        overdueCount: rows.filter((row) => row.status === "overdue").length,
      });
    }
    expect((await tunde.request("GET", "/api/invoices/summary")).json).toMatchObject({ totalCount: 0, totalAmount: 0 });
    expect((await server.client().request("GET", "/api/invoices/summary")).status).toBe(401);
  });
});

describe("overdue", () => {
  it("an unpaid invoice past its due date in Lagos reads overdue, in the list, the summary and the PDF", async () => {
    const before = (await chinedu.request("GET", "/api/invoices/summary")).json;
    // Every client's totals are read another way (running totals less the unpaid not yet due): the same figures.
    const everyoneBefore = (await admin.request("GET", "/api/invoices/summary")).json;
    const late = await insertInvoice(server.db, { clientId: chineduId, dueDate: lagosDay(-1), amount: 5_000_00 });
    const today = await insertInvoice(server.db, { clientId: chineduId, dueDate: lagosDay(0), amount: 7_000_00 });
    const paidLate = await insertInvoice(server.db, {
      clientId: chineduId,
      dueDate: lagosDay(-5),
      status: "paid",
      paidDate: new Date(),
    });
    const undated = await insertInvoice(server.db, { clientId: chineduId, dueDate: null, amount: 1_000_00 });
    const storedOverdue = await insertInvoice(server.db, {
      clientId: chineduId,
      dueDate: lagosDay(3),
      status: "overdue",
      amount: 2_000_00,
    });
    const rows = await allPages(chinedu);
    const status = (id: string) => rows.find((row) => row.id === id)?.status;
    expect(status(late.id)).toBe("overdue");
    expect(status(today.id)).toBe("unpaid");
    expect(status(paidLate.id)).toBe("paid");
    expect(status(undated.id)).toBe("unpaid");
    expect(status(storedOverdue.id)).toBe("overdue");
    const [stored] = await server.db.select().from(invoices).where(eq(invoices.id, late.id));
    expect(stored?.status).toBe("unpaid");

    const after = (await chinedu.request("GET", "/api/invoices/summary")).json;
    const everyoneAfter = (await admin.request("GET", "/api/invoices/summary")).json;
    for (const [from, to] of [
      [before, after],
      [everyoneBefore, everyoneAfter],
    ]) {
      expect(to.overdueCount).toBe(from.overdueCount + 2);
      expect(to.pendingCount).toBe(from.pendingCount + 4);
      expect(to.pendingAmount).toBe(from.pendingAmount + 15_000_00);
      expect(to.paidCount).toBe(from.paidCount + 1);
      expect(to.totalCount).toBe(from.totalCount + 5);
    }

    const { bytes } = await download(chinedu, late.id);
    expect(await pdfText(bytes)).toMatch(/Status:\s*Overdue/);
  });
});

describe("GET /api/invoices/:id/pdf", () => {
  it("is a tagged PDF named after the invoice, with the company, the client, the amount in naira and the dates", async () => {
    const [project] = await server.db.select().from(projects).where(eq(projects.clientId, chineduId)).limit(1);
    if (!project) throw new Error("chinedu has no project");
    const paidDate = new Date("2026-03-04T10:00:00Z");
    const invoice = await insertInvoice(server.db, {
      clientId: chineduId,
      projectId: project.id,
      amount: 1_234_567_89,
      status: "paid",
      dueDate: "2026-03-10",
      paidDate,
    });
    const { response, bytes } = await download(chinedu, invoice.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`filename="${invoice.invoiceNumber}.pdf"`);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/Lang \(en-NG\)/);
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);

    const text = await pdfText(bytes);
    const client = (await chinedu.request("GET", "/api/me")).json;
    const amount = formatMoney(1_234_567_89, "NGN");
    expect(amount).toBe("₦1,234,567.89");
    for (const expected of [
      company.name,
      company.office.street,
      company.email,
      invoice.invoiceNumber,
      client.fullName,
      client.companyName,
      project.title,
      amount,
      "Paid",
      formatDate(invoice.createdAt),
      formatDay("2026-03-10"),
      formatDate(paidDate),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Issue date:/);
    expect(text).toMatch(/Due date:\s*10 Mar 2026/);
  });

  it("embeds a font that has the naira sign", () => {
    for (const file of [INVOICE_FONT, INVOICE_BOLD_FONT]) {
      const font = fontkit.openSync(file);
      if (!("hasGlyphForCodePoint" in font)) throw new Error(`${file} is a font collection`);
      expect(font.hasGlyphForCodePoint(0x20a6)).toBe(true);
      expect(font.glyphForCodePoint(0x20a6).id).toBeGreaterThan(0);
    }
  });

  it("answers 404 for an invoice the user may not read, 401 without a session, 400 for a bad id", async () => {
    const theirs = await insertInvoice(server.db, { clientId: amakaId });
    expect((await download(chinedu, theirs.id)).response.status).toBe(404);
    expect((await download(tunde, theirs.id)).response.status).toBe(404);
    expect((await download(chinedu, "00000000-0000-4000-8000-000000000000")).response.status).toBe(404);
    expect((await download(null, theirs.id)).response.status).toBe(401);
    expect((await download(chinedu, "not-a-uuid")).response.status).toBe(400);
    const { response } = await download(admin, theirs.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`${theirs.invoiceNumber}.pdf`);
  });

  it("answers 429 with Retry-After past PDF_RATE_LIMIT downloads a minute, for that person only", async () => {
    const limited = await startTestServer({ pdfRateLimit: 2 });
    try {
      const emails = ["chinedu@ezefoods.test", "amaka@bellofashion.test"];
      const [first, second] = await Promise.all(emails.map((email) => limited.signIn(email)));
      const [mine, theirs] = await Promise.all(
        emails.map(async (email) => insertInvoice(limited.db, { clientId: await userIdOf(limited.db, email) })),
      );
      if (!first || !second || !mine || !theirs) throw new Error("setup failed");
      const get = (from: Client, id: string) => from.request("GET", `/api/invoices/${id}/pdf`);
      expect((await get(first, mine.id)).status).toBe(200);
      expect((await get(first, mine.id)).status).toBe(200);
      const refused = await get(first, mine.id);
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe("rate_limited");
      expect(refused.json.error.message).toMatch(/^Too many invoice downloads\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another person's downloads are theirs to count.
      expect((await get(second, theirs.id)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("names a file safely whatever the invoice number holds", async () => {
    const odd = await insertInvoice(server.db, { clientId: chineduId, invoiceNumber: 'Q1 "₦"/2026' });
    const header = (await download(chinedu, odd.id)).response.headers.get("content-disposition") ?? "";
    expect(header).toContain('filename="Q1 ____2026.pdf"');
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('Q1 "₦"/2026.pdf')}`);
  });
});

describe("overdue reminders (the mail worker's sweep)", () => {
  const LIST = ["invoices", "list"];
  const PASSWORD = "Heron#Lagoon77";
  const remind = (now = new Date()) => remindOverdueInvoices(server.db, now);
  const noticesOf = (invoiceId: string) =>
    server.db
      .select({ userId: notifications.userId, kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.entityId, invoiceId));
  const mailsAbout = (to: string, invoiceNumber: string) =>
    server.db
      .select({ subject: mailQueue.subject })
      .from(mailQueue)
      .where(and(eq(mailQueue.to, to), like(mailQueue.subject, `%${invoiceNumber}%`)));

  async function newClient(name: string) {
    const email = `${name}.${randomUUID().slice(0, 6)}@example.test`;
    const id = await createClientWithPassword(server.db, { fullName: `Overdue ${name}`, email }, PASSWORD);
    return { id, email, client: await server.signIn(email, PASSWORD) };
  }

  it("tells the client once, by notification and mail, when an unpaid invoice's due date passes, and pushes it overdue to live views", async () => {
    const { id, email, client } = await newClient("payer");
    const socket = await live(client, [LIST]);
    const late = await insertInvoice(server.db, { clientId: id, dueDate: lagosDay(-1), overdueToldFor: null });
    const dueToday = await insertInvoice(server.db, { clientId: id, dueDate: lagosDay(0) });
    const paidLate = await insertInvoice(server.db, {
      clientId: id,
      dueDate: lagosDay(-4),
      status: "paid",
      paidDate: new Date(),
      overdueToldFor: null,
    });

    // The server's own worker may get there first: either way, exactly once.
    await Promise.all([remind(), remind(), server.app.mailer.runOnce()]);
    const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === late.id);
    expect(pushed).toMatchObject({ op: "update", row: { status: "overdue" } });
    expect(await noticesOf(late.id)).toEqual([
      { userId: id, kind: "invoice_overdue", title: `Invoice ${late.invoiceNumber} overdue` },
    ]);
    expect(await mailsAbout(email, late.invoiceNumber)).toEqual([{ subject: `Invoice ${late.invoiceNumber} overdue` }]);
    const [stored] = await server.db.select().from(invoices).where(eq(invoices.id, late.id));
    expect(stored).toMatchObject({ status: "unpaid", overdueToldFor: lagosDay(-1) });

    await remind();
    expect(await noticesOf(late.id)).toHaveLength(1);
    // Due today is not overdue yet; a paid invoice never is.
    expect(await noticesOf(dueToday.id)).toEqual([]);
    expect(await noticesOf(paidLate.id)).toEqual([]);

    // Tomorrow in Lagos, today's due date has passed: told then, with nothing else told again.
    await remind(new Date(Date.now() + 86_400_000));
    expect(await noticesOf(dueToday.id)).toEqual([
      { userId: id, kind: "invoice_overdue", title: `Invoice ${dueToday.invoiceNumber} overdue` },
    ]);
    expect(await noticesOf(late.id)).toHaveLength(1);
    expect(await noticesOf(paidLate.id)).toEqual([]);
  });

  it("tells a corrected due date again when it passes; rings the bell but sends no mail to a client who turned that mail off", async () => {
    const { id, email, client } = await newClient("quiet");
    const turnedOff = await client.request("PUT", "/api/me/mail-preferences", { invoice_overdue: false });
    expect(turnedOff.status).toBe(200);
    const invoice = await insertInvoice(server.db, { clientId: id, dueDate: lagosDay(-2), overdueToldFor: null });
    await remind();
    expect(await noticesOf(invoice.id)).toHaveLength(1);

    const corrected = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: null,
      amount: "10000.00",
      dueDate: lagosDay(3),
      expectedUpdatedAt: await versionOf(server.db, invoices, invoice.id),
    });
    expect(corrected.status).toBe(200);
    await remind();
    expect((await noticesOf(invoice.id)).map((notice) => notice.kind).sort()).toEqual([
      "invoice_issued",
      "invoice_overdue",
    ]);
    await remind(new Date(Date.now() + 4 * 86_400_000));
    expect((await noticesOf(invoice.id)).filter((notice) => notice.kind === "invoice_overdue")).toHaveLength(2);
    expect(await mailsAbout(email, `${invoice.invoiceNumber} overdue`)).toEqual([]);
  });
});

describe("live", () => {
  const LIST = ["invoices", "list"];
  const SUMMARY = ["invoices", "summary"];

  it("refuses the invoice keys to a developer", async () => {
    const socket = await sockets.open(tunde);
    expect(await socket.subscribe(LIST)).toMatchObject({ type: "error", code: "not_found" });
    expect(await socket.subscribe(SUMMARY)).toMatchObject({ type: "error", code: "not_found" });
  });

  it("a committed invoice reaches its client and administrators, a move reaches both clients", async () => {
    const [chineduLive, adminLive, amakaLive] = await Promise.all([
      live(chinedu, [LIST, SUMMARY]),
      live(admin, [LIST, SUMMARY]),
      live(amaka, [LIST, SUMMARY]),
    ]);
    const id = await server.db.transaction(async (tx) => {
      const [row] = await tx
        .execute<{ id: string }>(
          sql`insert into invoices (invoice_number, client_id, amount_minor, status, due_date, overdue_told_for)
            values ('LIVE-1', ${chineduId}, 250000, 'unpaid', ${lagosDay(-2)}, ${lagosDay(-2)}) returning id`,
        )
        .then((result) => result.rows);
      if (!row) throw new Error("not inserted");
      await publishChange(tx, {
        topic: "invoices",
        op: "insert",
        id: row.id,
        clientId: chineduId,
        previousClientId: null,
      });
      return row.id;
    });
    const isRow = (frame: { type: string; row?: { id?: string } }) => frame.type === "change" && frame.row?.id === id;
    const pushed = await chineduLive.next(isRow);
    expect(pushed).toMatchObject({ key: LIST, op: "insert", row: { invoiceNumber: "LIVE-1", status: "overdue" } });
    await adminLive.next(isRow);
    const invalidated = (frame: { type: string; key?: unknown[] }) =>
      frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(SUMMARY);
    await chineduLive.next(invalidated);
    await adminLive.next(invalidated);
    await sleep(300);
    expect(amakaLive.frames.some((frame) => frame.type !== "subscribed")).toBe(false);

    await server.db.transaction(async (tx) => {
      await tx.update(invoices).set({ clientId: amakaId }).where(eq(invoices.id, id));
      await publishChange(tx, { topic: "invoices", op: "update", id, clientId: amakaId, previousClientId: chineduId });
    });
    await amakaLive.next((frame) => isRow(frame) && frame.op === "update");
    await chineduLive.next((frame) => isRow(frame) && frame.op === "delete");
  });

  it("a client renamed refetches the lists that name them on their invoices: administrators' and their own", async () => {
    const email = `renamed.${randomUUID().slice(0, 6)}@example.test`;
    const renamedId = await createClientWithPassword(
      server.db,
      { fullName: "Before Rename", email },
      "Kestrel#Harbour42",
    );
    const none = await invoicesPeopleLive.resolve(server.db, { topic: "people", op: "update", id: renamedId });
    expect(none).toEqual([]);
    await insertInvoice(server.db, { clientId: renamedId });
    const [delivery, ...more] = await invoicesPeopleLive.resolve(server.db, {
      topic: "people",
      op: "update",
      id: renamedId,
    });
    expect(more).toEqual([]);
    expect(delivery?.key).toEqual(LIST);
    const adminId = await userIdOf(server.db, "admin@lagosstudio.test");
    expect(delivery?.pushFor({ id: adminId, role: "admin" })).toEqual({ invalidate: true });
    expect(delivery?.pushFor({ id: renamedId, role: "client" })).toEqual({ invalidate: true });
    expect(delivery?.pushFor({ id: chineduId, role: "client" })).toBeUndefined();

    // From the table (migration 0040's trigger), through the hub, to an administrator's open list.
    const adminLive = await live(admin, [LIST]);
    const told = () =>
      adminLive.frames.filter(
        (frame) => frame.type === "invalidate" && JSON.stringify(frame.key) === JSON.stringify(LIST),
      ).length;
    const before = told();
    await server.db.update(users).set({ fullName: "After Rename" }).where(eq(users.id, renamedId));
    await expect.poll(told).toBeGreaterThan(before);
  });
});
