import { inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { TASK_STATUSES, type TaskStatus } from "../../common/domain";
import type { Db } from "../db";
import { preparedRead } from "../db/prepared";
import { analyticsCounters } from "../db/schema";

/**
 * Running totals in analytics_counters, kept by database triggers in each
 * writing transaction (migrations 0011_analytics_counters_triggers and
 * 0020_developer_dashboard_counters), whatever writes: a read of a figure is a
 * primary-key row however large the counted table grows, and exact, since a
 * rolled-back write rolls its counter back with it.
 *
 * Metrics and their buckets:
 * - users: role (active people only); projects, tasks: status;
 * - orders: status, amount = the orders' totals; invoices: stored status, amount = their amounts;
 * - revenue: paid invoices by the month (YYYY-MM, in Lagos) they were paid, with their amounts;
 * - developer_tasks: `<assignee's id>:<status>` (unassigned tasks are not counted);
 * - developer_projects: a developer's id, counting their assignments;
 * - audit_log: `<entity>|<action>`; enquiries: status (migration 0024_log_counters);
 * - audit_actors: the id of the person an audit entry names (migration 0027_audit_actor_counts);
 * - audit_days: the day in Lagos (YYYY-MM-DD) an audit entry was written (0032_audit_day_counts).
 */
export type CounterMetric =
  | "users"
  | "projects"
  | "tasks"
  | "orders"
  | "service_orders"
  | "invoices"
  | "revenue"
  | "developer_tasks"
  | "developer_projects"
  | "audit_log"
  | "audit_actors"
  | "audit_days"
  | "enquiries";

type Counter = { count: number; amount: number };

/**
 * A developer's tasks by status, as one JSON object inside a statement ({ todo: n, in_progress: n, … }).
 * `developerId` is a prepared read's placeholder; each bucket is written as the trigger writes it
 * (developer id, a colon, the status).
 */
export function developerTaskCounts(developerId: Placeholder): SQL<Record<TaskStatus, number>> {
  return sql<Record<TaskStatus, number>>`json_build_object(${sql.join(
    TASK_STATUSES.map(
      (status) =>
        sql`${status}::text, ${counterValue("developer_tasks", sql`${developerId}::text || ${`:${status}`}::text`)}`,
    ),
    sql`, `,
  )})`;
}

/** One counter's count as a value inside a statement; 0 before its bucket counted anything. */
export function counterValue(metric: CounterMetric, bucket: string | Placeholder | SQL): SQL<number> {
  return sql<number>`coalesce((select ${analyticsCounters.count} from ${analyticsCounters}
    where ${analyticsCounters.metric} = ${metric} and ${analyticsCounters.bucket} = ${bucket}), 0)`;
}

/** The rows of the metrics in `shape.metrics` (comma-separated names from CounterMetric, written into the statement). */
const counterRows = preparedRead("counterRows", (db, shape: { metrics: string }) =>
  db
    .select({
      metric: analyticsCounters.metric,
      bucket: analyticsCounters.bucket,
      count: analyticsCounters.count,
      amount: analyticsCounters.amount,
    })
    .from(analyticsCounters)
    .where(inArray(analyticsCounters.metric, shape.metrics.split(","))),
);

/**
 * The counters of `metrics` with few buckets (not developer_tasks or developer_projects, one per
 * person): a bucket's figures, and a metric's sum, from one primary-key range read.
 */
export async function readCounters(
  db: Db,
  metrics: readonly Exclude<CounterMetric, `developer_${string}` | "audit_days">[],
) {
  const rows = await counterRows(db, { metrics: metrics.join(",") }, {});
  const counters = new Map<string, Counter>();
  for (const row of rows) counters.set(`${row.metric}:${row.bucket}`, { count: row.count, amount: row.amount });
  return {
    get: (metric: CounterMetric, bucket: string): Counter =>
      counters.get(`${metric}:${bucket}`) ?? { count: 0, amount: 0 },
    /** The metric's buckets that count something now, in code-point order. */
    bucketsOf: (metric: CounterMetric): string[] =>
      rows
        .filter((row) => row.metric === metric && row.count > 0)
        .map((row) => row.bucket)
        .sort(),
    /** The metric's sum over its buckets, or over those `bucket` keeps. */
    sumOf: (metric: CounterMetric, bucket: (name: string) => boolean = () => true): Counter =>
      rows
        .filter((row) => row.metric === metric && bucket(row.bucket))
        .reduce((sum, row) => ({ count: sum.count + row.count, amount: sum.amount + row.amount }), {
          count: 0,
          amount: 0,
        }),
  };
}
