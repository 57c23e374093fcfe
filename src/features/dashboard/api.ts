import type { Dashboard } from "../../../common/api";
import { api } from "../../lib/api";
import { untilNextLagosDay } from "../invoices/api";

/**
 * The dashboard's read: counts, sums and the short lists, for the signed-in person's role, under the live
 * key the server invalidates whenever a change touches this viewer's figures (server/data/dashboard.ts).
 * Read again when a day begins in Lagos, which no write announces: an invoice turns overdue then, and a
 * task comes into (or leaves) the week of tasks due soon.
 */
export const dashboardQuery = {
  queryKey: ["dashboard"] as const,
  queryFn: () => api.get<Dashboard>("/api/dashboard"),
  refetchInterval: () => untilNextLagosDay(),
};
