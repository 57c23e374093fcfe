import { runLargeBench } from "./large-harness.mjs";

/**
 * The admin console on the large data set on PostgreSQL: the dashboard, the
 * analytics, and each admin table's first and 100th page sorted and its first
 * page searched, sorted and in the table's default order (bench/admin-large-routes.ts),
 * their plans and p95 at 50
 * connections (bench/large-harness.mjs says how).
 *
 *   node bench/admin-large.mjs [--scale 1] [--seed 1] [--duration 10] [--keep]
 *
 * Bars (issue #7): p95 < 30 ms per read, and no sequential scan of a large table.
 */
await runLargeBench({ benchName: "admin-large", routesFile: "bench/admin-large-routes.ts", barP95Ms: 30 });
