import { type AdminAnalytics, REVENUE_MONTHS } from "../../common/admin-analytics";
import { PROJECT_STATUSES, ROLES, TASK_STATUSES } from "../../common/domain";
import { lagosParts } from "../../common/format";
import type { Db } from "../db";
import type { Topic } from "../functions/changes";
import { refetchedOn } from "../live/collection";
import { rules } from "../rules";
import { readCounters } from "./counters";

/**
 * The admin analytics (issue #7, item 11). Every figure is a running total
 * (server/data/counters.ts), so this read is one scan of a few dozen counter
 * rows however many projects, tasks and invoices there are.
 */

/** "YYYY-MM" of `at` in Lagos, and of the months before it: the revenue chart's buckets, oldest first. */
export function lastMonths(at: Date, months = REVENUE_MONTHS): string[] {
  const { year, month: monthNumber } = lagosParts(at);
  const month = monthNumber - 1;
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (months - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/** Completed / all as a percent to one decimal; 0 when there are none. */
export const completionRate = (completed: number, total: number) =>
  total === 0 ? 0 : Math.round((completed / total) * 1000) / 10;

export async function adminAnalytics(db: Db, now = new Date()): Promise<AdminAnalytics> {
  const { get, sumOf } = await readCounters(db, ["users", "projects", "tasks", "orders", "revenue"]);

  const projectStatus = PROJECT_STATUSES.map((status) => ({ status, count: get("projects", status).count }));
  const taskStatus = TASK_STATUSES.map((status) => ({ status, count: get("tasks", status).count }));
  const projects = sumOf("projects").count;
  const completedProjects = get("projects", "completed").count;
  const approved = get("orders", "approved");
  return {
    cards: {
      clients: get("users", "client").count,
      developers: get("users", "developer").count,
      projects,
      completedProjects,
      activeTasks: taskStatus.filter((row) => row.status !== "completed").reduce((sum, row) => sum + row.count, 0),
      revenue: sumOf("revenue").amount,
      activeSubscriptions: approved.count,
      monthlyRevenue: approved.amount,
      completionRate: completionRate(completedProjects, projects),
    },
    projectStatus,
    taskStatus,
    team: ROLES.map((role) => ({ role, count: get("users", role).count })),
    revenueByMonth: lastMonths(now).map((month) => {
      const { count, amount } = get("revenue", month);
      return { month, amount, count };
    }),
  };
}

/** The analytics' live key: administrators refetch it when a project, task, invoice, order or person changes. */
export const adminAnalyticsKey = ["admin", "analytics"] as const;

const analyticsOn = <T extends Topic>(topic: T) => refetchedOn(adminAnalyticsKey, topic, rules.adminConsole.use);

export const adminAnalyticsProjectsLive = analyticsOn("projects");
export const adminAnalyticsTasksLive = analyticsOn("tasks");
export const adminAnalyticsInvoicesLive = analyticsOn("invoices");
export const adminAnalyticsOrdersLive = analyticsOn("service_orders");
/** The clients' and developers' counts and the team overview. */
export const adminAnalyticsPeopleLive = analyticsOn("people");
