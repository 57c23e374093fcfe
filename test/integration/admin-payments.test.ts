import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PAID_INVOICE_KEPT, PAID_INVOICE_LOCKED, PROJECT_NOT_CLIENTS } from "../../common/admin-money";
import { EDITED_MEANWHILE } from "../../common/schemas";
import { allPayments } from "../../server/data/payments";
import { auditLog, invoices, notifications, projects } from "../../server/db/schema";
import { FEW_MATCHES } from "../../server/http/admin-table";
import { createClients, createClientWithPassword } from "../support/clients";
import { insertInvoice, lagosDay } from "../support/invoices";
import { type LiveSocket, openLive } from "../support/live";
import { createProject } from "../support/portal";
import { type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";
import { versionOf } from "../support/versions";

/** Admin › Payments (issue #7 item 7): the invoices table with clients, totals, mark paid, CSV. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;

const TAG = `pq${randomUUID().slice(0, 6)}`;
const COUNT = 12;
const PASSWORD = "Kestrel#Harbour42";
let clientIds: string[] = [];
let invoiceIds: string[] = [];
let ownerId: string;
let owner: Client;

const SORT_SQL = {
  // The number's last digits as a number (INV-2026-999 before INV-2026-1000): the test below checks that.
  number: sql`i.number_order`,
  client: sql`lower(u.full_name)`,
  project: sql`lower(i.project_title)`,
  amount: sql`i.amount_minor`,
  due: sql`i.due_date`,
  created: sql`i.created_at`,
  status: sql`(case when i.status = 'unpaid' and i.due_date < (now() at time zone 'Africa/Lagos')::date then 'overdue' else i.status end)`,
} as const;

/** Each status filter, as the table shows statuses: pending is everything not paid. */
const STATUS_SQL = {
  all: sql`true`,
  pending: sql`i.status <> 'paid'`,
  overdue: sql`${SORT_SQL.status} = 'overdue'`,
  paid: sql`i.status = 'paid'`,
} as const;
type StatusFilter = keyof typeof STATUS_SQL;
const filterParam = (status: StatusFilter) => (status === "all" ? "" : `&status=${status}`);

/** The expected order, straight from SQL (independent of the route's helpers). */
async function expectedIds(sort: keyof typeof SORT_SQL, dir: "asc" | "desc", q: string, status: StatusFilter = "all") {
  const direction = sql.raw(dir);
  const pattern = `${q.toLowerCase()}%`;
  // By client: two clients of one name keep their invoices apart. By status: the status shown, then
  // the status stored (an invoice stored overdue before one unpaid past its due date).
  const then = { client: sql`, i.client_id ${direction}`, status: sql`, i.status ${direction}` }[sort as string];
  const order = sql`${SORT_SQL[sort]} ${direction}${then ?? sql``}`;
  const result = await server.db.execute(
    sql`select i.id from invoices i join users u on u.id = i.client_id
        where (lower(i.invoice_number) like ${pattern} or lower(u.full_name) like ${pattern}
          or lower(substring(u.full_name from '[^[:space:]]+$')) like ${pattern} or lower(u.email) like ${pattern})
          and ${STATUS_SQL[status]}
        order by ${order}, i.id ${direction}`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}

type Row = { id: string; invoiceNumber: string; clientName: string; clientEmail: string; status: string };
type TablePage = { items: Row[]; total: number; page: number; pageSize: number };
const table = async (from: Client, query: string) =>
  (await from.request("GET", `/api/admin/payments?${query}`)).json as TablePage;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  clientIds = await createClients(
    server.db,
    Array.from({ length: COUNT }, (_, i) => {
      const n = String(i + 1).padStart(2, "0");
      return { fullName: `${TAG.toUpperCase()} Payer ${n}`, email: `payer${n}.${TAG}@example.test` };
    }),
  );
  // Amounts, due dates and numbers each sort differently; one paid, one overdue, the rest unpaid.
  invoiceIds = [];
  for (const [i, clientId] of clientIds.entries()) {
    const row = await insertInvoice(server.db, {
      clientId,
      invoiceNumber: `${TAG.toUpperCase()}-${String((i * 7) % COUNT).padStart(2, "0")}`,
      amount: ((i * 5) % COUNT) * 1000_00 + 50,
      dueDate: lagosDay(i === 3 ? -2 : 10 + ((i * 3) % COUNT)),
      status: i === 5 ? "paid" : "unpaid",
      paidDate: i === 5 ? new Date() : null,
      createdAt: new Date(Date.now() - i * 60_000),
    });
    invoiceIds.push(row.id);
  }
  // Project titles as the invoices' clients knew them: differing in case, two alike, one invoice with none.
  await server.db.execute(sql`update invoices set project_title = (array['beta site', 'Alpha app', 'alpha app',
      'Gamma', null])[1 + (amount_minor / 100000 % 5)::int] where id in ${invoiceIds}`);
  ownerId = await createClientWithPassword(
    server.db,
    { fullName: `${TAG} Owner`, email: `owner.${TAG}@example.test` },
    PASSWORD,
  );
  owner = await server.signIn(`owner.${TAG}@example.test`, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

describe("who may use the payments routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route, and changes nothing", async () => {
    const id = invoiceIds[0] as string;
    const routes: [string, string][] = [
      ["GET", "/api/admin/payments"],
      ["GET", "/api/admin/payments.csv"],
      ["POST", `/api/admin/invoices/${id}/mark-paid`],
      ["DELETE", `/api/admin/invoices/${id}`],
      ["GET", "/api/admin/client-options"],
      ["GET", "/api/admin/developer-options"],
      ["GET", `/api/admin/project-options?clientId=${clientIds[0]}`],
    ];
    for (const [method, path] of routes) {
      expect((await server.client().request(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path)).status, `${method} ${path}`).toBe(403);
    }
    // A correction, well formed: refused for who asks, not for what it says.
    const correction = {
      projectId: null,
      amount: "1.00",
      dueDate: lagosDay(30),
      expectedUpdatedAt: await versionOf(server.db, invoices, id),
    };
    expect((await server.client().request("PATCH", `/api/admin/invoices/${id}`, correction)).status).toBe(401);
    expect((await client.request("PATCH", `/api/admin/invoices/${id}`, correction)).status).toBe(403);
    expect((await developer.request("PATCH", `/api/admin/invoices/${id}`, correction)).status).toBe(403);
    const [still] = await server.db
      .select({ status: invoices.status, amount: invoices.amount })
      .from(invoices)
      .where(eq(invoices.id, id));
    expect(still).toMatchObject({ status: "unpaid", amount: 50 });
  });
});

describe("GET /api/admin/payments", () => {
  it("pages through every sort both ways in SQL's order, id breaking ties, each row once", async () => {
    for (const sort of ["number", "client", "project", "amount", "due", "status", "created"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedIds(sort, dir, TAG);
        expect(expected).toHaveLength(COUNT);
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = await table(admin, `q=${TAG}&sort=${sort}&dir=${dir}&page=${page}&pageSize=5`);
          expect(body.total).toBe(COUNT);
          seen.push(...body.items.map((row) => row.id));
        }
        expect(seen, `${sort} ${dir}`).toEqual(expected);
      }
    }
  });

  it("sorts invoice numbers by their count, not as text: INV-2026-999 before INV-2026-1000", async () => {
    const tag = `num${randomUUID().slice(0, 6)}`;
    const numbers = [`${tag}-2026-1000`, `${tag}-2025-1200`, `${tag}-2026-100`, `${tag}-2026-999`, `${tag}-2026-1001`];
    // A client of its own: the other tests count the owner's invoices.
    const [numbered] = await createClients(server.db, [{ fullName: `${tag} Client`, email: `${tag}@example.test` }]);
    for (const invoiceNumber of numbers)
      await insertInvoice(server.db, { clientId: numbered as string, invoiceNumber });
    const sorted = async (dir: string) =>
      (await table(admin, `q=${tag}&sort=number&dir=${dir}`)).items.map((row) => row.invoiceNumber);
    const ascending = [
      `${tag}-2025-1200`,
      `${tag}-2026-100`,
      `${tag}-2026-999`,
      `${tag}-2026-1000`,
      `${tag}-2026-1001`,
    ];
    expect(await sorted("asc")).toEqual(ascending);
    expect(await sorted("desc")).toEqual([...ascending].reverse());
  });

  it("pages a search of more matches than FEW_MATCHES, read by walking the sort, in SQL's order too", async () => {
    // Every other search here matches fewer (its invoices are read first, then sorted); this one is walked.
    const many = `pm${randomUUID().slice(0, 6)}`;
    const [manyClient] = await createClients(server.db, [
      { fullName: `${many} Client`, email: `${many}@example.test` },
    ]);
    // Told overdue already (overdue_told_for), as the seed's: the mail worker's sweep leaves them be.
    await server.db.execute(sql`insert into invoices (client_id, invoice_number, amount_minor, due_date, status, created_at,
        overdue_told_for)
      select ${manyClient}, ${`${many.toUpperCase()}-`} || lpad(n::text, 5, '0'), (n * 7919 % 10007) * 100,
        current_date + (n * 31 % 90) - 30, case when n % 7 = 0 then 'paid' else 'unpaid' end,
        now() - (n * 6151 % 4001) * interval '1 minute', current_date + (n * 31 % 90) - 30
      from generate_series(1, ${FEW_MATCHES + 5}) n`);
    for (const sort of ["number", "client", "project", "amount", "due", "status", "created"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedIds(sort, dir, many);
        expect(expected).toHaveLength(FEW_MATCHES + 5);
        for (const page of [1, 4]) {
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

  it("gives the unsearched total from the running counters, equal to a recount, and pages unsearched by client", async () => {
    const recount = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(invoices))[0]?.n;
    const before = await table(admin, "pageSize=5");
    expect(before.total).toBe(await recount());
    const [payer] = await createClients(server.db, [
      // Named so that the other tests' search for TAG does not find it.
      { fullName: `Total ${TAG} Payer`, email: `total.${TAG}@example.test` },
    ]);
    await insertInvoice(server.db, { clientId: payer as string, amount: 1000 });
    expect((await table(admin, "pageSize=5")).total).toBe(before.total + 1);
    expect((await table(admin, "pageSize=5")).total).toBe(await recount());
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const body = await table(admin, `sort=client&dir=asc&page=${page}&pageSize=5`);
      expect(body.items).toHaveLength(Math.min(5, body.total - (page - 1) * 5));
      expect(body.items.every((row) => row.clientName)).toBe(true);
      seen.push(...body.items.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("searches by the start of the invoice number or the client's name or e-mail; wildcards match themselves", async () => {
    const byNumber = await table(admin, `q=${TAG.toUpperCase()}-07`);
    expect(byNumber.items.map((row) => row.invoiceNumber)).toEqual([`${TAG.toUpperCase()}-07`]);
    // Counted once each: by number alone, by client alone, and (the paging test) by both.
    expect(byNumber.total).toBe(1);
    const byEmail = await table(admin, `q=PAYER03.${TAG}`);
    expect(byEmail.items.map((row) => row.id)).toEqual([invoiceIds[2]]);
    expect(byEmail.total).toBe(1);
    expect(byEmail.items[0]).toMatchObject({ clientName: `${TAG.toUpperCase()} Payer 03` });
    const byName = await table(admin, `q=${TAG}%20payer%2011`);
    expect(byName.items.map((row) => row.id)).toEqual([invoiceIds[10]]);
    expect((await table(admin, "q=%25")).total).toBe(0);
  });

  it("shows an unpaid invoice past its due date as overdue, and the paid one as paid with its date", async () => {
    const rows = (await table(admin, `q=${TAG}&pageSize=100`)).items;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(invoiceIds[3] as string)?.status).toBe("overdue");
    expect(byId.get(invoiceIds[5] as string)).toMatchObject({ status: "paid", paidDate: expect.any(String) });
    expect(byId.get(invoiceIds[0] as string)).toMatchObject({ status: "unpaid", paidDate: null });
  });

  it("filters by status, searched (read either way) and not: in SQL's order, totals equal to a recount", async () => {
    // The test's own invoices: one paid, one overdue, ten unpaid not yet due; and a set past FEW_MATCHES.
    const many = `pf${randomUUID().slice(0, 6)}`;
    const [manyClient] = await createClients(server.db, [
      { fullName: `${many} Client`, email: `${many}@example.test` },
    ]);
    await server.db.execute(sql`insert into invoices (client_id, invoice_number, amount_minor, due_date, status, created_at,
        overdue_told_for)
      select ${manyClient}, ${`${many.toUpperCase()}-`} || lpad(n::text, 5, '0'), (n * 7919 % 10007) * 100,
        current_date + (n * 31 % 90) - 30, case when n % 3 = 0 then 'paid' else 'unpaid' end,
        now() - (n * 6151 % 4001) * interval '1 minute', current_date + (n * 31 % 90) - 30
      from generate_series(1, ${FEW_MATCHES * 2}) n`);
    for (const status of ["pending", "overdue", "paid"] as const) {
      for (const [q, pageSize] of [
        [TAG, 5],
        [many, 25],
      ] as const) {
        for (const sort of ["number", "client", "due", "status", "created"] as const) {
          for (const dir of ["asc", "desc"] as const) {
            const expected = await expectedIds(sort, dir, q, status);
            for (const page of [1, 2]) {
              const body = await table(
                admin,
                `q=${q}&sort=${sort}&dir=${dir}&page=${page}&pageSize=${pageSize}${filterParam(status)}`,
              );
              expect(body.total, `${q} ${status}`).toBe(expected.length);
              expect(
                body.items.map((row) => row.id),
                `${q} ${status} ${sort} ${dir} page ${page}`,
              ).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
            }
          }
        }
      }
      // Unsearched: the total from the running totals, equal to a recount; the page only of that status.
      const [recount] = (
        await server.db.execute(sql`select count(*)::int as n from invoices i where ${STATUS_SQL[status]}`)
      ).rows as { n: number }[];
      const body = await table(admin, `pageSize=25${filterParam(status)}`);
      expect(body.total, status).toBe(recount?.n);
      const shown = status === "pending" ? ["unpaid", "overdue"] : [status];
      expect(body.items.length).toBe(Math.min(25, body.total));
      expect(
        body.items.every((row) => shown.includes(row.status)),
        status,
      ).toBe(true);
    }
    // The test's own, counted: eleven not paid (one overdue), one paid.
    expect((await table(admin, `q=${TAG}&status=pending`)).total).toBe(COUNT - 1);
    const overdue = (await table(admin, `q=${TAG}&status=overdue`)).items;
    expect(overdue.map((row) => row.id)).toEqual([invoiceIds[3]]);
    expect((await table(admin, `q=${TAG}&status=paid`)).items.map((row) => row.id)).toEqual([invoiceIds[5]]);
    // The CSV follows the filter.
    const csv = await admin.request("GET", `/api/admin/payments.csv?q=${TAG}&status=overdue`);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([overdue[0]?.invoiceNumber]);
  });

  it("pages the whole table by client and by the status shown, filtered and not, in SQL's order", async () => {
    // After the tests above, thousands of invoices: the pages walk the clients in name order, and each
    // status in turn; the first, the second and one halfway through. Among them, unpaid invoices with
    // no due date (unpaid) and invoices stored overdue whose due date is still ahead (overdue).
    const [odd] = await createClients(server.db, [{ fullName: `Odd ${TAG} Dates`, email: `odd.${TAG}@example.test` }]);
    for (const [status, dueDate] of [
      ["unpaid", null],
      ["unpaid", null],
      ["overdue", lagosDay(5)],
      ["overdue", lagosDay(0)],
      ["unpaid", lagosDay(0)],
    ] as const)
      await insertInvoice(server.db, { clientId: odd as string, status, dueDate });
    for (const status of ["all", "pending", "overdue", "paid"] as const) {
      for (const sort of ["client", "status"] as const) {
        for (const dir of ["asc", "desc"] as const) {
          const expected = await expectedIds(sort, dir, "", status);
          const middle = Math.max(3, Math.ceil(expected.length / 2 / 25));
          const last = Math.max(1, Math.ceil(expected.length / 25));
          for (const page of [1, 2, middle, last, last + 1]) {
            const body = await table(admin, `sort=${sort}&dir=${dir}&page=${page}&pageSize=25${filterParam(status)}`);
            expect(body.total, `${status} total`).toBe(expected.length);
            expect(
              body.items.map((row) => row.id),
              `${status} ${sort} ${dir} page ${page}`,
            ).toEqual(expected.slice((page - 1) * 25, page * 25));
          }
        }
      }
      expect((await expectedIds("status", "asc", "", status)).length, status).toBeGreaterThan(75);
    }
    // Unfiltered by client, each page starts inside the client its offset reaches (the clients' running
    // invoice counts): twelve pages of seven in a row each way cross many clients' edges.
    for (const dir of ["asc", "desc"] as const) {
      const expected = await expectedIds("client", dir, "");
      const seen: string[] = [];
      for (let page = 1; page <= 12; page++)
        seen.push(...(await table(admin, `sort=client&dir=${dir}&page=${page}&pageSize=7`)).items.map((row) => row.id));
      expect(seen, `client ${dir}`).toEqual(expected.slice(0, 84));
    }
  });

  it("moves a renamed client's invoices to their new name's place in the client sort", async () => {
    const [renamed] = await createClients(server.db, [
      { fullName: `Aaaa ${TAG} Renamed`, email: `renamed.${TAG}@example.test` },
    ]);
    const row = await insertInvoice(server.db, { clientId: renamed as string, amount: 1200 });
    const first = async () => (await table(admin, "sort=client&dir=asc&pageSize=1")).items[0]?.id;
    const last = async () => (await table(admin, "sort=client&dir=desc&pageSize=1")).items[0]?.id;
    expect(await first()).toBe(row.id);
    const response = await admin.request("PATCH", `/api/admin/clients/${renamed}`, { fullName: `Zzzz ${TAG} Renamed` });
    expect(response.status).toBe(200);
    expect(await last()).toBe(row.id);
    expect(await first()).not.toBe(row.id);
  });

  it("refuses a bad page, sort, direction, status or unknown parameter with 400", async () => {
    for (const query of [
      "page=0",
      "pageSize=101",
      "sort=email",
      "dir=up",
      "status=unpaid",
      "extra=1",
      `q=${"a".repeat(101)}`,
    ]) {
      expect((await admin.request("GET", `/api/admin/payments?${query}`)).status, query).toBe(400);
    }
  });
});

describe("GET /api/admin/payments.csv", () => {
  it("streams every matching invoice in the table's order, amounts as decimals", async () => {
    const response = await admin.request("GET", `/api/admin/payments.csv?q=${TAG}&sort=amount&dir=desc`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toContain("payments.csv");
    const lines = response.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Invoice number,Client,Client e-mail,Project,Amount,Status,Due date,Paid date");
    expect(lines).toHaveLength(COUNT + 1);
    const expected = await expectedIds("amount", "desc", TAG);
    const numbers = await server.db.select({ id: invoices.id, number: invoices.invoiceNumber }).from(invoices);
    const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected.map((id) => numberOf.get(id)));
    // 11 000.50 naira: the largest amount, (11 × 1000_00 + 50) kobo.
    expect(lines[1]?.split(",")[4]).toBe("11000.50");
  });

  it("reads its rows a batch at a time in the table's order, whichever the sort", async () => {
    for (const [sort, dir] of [
      ["client", "asc"],
      ["status", "desc"],
      ["due", "asc"],
    ] as const) {
      const batches: { id: string }[][] = [];
      for await (const batch of allPayments(server.db, { sort, dir, q: TAG }, 3)) batches.push(batch);
      expect(batches.length, sort).toBe(Math.ceil(COUNT / 3));
      expect(batches.every((batch) => batch.length <= 3)).toBe(true);
      expect(
        batches.flat().map((row) => row.id),
        sort,
      ).toEqual(await expectedIds(sort, dir, TAG));
    }
  });
});

/** The invoices' owner's live socket, subscribed to `keys`. */
async function ownerSocket(...keys: string[][]): Promise<LiveSocket> {
  const opened = await openLive(server.url, owner);
  if ("rejected" in opened) throw new Error("live socket refused");
  for (const key of keys) expect((await opened.subscribe(key)).type).toBe("subscribed");
  return opened;
}

describe("POST /api/admin/invoices/:id/mark-paid", () => {
  let socket: LiveSocket;
  beforeAll(async () => {
    socket = await ownerSocket(["invoices", "list"], ["dashboard"]);
  });
  afterAll(() => socket?.close());

  it("records now as the paid date, audits before and after, and the client's open invoices hear it", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, dueDate: lagosDay(-1) });
    const before = Date.now();
    const response = await admin.request("POST", `/api/admin/invoices/${invoice.id}/mark-paid`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: invoice.id, status: "paid", clientEmail: `owner.${TAG}@example.test` });
    const paidAt = new Date(response.json.paidDate).getTime();
    expect(paidAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(paidAt).toBeLessThanOrEqual(Date.now() + 5_000);

    const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === invoice.id);
    expect(pushed).toMatchObject({ op: "update", row: { status: "paid" } });
    await socket.next((frame) => frame.type === "invalidate" && frame.key?.[0] === "dashboard");

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "invoice"), eq(auditLog.entityId, invoice.id)));
    expect(entry?.action).toBe("invoice.mark_paid");
    expect(entry?.details).toMatchObject({ before: { status: "overdue", paidDate: null }, after: { status: "paid" } });
  });

  it.runIf(dbKind === "postgres")(
    "dates the payment by the database's clock, not this process's (processes sharing one database may disagree)",
    async () => {
      const invoice = await insertInvoice(server.db, { clientId: ownerId });
      // This process's clock two days ahead (PGlite, in the process, would follow it: hence PostgreSQL only).
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 86_400_000 });
      try {
        const response = await admin.request("POST", `/api/admin/invoices/${invoice.id}/mark-paid`);
        expect(response.status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      const [row] = await server.db
        .select({ lag: sql<number>`extract(epoch from now() - ${invoices.paidDate})::float8` })
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect(Math.abs(Number(row?.lag))).toBeLessThan(60);
    },
  );

  it("answers 409 with the server's message when already paid, 404 for no such invoice, 400 for a bad id", async () => {
    const paid = invoiceIds[5] as string;
    const again = await admin.request("POST", `/api/admin/invoices/${paid}/mark-paid`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This invoice is already paid.");
    expect((await admin.request("POST", `/api/admin/invoices/${randomUUID()}/mark-paid`)).status).toBe(404);
    expect((await admin.request("POST", "/api/admin/invoices/nope/mark-paid")).status).toBe(400);
  });
});

describe("PATCH /api/admin/invoices/:id", () => {
  let socket: LiveSocket;
  let project: { id: string; title: string };
  beforeAll(async () => {
    project = await createProject(server.db, ownerId, { title: `${TAG} corrected` });
    socket = await ownerSocket(["invoices", "list"], ["invoices", "summary"]);
  });
  afterAll(() => socket?.close());

  const summary = async () => (await owner.request("GET", "/api/invoices/summary")).json;
  const auditEntries = (invoiceId: string) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "invoice"), eq(auditLog.entityId, invoiceId)));

  it("corrects an overdue invoice's project, amount and due date: audited, live, its client told, the totals follow", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, amount: 10_000_00, dueDate: lagosDay(-3) });
    const totalsBefore = await summary();

    const opened = await versionOf(server.db, invoices, invoice.id);
    const response = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: project.id,
      amount: "12500.50",
      dueDate: lagosDay(20),
      expectedUpdatedAt: opened,
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      clientId: ownerId,
      projectId: project.id,
      projectTitle: project.title,
      amount: 12_500_50,
      // Due in 20 days: no longer overdue.
      status: "unpaid",
      dueDate: lagosDay(20),
      paidDate: null,
    });

    const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === invoice.id);
    expect(pushed).toMatchObject({ op: "update", row: { amount: 12_500_50, status: "unpaid" } });
    await socket.next((frame) => frame.type === "invalidate" && frame.key?.[1] === "summary");
    const totalsAfter = await summary();
    expect(totalsAfter.pendingAmount - totalsBefore.pendingAmount).toBe(2_500_50);
    expect(totalsAfter.pendingCount).toBe(totalsBefore.pendingCount);

    const [entry] = await auditEntries(invoice.id);
    expect(entry?.action).toBe("invoice.update");
    expect(entry?.details).toMatchObject({
      before: { amount: 10_000_00, status: "overdue", projectId: null, dueDate: lagosDay(-3) },
      after: { amount: 12_500_50, status: "unpaid", projectId: project.id, dueDate: lagosDay(20) },
    });
    const told = await server.db
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.entityId, invoice.id)));
    expect(told).toEqual([{ title: `Invoice ${invoice.invoiceNumber} updated`, kind: "invoice_issued" }]);

    // The same form sent again changes nothing, so nothing more is audited or told (nor refused as edited meanwhile).
    const again = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: project.id,
      amount: "12500.5",
      dueDate: lagosDay(20),
      expectedUpdatedAt: opened,
    });
    expect(again.status).toBe(200);
    expect(await auditEntries(invoice.id)).toHaveLength(1);
  });

  it("a row stored as overdue (before migration 0046) shows what its new due date says once corrected", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, status: "overdue", dueDate: lagosDay(-3) });
    const before = await summary();
    const response = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: null,
      amount: "10000",
      dueDate: lagosDay(30),
      expectedUpdatedAt: await versionOf(server.db, invoices, invoice.id),
    });
    expect(response.json).toMatchObject({ status: "unpaid", dueDate: lagosDay(30) });
    const [row] = await server.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe("unpaid");
    expect((await summary()).overdueCount).toBe(before.overdueCount - 1);
  });

  it("takes only a project of the same client, an amount over zero and a due date; anything else is a 400 that changes nothing", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, amount: 3_000_00 });
    const patch = (body: Record<string, unknown>) => admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, body);
    const valid = {
      projectId: null,
      amount: "3000.00",
      dueDate: lagosDay(14),
      expectedUpdatedAt: await versionOf(server.db, invoices, invoice.id),
    };

    const othersProject = await createProject(server.db, clientIds[1] as string);
    const foreign = await patch({ ...valid, projectId: othersProject.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.fields).toEqual({ projectId: PROJECT_NOT_CLIENTS });

    for (const extra of [{ clientId: clientIds[0] }, { status: "paid" }, { invoiceNumber: "INV-1999-001" }]) {
      const refused = await patch({ ...valid, amount: "1.00", ...extra });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
    for (const [field, value] of [
      ["amount", "0"],
      ["amount", "12.345"],
      ["amount", "lots"],
      ["dueDate", "2026-02-30"],
      ["dueDate", ""],
    ] as const) {
      const refused = await patch({ ...valid, [field]: value });
      expect(refused.status, `${field} ${value}`).toBe(400);
      expect(Object.keys(refused.json.error.fields ?? {}), `${field} ${value}`).toContain(field);
    }
    const [still] = await server.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(still).toMatchObject({ clientId: ownerId, amount: 3_000_00, status: "unpaid", projectId: null });
    expect(await auditEntries(invoice.id)).toHaveLength(0);
  });

  it("corrects an invoice whose project was given to another client since, keeping that project", async () => {
    const moved = await createProject(server.db, ownerId, { title: `${TAG} moved on` });
    const invoice = await insertInvoice(server.db, { clientId: ownerId, amount: 2_000_00, projectId: moved.id });
    await server.db
      .update(projects)
      .set({ clientId: clientIds[1] as string })
      .where(eq(projects.id, moved.id));
    const corrected = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: moved.id,
      amount: "2500.00",
      dueDate: lagosDay(21),
      expectedUpdatedAt: await versionOf(server.db, invoices, invoice.id),
    });
    expect(corrected.status).toBe(200);
    const [row] = await server.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ projectId: moved.id, amount: 2_500_00, projectTitle: `${TAG} moved on` });
  });

  it("refuses (409) a correction from a form opened before another administrator's, whose correction stays", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, amount: 4_000_00, dueDate: lagosDay(10) });
    const opened = await versionOf(server.db, invoices, invoice.id);
    const theirs = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: null,
      amount: "4500.00",
      dueDate: lagosDay(10),
      expectedUpdatedAt: opened,
    });
    expect(theirs.status).toBe(200);
    const stale = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: null,
      amount: "4000.00",
      dueDate: lagosDay(40),
      expectedUpdatedAt: opened,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(EDITED_MEANWHILE);
    const [row] = await server.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ amount: 4_500_00, dueDate: lagosDay(10) });
    expect((await auditEntries(invoice.id)).map((entry) => entry.action)).toEqual(["invoice.update"]);
    // Marked paid meanwhile: the paid invoice's own refusal, not the edit's.
    await admin.request("POST", `/api/admin/invoices/${invoice.id}/mark-paid`);
    const paidMeanwhile = await admin.request("PATCH", `/api/admin/invoices/${invoice.id}`, {
      projectId: null,
      amount: "4000.00",
      dueDate: lagosDay(40),
      expectedUpdatedAt: theirs.json.updatedAt,
    });
    expect(paidMeanwhile.status).toBe(409);
    expect(paidMeanwhile.json.error.message).toBe(PAID_INVOICE_LOCKED);
  });

  it("answers 409 for a paid invoice, which stays as it was, 404 for no such invoice, 400 for a bad id", async () => {
    const paid = invoiceIds[5] as string;
    const [before] = await server.db.select().from(invoices).where(eq(invoices.id, paid));
    const body = {
      projectId: null,
      amount: "1.00",
      dueDate: lagosDay(30),
      expectedUpdatedAt: await versionOf(server.db, invoices, paid),
    };
    const refused = await admin.request("PATCH", `/api/admin/invoices/${paid}`, body);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(PAID_INVOICE_LOCKED);
    const [after] = await server.db.select().from(invoices).where(eq(invoices.id, paid));
    expect(after).toEqual(before);
    expect((await admin.request("PATCH", `/api/admin/invoices/${randomUUID()}`, body)).status).toBe(404);
    expect((await admin.request("PATCH", "/api/admin/invoices/nope", body)).status).toBe(400);
  });
});

describe("DELETE /api/admin/invoices/:id", () => {
  let socket: LiveSocket;
  beforeAll(async () => {
    socket = await ownerSocket(["invoices", "list"], ["invoices", "summary"]);
  });
  afterAll(() => socket?.close());

  it("deletes an overdue invoice issued by mistake: audited with what it was, live, its client told, the totals follow, its number not reused", async () => {
    const invoice = await insertInvoice(server.db, { clientId: ownerId, amount: 7_000_00, dueDate: lagosDay(-2) });
    const totalsBefore = (await owner.request("GET", "/api/invoices/summary")).json;

    const response = await admin.request("DELETE", `/api/admin/invoices/${invoice.id}`);
    expect(response.status).toBe(204);
    expect(await server.db.select().from(invoices).where(eq(invoices.id, invoice.id))).toEqual([]);

    const pushed = await socket.next((frame) => frame.type === "change" && frame.row?.id === invoice.id);
    expect(pushed).toMatchObject({ op: "delete", row: { id: invoice.id } });
    await socket.next((frame) => frame.type === "invalidate" && frame.key?.[1] === "summary");
    const totalsAfter = (await owner.request("GET", "/api/invoices/summary")).json;
    expect(totalsBefore.pendingAmount - totalsAfter.pendingAmount).toBe(7_000_00);
    expect(totalsBefore.pendingCount - totalsAfter.pendingCount).toBe(1);
    expect((await owner.request("GET", `/api/invoices/${invoice.id}/pdf`)).status).toBe(404);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "invoice"), eq(auditLog.entityId, invoice.id)));
    expect(entry).toMatchObject({
      action: "invoice.delete",
      actorId: await userIdOf(server.db, "admin@lagosstudio.test"),
    });
    expect(entry?.details).toMatchObject({
      before: { invoiceNumber: invoice.invoiceNumber, amount: 7_000_00, status: "overdue", clientId: ownerId },
      after: null,
    });
    const told = await server.db
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.entityId, invoice.id)));
    expect(told).toEqual([{ title: `Invoice ${invoice.invoiceNumber} withdrawn`, kind: "invoice_issued" }]);
    // The client's bell shows it, though the invoice it names is gone.
    const bell = (await owner.request("GET", "/api/notifications")).json.items as { title: string }[];
    expect(bell.map((notice) => notice.title)).toContain(`Invoice ${invoice.invoiceNumber} withdrawn`);

    const next = await admin.request("POST", "/api/admin/invoices", {
      clientId: ownerId,
      projectId: null,
      amount: "1.00",
      dueDate: lagosDay(10),
    });
    expect(next.status).toBe(201);
    expect(next.json.invoiceNumber).not.toBe(invoice.invoiceNumber);
  });

  it("answers 409 for a paid invoice, which stays, 404 for no such invoice (or one already deleted), 400 for a bad id", async () => {
    const paid = invoiceIds[5] as string;
    const [before] = await server.db.select().from(invoices).where(eq(invoices.id, paid));
    const refused = await admin.request("DELETE", `/api/admin/invoices/${paid}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(PAID_INVOICE_KEPT);
    const [after] = await server.db.select().from(invoices).where(eq(invoices.id, paid));
    expect(after).toEqual(before);
    expect((await admin.request("DELETE", `/api/admin/invoices/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("DELETE", "/api/admin/invoices/nope")).status).toBe(400);
  });
});

describe("the summary the payments cards read", () => {
  it("gives an administrator revenue (paid) and pending (everything not paid, overdue included) over all invoices", async () => {
    const summary = (await admin.request("GET", "/api/invoices/summary")).json;
    const [row] = await server.db
      .select({
        paid: sql<number>`coalesce(sum(amount_minor) filter (where status = 'paid'), 0)::bigint`.mapWith(Number),
        pending: sql<number>`coalesce(sum(amount_minor) filter (where status <> 'paid'), 0)::bigint`.mapWith(Number),
        pendingCount: sql<number>`count(*) filter (where status <> 'paid')`.mapWith(Number),
      })
      .from(invoices);
    expect(summary).toMatchObject({
      paidAmount: row?.paid,
      pendingAmount: row?.pending,
      pendingCount: row?.pendingCount,
    });
  });
});

describe("the pickers", () => {
  it("offers active clients by the start of name or e-mail, bounded, and a client's own projects only", async () => {
    const found = (await admin.request("GET", `/api/admin/client-options?q=${TAG}%20payer&limit=5`)).json;
    expect(found).toHaveLength(5);
    expect(found[0]).toMatchObject({ fullName: `${TAG.toUpperCase()} Payer 01`, email: `payer01.${TAG}@example.test` });
    expect((await admin.request("GET", "/api/admin/client-options?limit=101")).status).toBe(400);
    const developers = (await admin.request("GET", "/api/admin/developer-options")).json as { email: string }[];
    expect(developers.map((person) => person.email)).toContain("tunde@lagosstudio.test");
    expect(developers.map((person) => person.email)).not.toContain("admin@lagosstudio.test");
    expect((await admin.request("GET", `/api/admin/project-options?clientId=${clientIds[0]}`)).json).toEqual([]);
  });

  it("finds a client's projects by the start of their title, newest first, never another client's", async () => {
    const [mine, theirs] = [clientIds[2] as string, clientIds[3] as string];
    const older = await createProject(server.db, mine, { title: "Website refresh", daysAgo: 2 });
    const newer = await createProject(server.db, mine, { title: "website launch", daysAgo: 1 });
    await createProject(server.db, mine, { title: "Brand book" });
    await createProject(server.db, theirs, { title: "Website for them" });
    const options = (q: string) =>
      admin.request("GET", `/api/admin/project-options?clientId=${mine}&q=${encodeURIComponent(q)}`);
    expect((await options("  WEBSITE ")).json).toEqual([
      { id: newer.id, title: "website launch" },
      { id: older.id, title: "Website refresh" },
    ]);
    expect((await options("website r")).json).toEqual([{ id: older.id, title: "Website refresh" }]);
    expect((await options("nothing starts so")).json).toEqual([]);
    expect((await options("x".repeat(101))).status).toBe(400);
  });
});
