import type { Dashboard } from "../../../common/api";
import { api } from "../../lib/api";
import { untilNextLagosDay } from "../invoices/api";

/** The live key the server invalidates whenever a change touches this viewer's figures (server/data/dashboard.ts). */
export const dashboardKey = ["dashboard"] as const;

/** One read for the whole screen: counts, sums and the short lists, for the signed-in person's role. */
export const fetchDashboard = () => api.get<Dashboard>("/api/dashboard");

/**
 * The dashboard's read. Read again when a day begins in Lagos, which no write announces: an invoice
 * turns overdue then, and a task comes into (or leaves) the week of tasks due soon.
 */
export const dashboardQuery = {
  queryKey: dashboardKey,
  queryFn: fetchDashboard,
  refetchInterval: () => untilNextLagosDay(),
};
