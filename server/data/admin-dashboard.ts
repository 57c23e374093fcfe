import { DASHBOARD_RECENT } from "../../common/admin";
import type { Db } from "../db";
import type { Topic } from "../functions/changes";
import { refetchedOn } from "../live/collection";
import { rules } from "../rules";
import { latestEnquiries } from "./catalogue";
import { readCounters } from "./counters";
import { listOrders } from "./orders";

/** The admin dashboard (issue #7): its counters in one SQL read, and the newest pending bookings and enquiries. */

/**
 * The counters from analytics_counters (server/data/counters.ts): running totals kept by
 * triggers in the writing transaction, so the read does not count 200,000 invoices. An invoice
 * shown as overdue is stored unpaid (shownStatus derives it), so unpaid + overdue = stored unpaid
 * and overdue.
 */
export async function dashboardCounts(db: Db) {
  const counters = await readCounters(db, ["users", "projects", "invoices"]);
  return {
    clients: counters.get("users", "client").count,
    developers: counters.get("users", "developer").count,
    activeProjects: counters.get("projects", "active").count,
    unpaidInvoices: counters.get("invoices", "unpaid").count + counters.get("invoices", "overdue").count,
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

/** The dashboard's live key: a change to what it counts or lists tells administrators to refetch it. */
export const adminDashboardKey = ["admin", "dashboard"] as const;

const dashboardOn = <T extends Topic>(topic: T) => refetchedOn(adminDashboardKey, topic, rules.adminConsole.use);

/**
 * Bookings (pending list), invoices (unpaid counter), projects (active counter) and people (the
 * clients' and developers' counters) change what the dashboard shows.
 */
export const adminDashboardOrdersLive = dashboardOn("service_orders");
export const adminDashboardInvoicesLive = dashboardOn("invoices");
export const adminDashboardProjectsLive = dashboardOn("projects");
export const adminDashboardPeopleLive = dashboardOn("people");
/** The pending bookings name their service: a service retitled refreshes them. */
export const adminDashboardServicesLive = refetchedOn(
  adminDashboardKey,
  "services",
  rules.adminConsole.use,
  (change) => !!change.relabelled,
);
/** The newest enquiries: a new one from /contact (or a status change) refreshes the dashboard too. */
export const adminDashboardEnquiriesLive = dashboardOn("enquiries");
