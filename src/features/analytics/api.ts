import type { AdminAnalytics } from "../../../common/admin-analytics";
import { api } from "../../lib/api";

/** The analytics' live key (server/data/admin-analytics.ts adminAnalyticsKey): the server pushes "refetch". */
export const adminAnalyticsKey = ["admin", "analytics"] as const;
export const fetchAdminAnalytics = () => api.get<AdminAnalytics>("/api/admin/analytics");
