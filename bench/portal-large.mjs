import { runLargeBench } from "./large-harness.mjs";

/**
 * The portal on the large data set on PostgreSQL: each client, developer and
 * administrator read of bench/portal-large-routes.ts, its plans and its p95 at
 * 50 connections (bench/large-harness.mjs says how).
 *
 *   node bench/portal-large.mjs [--scale 1] [--seed 1] [--duration 10] [--keep]
 *
 * Bars: p95 < 20 ms per read, and no sequential scan of a large table.
 */
await runLargeBench({ benchName: "portal-large", routesFile: "bench/portal-large-routes.ts", barP95Ms: 20 });
