import { eq, sql } from "drizzle-orm";
import { DASHBOARD_RECENT } from "../../common/admin";
import type { Db } from "../db";
import { invoices, projects, users } from "../db/schema";
import type { Topic } from "../functions/changes";
import type { LiveCollection } from "../live/collection";
import { rules } from "../rules";
import { latestEnquiries } from "./catalogue";
import { shownStatus } from "./invoices";
import { listOrders } from "./orders";

/** The admin dashboard (issue #7): its counters in one SQL read, and the newest pending bookings and enquiries. */

export async function dashboardCounts(db: Db) {
  const count = (from: unknown) => sql<number>`(${from})::int`;
  const [row] = await db
    .execute<{ clients: number; developers: number; activeProjects: number; unpaidInvoices: number }>(
      sql`select
      ${count(sql`select count(*) from ${users} where ${users.role} = 'client' and ${users.archivedAt} is null`)} as "clients",
      ${count(sql`select count(*) from ${users} where ${users.role} = 'developer' and ${users.archivedAt} is null`)} as "developers",
      ${count(sql`select count(*) from ${projects} where ${eq(projects.status, "active")}`)} as "activeProjects",
      ${count(sql`select count(*) from ${invoices} where ${shownStatus} in ('unpaid', 'overdue')`)} as "unpaidInvoices"`,
    )
    .then((result) => result.rows);
  return {
    clients: Number(row?.clients ?? 0),
    developers: Number(row?.developers ?? 0),
    activeProjects: Number(row?.activeProjects ?? 0),
    unpaidInvoices: Number(row?.unpaidInvoices ?? 0),
  };
}

export async function adminDashboard(db: Db) {
  const [counts, pendingBookings, enquiries] = await Promise.all([
    dashboardCounts(db),
    listOrders(db, { kind: "all" }, { limit: DASHBOARD_RECENT, status: "pending" }),
    latestEnquiries(db, DASHBOARD_RECENT),
  ]);
  return { counts, pendingBookings, enquiries };
}

/** The dashboard's live key: a change to a booking or an invoice tells administrators to refetch it. */
export const adminDashboardKey = ["admin", "dashboard"] as const;

const isDashboardKey = (key: readonly (string | number)[]) =>
  key.length === adminDashboardKey.length && adminDashboardKey.every((part, i) => key[i] === part);

function dashboardOn<T extends Topic>(topic: T): LiveCollection<T> {
  const invalidate = { invalidate: true as const };
  return {
    topic,
    async authorize(_db, actor, key) {
      if (!isDashboardKey(key)) return undefined;
      return rules.users.scope(actor).kind === "all";
    },
    async resolve() {
      return [
        {
          key: adminDashboardKey,
          pushFor: (actor) => (rules.users.scope(actor).kind === "all" ? invalidate : undefined),
        },
      ];
    },
  };
}

/** Bookings (pending list) and invoices (unpaid counter) change what the dashboard shows. */
export const adminDashboardOrdersLive = dashboardOn("service_orders");
export const adminDashboardInvoicesLive = dashboardOn("invoices");
/** The newest enquiries: a new one from /contact (or a status change) refreshes the dashboard too. */
export const adminDashboardEnquiriesLive = dashboardOn("enquiries");
