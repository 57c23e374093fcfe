import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminAnalytics } from "../../common/admin-analytics";
import { ORDER_STATUSES, PROJECT_STATUSES, ROLES, TASK_STATUSES } from "../../common/domain";
import { invoices, projects, serviceOrders, tasks, users } from "../../server/db/schema";
import { createClients } from "../support/clients";
import { insertInvoice, lagosDay } from "../support/invoices";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createService } from "../support/services";

/**
 * The admin analytics (issue #7, item 11): who may read them, the figures on a
 * known data set, and, after a long random run of writes through the database
 * and the API, the same figures as a full recount in plain SQL (and each
 * client's running invoice count, which the payments search adds up, as theirs).
 */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;
let clientId: string;
let serviceId: string;

const analytics = async () => {
  const response = await admin.request("GET", "/api/admin/analytics");
  expect(response.status).toBe(200);
  return response.json as AdminAnalytics;
};

/** "YYYY-MM" in Lagos, `back` months before this one. */
function lagosMonth(back: number): string {
  const [year, month] = lagosDay(0).split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(year, month - 1 - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
/** Mid-month noon: the same month in Lagos and in UTC. */
const inMonth = (back: number, day = 15) => new Date(`${lagosMonth(back)}-${String(day).padStart(2, "0")}T12:00:00Z`);

/** Every figure of the analytics, recounted from the tables with plain SQL (no counters, no server code). */
async function recount(): Promise<AdminAnalytics> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await server.db.execute(query)).rows as T[];
  const people = await rows<{ role: string; n: number }>(
    sql`select role, count(*)::int as n from users where archived_at is null group by role`,
  );
  const projectRows = await rows<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from projects group by status`,
  );
  const taskRows = await rows<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from tasks group by status`,
  );
  const [money] = await rows<{ revenue: string; subs: number; monthly: string }>(sql`select
      (select coalesce(sum(amount_minor), 0) from invoices where status = 'paid')::text as revenue,
      (select count(*) from service_orders where status = 'approved')::int as subs,
      (select coalesce(sum(total_amount_minor), 0) from service_orders where status = 'approved')::text as monthly`);
  const months = await rows<{ month: string; amount: string; n: number }>(sql`
      with months as (
        select to_char(m, 'YYYY-MM') as month from generate_series(
          date_trunc('month', now() at time zone 'Africa/Lagos') - interval '11 months',
          date_trunc('month', now() at time zone 'Africa/Lagos'), interval '1 month') as m)
      select months.month, coalesce(sum(i.amount_minor), 0)::text as amount, count(i.id)::int as n
      from months left join invoices i
        on i.status = 'paid' and to_char(i.paid_date at time zone 'Africa/Lagos', 'YYYY-MM') = months.month
      group by months.month order by months.month`);
  const of = (list: { n: number }[], pick: (row: never) => boolean) =>
    (list as never[]).filter(pick).reduce((sum, row: { n: number }) => sum + row.n, 0);
  const role = (name: string) => of(people, (row: { role: string }) => row.role === name);
  const projectCount = (status: string) => of(projectRows, (row: { status: string }) => row.status === status);
  const taskCount = (status: string) => of(taskRows, (row: { status: string }) => row.status === status);
  const total = of(projectRows, () => true);
  const completed = projectCount("completed");
  return {
    cards: {
      clients: role("client"),
      developers: role("developer"),
      projects: total,
      completedProjects: completed,
      activeTasks: ["todo", "in_progress", "review"].reduce((sum, status) => sum + taskCount(status), 0),
      revenue: Number(money?.revenue),
      activeSubscriptions: money?.subs ?? -1,
      monthlyRevenue: Number(money?.monthly),
      completionRate: total === 0 ? 0 : Number(((completed * 100) / total).toFixed(1)),
    },
    projectStatus: PROJECT_STATUSES.map((status) => ({ status, count: projectCount(status) })),
    taskStatus: TASK_STATUSES.map((status) => ({ status, count: taskCount(status) })),
    team: ROLES.map((name) => ({ role: name, count: role(name) })),
    revenueByMonth: months.map((row) => ({ month: row.month, amount: Number(row.amount), count: row.n })),
  };
}

/** The admin dashboard's counters, read from the same running totals. */
const dashboardCounts = async () => {
  const response = await admin.request("GET", "/api/admin/dashboard");
  expect(response.status).toBe(200);
  return response.json.counts as Record<string, number>;
};
const dashboardRecount = async () =>
  (
    await server.db.execute(sql`select
      (select count(*) from users where role = 'client' and archived_at is null)::int as "clients",
      (select count(*) from users where role = 'developer' and archived_at is null)::int as "developers",
      (select count(*) from projects where status = 'active')::int as "activeProjects",
      (select count(*) from invoices where status in ('unpaid', 'overdue'))::int as "unpaidInvoices"`)
  ).rows[0];

/**
 * The people whose running invoice count (users.invoice_count, the payments search's total) or
 * order counts per status and in all (users.order_counts and order_count, the bookings' and
 * subscriptions') differ from a recount, or with an order whose copy of their name
 * (service_orders.client_sort_key, the tables' client sort) is not their name now.
 */
const miscountedClients = async () =>
  (
    await server.db.execute(sql`select u.email from users u
      where u.invoice_count <> (select count(*) from invoices i where i.client_id = u.id)
        or u.order_counts <> coalesce((select jsonb_object_agg(status, n) from (select status, count(*) as n
          from service_orders o where o.client_id = u.id group by status) c), '{}')
        or u.order_count <> (select count(*) from service_orders o where o.client_id = u.id)
        or exists (select 1 from service_orders o where o.client_id = u.id and o.client_sort_key <> lower(u.full_name))
      order by u.email`)
  ).rows;

/** The services whose running order counts per status (analytics_counters' service_orders, 0045) differ from a recount. */
const miscountedServices = async () =>
  (
    await server.db.execute(sql`select bucket from
        (select service_id::text || '|' || status as bucket, count(*)::int as n from service_orders group by 1) t
        full join (select bucket, count::int as n from analytics_counters where metric = 'service_orders' and count <> 0) c
        using (bucket)
      where t.n is distinct from c.n order by bucket`)
  ).rows;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
  serviceId = (await createService(server.db, { price: 45_000_00 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe("who may read the analytics", () => {
  it("answers 401 signed out and 403 for clients and developers", async () => {
    expect((await server.client().request("GET", "/api/admin/analytics")).status).toBe(401);
    expect((await client.request("GET", "/api/admin/analytics")).status).toBe(403);
    expect((await developer.request("GET", "/api/admin/analytics")).status).toBe(403);
  });
});

describe("GET /api/admin/analytics", () => {
  it("equals the recount of the seeded data from the start", async () => {
    expect(await analytics()).toEqual(await recount());
  });

  it("shows the known figures of a small data set", async () => {
    await server.db.execute(sql`truncate projects, tasks, invoices, service_orders cascade`);
    const empty = await analytics();
    expect(empty.cards).toMatchObject({ projects: 0, completedProjects: 0, activeTasks: 0, revenue: 0 });
    expect(empty.cards.completionRate).toBe(0);
    expect(empty.revenueByMonth).toHaveLength(12);
    expect(empty.revenueByMonth.every((month) => month.amount === 0 && month.count === 0)).toBe(true);

    const before = empty.cards;
    const tag = randomUUID().slice(0, 6);
    const [c1, c2] = await createClients(server.db, [
      { fullName: `Analytics ${tag} One`, email: `one.${tag}@example.test` },
      { fullName: `Analytics ${tag} Two`, email: `two.${tag}@example.test` },
    ]);
    await server.db
      .insert(users)
      .values({ id: randomUUID(), fullName: `Dev ${tag}`, email: `dev.${tag}@example.test`, role: "developer" });
    await server.db
      .update(users)
      .set({ archivedAt: new Date() })
      .where(eq(users.id, c2 as string));

    const statuses = ["active", "active", "completed", "completed", "completed", "on_hold", "cancelled"] as const;
    await server.db
      .insert(projects)
      .values(statuses.map((status, i) => ({ title: `Known ${i}`, clientId: c1 as string, status })));
    const taskStatuses = ["todo", "todo", "in_progress", "review", "completed", "completed", "completed"] as const;
    await server.db
      .insert(tasks)
      .values(taskStatuses.map((status, i) => ({ title: `Known task ${i}`, status, createdBy: adminId })));
    await insertInvoice(server.db, {
      clientId: c1 as string,
      amount: 100_000,
      status: "paid",
      paidDate: inMonth(0, 2),
    });
    await insertInvoice(server.db, { clientId: c1 as string, amount: 250_050, status: "paid", paidDate: inMonth(2) });
    await insertInvoice(server.db, { clientId: c1 as string, amount: 7_000, status: "paid", paidDate: inMonth(2, 20) });
    // Paid 13 months ago: part of the revenue, before the chart's twelve months.
    await insertInvoice(server.db, { clientId: c1 as string, amount: 500_000, status: "paid", paidDate: inMonth(13) });
    await insertInvoice(server.db, { clientId: c1 as string, amount: 999_999, status: "unpaid" });
    for (const [status, totalAmount] of [
      ["approved", 150_000],
      ["approved", 80_000],
      ["pending", 1_000_000],
      ["cancelled", 2_000_000],
    ] as const) {
      await server.db.insert(serviceOrders).values({ serviceId, clientId: c1 as string, totalAmount, status });
    }

    const known = await analytics();
    expect(known.cards).toEqual({
      clients: before.clients + 1,
      developers: before.developers + 1,
      projects: 7,
      completedProjects: 3,
      activeTasks: 4,
      revenue: 857_050,
      activeSubscriptions: 2,
      monthlyRevenue: 230_000,
      completionRate: 42.9,
    });
    expect(known.projectStatus).toEqual([
      { status: "active", count: 2 },
      { status: "completed", count: 3 },
      { status: "on_hold", count: 1 },
      { status: "cancelled", count: 1 },
    ]);
    expect(known.taskStatus.map((row) => row.count)).toEqual([2, 1, 1, 3]);
    expect(known.revenueByMonth.map((row) => row.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => lagosMonth(11 - i)),
    );
    expect(known.revenueByMonth.at(-1)).toEqual({ month: lagosMonth(0), amount: 100_000, count: 1 });
    expect(known.revenueByMonth.at(-3)).toEqual({ month: lagosMonth(2), amount: 257_050, count: 2 });
    expect(known.revenueByMonth.filter((row) => row.amount === 0)).toHaveLength(10);
    expect(known).toEqual(await recount());
  });

  it("a rolled-back write leaves every figure as it was", async () => {
    const before = await analytics();
    await expect(
      server.db.transaction(async (tx) => {
        await tx.insert(projects).values({ title: "Rolled back", clientId, status: "completed" });
        await tx.update(tasks).set({ status: "completed" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await analytics()).toEqual(before);
  });
});

/** A small seeded PRNG (mulberry32): the same seed, the same run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)] as T;
    },
  };
}

describe("the figures after a random run of changes", () => {
  const SEED = Number(process.env.ANALYTICS_SEED ?? 20261123);
  const STEPS = 200;

  it(`equal a full recount in plain SQL (seed ${SEED}, ${STEPS} steps)`, async () => {
    const random = prng(SEED);
    const db = server.db;
    const ids = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)).rows as { id: string }[]).map((row) => row.id);
    const someId = async (table: string, where = sql`true`) =>
      (await ids(sql`select id from ${sql.identifier(table)} where ${where} order by id`))[0];
    const person = async () => random.pick(await ids(sql`select id from users where role = 'client' order by id`));
    const paidDate = () => inMonth(random.int(15), 1 + random.int(27));
    const steps: Record<string, () => Promise<unknown>> = {
      async addProject() {
        await db
          .insert(projects)
          .values({ title: "Random project", clientId: await person(), status: random.pick(PROJECT_STATUSES) });
      },
      async moveProject() {
        const id = await someId("projects", sql`md5(id::text || ${random.next()}) < '8'`);
        if (id)
          await db
            .update(projects)
            .set({ status: random.pick(PROJECT_STATUSES) })
            .where(eq(projects.id, id));
      },
      async renameProject() {
        await db.update(projects).set({ title: `Renamed ${random.int(1000)}` });
      },
      async deleteProject() {
        const id = await someId("projects", sql`not exists (select 1 from invoices where project_id = projects.id)`);
        if (id) await db.delete(projects).where(eq(projects.id, id));
      },
      async addTasks() {
        const n = 1 + random.int(4);
        await db.insert(tasks).values(
          Array.from({ length: n }, () => ({
            title: "Random task",
            status: random.pick(TASK_STATUSES),
            createdBy: adminId,
          })),
        );
      },
      async taskStatusThroughApi() {
        const id = await someId("tasks", sql`md5(id::text || ${random.next()}) < '8'`);
        if (!id) return;
        const response = await admin.request("PATCH", `/api/tasks/${id}/status`, {
          status: random.pick(TASK_STATUSES),
        });
        expect(response.status).toBe(200);
      },
      async bulkTaskMove() {
        const from = random.pick(TASK_STATUSES);
        await db
          .update(tasks)
          .set({ status: random.pick(TASK_STATUSES) })
          .where(eq(tasks.status, from));
      },
      async deleteTasks() {
        const some = (await ids(sql`select id from tasks order by md5(id::text || ${random.next()}) limit 3`)).slice(
          0,
          random.int(4),
        );
        if (some.length > 0) await db.delete(tasks).where(inArray(tasks.id, some));
      },
      async addInvoice() {
        const paid = random.next() < 0.5;
        await insertInvoice(db, {
          clientId: await person(),
          amount: random.int(1_000_000),
          status: paid ? "paid" : "unpaid",
          paidDate: paid ? paidDate() : null,
          // Some unpaid ones past their due date: shown overdue, still counted unpaid.
          dueDate: lagosDay(random.int(40) - 20),
        });
      },
      async payInvoice() {
        const id = await someId("invoices", sql`status <> 'paid' and md5(id::text || ${random.next()}) < '8'`);
        if (id) await db.update(invoices).set({ status: "paid", paidDate: paidDate() }).where(eq(invoices.id, id));
      },
      async changeInvoice() {
        const id = await someId("invoices", sql`md5(id::text || ${random.next()}) < '8'`);
        if (!id) return;
        const change = random.int(3);
        if (change === 0)
          await db
            .update(invoices)
            .set({ amount: random.int(500_000) })
            .where(eq(invoices.id, id));
        else if (change === 1) await db.update(invoices).set({ paidDate: paidDate() }).where(eq(invoices.id, id));
        else await db.update(invoices).set({ status: "unpaid", paidDate: null }).where(eq(invoices.id, id));
      },
      async reassignInvoice() {
        const id = await someId("invoices", sql`md5(id::text || ${random.next()}) < '8'`);
        if (id)
          await db
            .update(invoices)
            .set({ clientId: await person() })
            .where(eq(invoices.id, id));
      },
      async deleteInvoice() {
        const id = await someId("invoices", sql`md5(id::text || ${random.next()}) < '8'`);
        if (id) await db.delete(invoices).where(eq(invoices.id, id));
      },
      async orderThroughApi() {
        const response = await client.request("POST", "/api/orders", { serviceId });
        expect(response.status).toBe(201);
      },
      async addOrder() {
        await db.insert(serviceOrders).values({
          serviceId,
          clientId: await person(),
          totalAmount: random.int(2_000_000),
          status: random.pick(ORDER_STATUSES),
        });
      },
      async moveOrder() {
        const id = await someId("service_orders", sql`md5(id::text || ${random.next()}) < '8'`);
        if (!id) return;
        const status = random.pick(["approved", "cancelled", "approved", "pending"] as const);
        await db.update(serviceOrders).set({ status }).where(eq(serviceOrders.id, id));
      },
      async repriceOrder() {
        const id = await someId("service_orders", sql`status = 'approved' and md5(id::text || ${random.next()}) < '8'`);
        if (id)
          await db
            .update(serviceOrders)
            .set({ totalAmount: random.int(900_000) })
            .where(eq(serviceOrders.id, id));
      },
      async reassignOrder() {
        const id = await someId("service_orders", sql`md5(id::text || ${random.next()}) < '8'`);
        if (id)
          await db
            .update(serviceOrders)
            .set({ clientId: await person() })
            .where(eq(serviceOrders.id, id));
      },
      async renameClient() {
        const id = await person();
        await db
          .update(users)
          .set({ fullName: `${random.pick(["Ada", "bola", "Chidi", "dayo"])} Renamed ${random.int(1000)}` })
          .where(eq(users.id, id));
      },
      async renameThroughApi() {
        const response = await client.request("PATCH", "/api/me", { fullName: `Chinedu ${random.int(1000)}` });
        expect(response.status).toBe(200);
      },
      async deleteOrder() {
        const id = await someId("service_orders", sql`md5(id::text || ${random.next()}) < '8'`);
        if (id) await db.delete(serviceOrders).where(eq(serviceOrders.id, id));
      },
      async addPeople() {
        const tag = randomUUID().slice(0, 8);
        await db.insert(users).values(
          Array.from({ length: 1 + random.int(3) }, (_, i) => ({
            id: randomUUID(),
            fullName: `Random ${tag} ${i}`,
            email: `random.${tag}.${i}@example.test`,
            role: random.pick(ROLES),
          })),
        );
      },
      async changeRole() {
        const id = await someId("users", sql`email like 'random.%' and md5(id || ${random.next()}) < '8'`);
        if (id)
          await db
            .update(users)
            .set({ role: random.pick(ROLES) })
            .where(eq(users.id, id));
      },
      async deactivateThroughApi() {
        const id = await someId("users", sql`role = 'client' and archived_at is null and email like 'random.%'`);
        if (!id) return;
        const response = await admin.request("DELETE", `/api/admin/clients/${id}`);
        expect(response.status).toBe(200);
      },
      async archiveOrRestore() {
        const id = await someId("users", sql`email like 'random.%' and md5(id || ${random.next()}) < '8'`);
        if (!id) return;
        const archived = random.next() < 0.5 ? new Date() : null;
        await db.update(users).set({ archivedAt: archived }).where(eq(users.id, id));
      },
      async rolledBack() {
        const owner = await person();
        await db
          .transaction(async (tx) => {
            await tx.insert(projects).values({ title: "Never", clientId: owner, status: "completed" });
            await tx.update(invoices).set({ status: "paid", paidDate: new Date() });
            throw new Error("rolled back");
          })
          .catch(() => undefined);
      },
    };
    const names = Object.keys(steps);
    const ran: string[] = [];
    // Which figures the run moved away from nothing at some checkpoint: the rows picked are random
    // UUIDs, so the state at any one checkpoint differs from run to run; over eight it does not.
    const saw = { monthlyRevenue: false, projects: false, activeSubscriptions: false, revenue: false };
    for (let step = 0; step < STEPS; step++) {
      const name = random.pick(names);
      ran.push(name);
      await steps[name]?.();
      if (step % 25 === 24) {
        const figures = await analytics();
        expect(figures, `after step ${step} (${name})`).toEqual(await recount());
        expect(await dashboardCounts(), `dashboard after step ${step} (${name})`).toEqual(await dashboardRecount());
        expect(await miscountedClients(), `invoice and order counts after step ${step} (${name})`).toEqual([]);
        expect(await miscountedServices(), `orders per service after step ${step} (${name})`).toEqual([]);
        if (figures.revenueByMonth.some((month) => month.amount > 0)) saw.monthlyRevenue = true;
        if (figures.cards.projects > 0) saw.projects = true;
        if (figures.cards.activeSubscriptions > 0) saw.activeSubscriptions = true;
        if (figures.cards.revenue > 0) saw.revenue = true;
      }
    }
    // Every kind of change ran, and the run moved every figure away from nothing.
    expect(new Set(ran).size).toBe(names.length);
    const final = await analytics();
    expect(final).toEqual(await recount());
    expect(await miscountedClients()).toEqual([]);
    expect(await miscountedServices()).toEqual([]);
    expect(saw).toEqual({ monthlyRevenue: true, projects: true, activeSubscriptions: true, revenue: true });
  }, 180_000);
});
