import { z } from "zod";

/** The admin analytics screen (issue #7, item 11; spec §2 and §7). Amounts are minor units (kobo). */

/** Revenue by month covers the current month (in Lagos) and the 11 before it. */
export const REVENUE_MONTHS = 12;

const count = z.number().int().min(0);

export const adminAnalyticsSchema = z
  .object({
    cards: z.object({
      /** Active accounts by role (deactivated people are not counted). */
      clients: count,
      developers: count,
      projects: count,
      completedProjects: count,
      /** Tasks not completed: todo, in_progress and review. */
      activeTasks: count,
      /** The sum of paid invoices, ever. */
      revenue: z.number().int(),
      /** Approved service orders. */
      activeSubscriptions: count,
      /** The sum of approved orders' totals, shown with "/mo". */
      monthlyRevenue: z.number().int(),
      /** Completed projects / all projects as a percent, to one decimal (0 when there are none). */
      completionRate: z.number(),
    }),
    /** Projects by status, in the order of PROJECT_STATUSES. */
    projectStatus: z.array(z.object({ status: z.string(), count })),
    /** Tasks by status, in the order of TASK_STATUSES. */
    taskStatus: z.array(z.object({ status: z.string(), count })),
    /** Active people by role: administrators, developers, clients. */
    team: z.array(z.object({ role: z.string(), count })),
    /** Paid invoices by the month they were paid (Lagos), oldest first; months with none are 0. */
    revenueByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: z.number().int(), count })),
  })
  .meta({ id: "AdminAnalytics" });
export type AdminAnalytics = z.input<typeof adminAnalyticsSchema>;
