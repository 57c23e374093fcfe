import type { AdminTableQuery } from "../common/admin-table";
import { adminAnalytics } from "../server/data/admin-analytics";
import { adminDashboard } from "../server/data/admin-dashboard";
import { listBookings } from "../server/data/bookings";
import { listClients } from "../server/data/clients";
import { listDevelopers } from "../server/data/developers";
import { listPayments } from "../server/data/payments";
import type { Db } from "../server/db";
import { type BenchRoute, explainRoutes } from "./portal-large-routes";

/**
 * The admin console's reads bench/admin-large.mjs measures on the large data
 * set, in the shape of bench/portal-large-routes.ts (who asks, the path, and
 * `read`, calling the server/data functions the route's handler calls, whose
 * queries are run again under EXPLAIN). An admin table is one line of
 * `adminTable(...)`: its first page and 100th page sorted by `sort`, and its
 * first page searched for `q`.
 *
 * Run by the bench as `node --import tsx bench/admin-large-routes.ts DATABASE_URL`.
 */

const PAGE_SIZE = 25;
const FAR_PAGE = 100;

/** Three reads of one admin table: page 1 and page 100 sorted by `sort`, and page 1 searched for `q`. */
function adminTable<Q extends AdminTableQuery>(
  name: string,
  path: string,
  list: (db: Db, query: Q) => Promise<unknown>,
  { sort, q }: { sort: string; q: string },
): BenchRoute[] {
  const query = (page: number, search?: string) =>
    ({ page, pageSize: PAGE_SIZE, sort, dir: "asc", ...(search ? { q: search } : {}) }) as Q;
  const url = (page: number, search?: string) =>
    `${path}?page=${page}&pageSize=${PAGE_SIZE}&sort=${sort}&dir=asc${search ? `&q=${encodeURIComponent(search)}` : ""}`;
  return [
    { name: `${name}, page 1 by ${sort}`, as: "admin", path: () => url(1), read: (db) => list(db, query(1)) },
    {
      name: `${name}, page ${FAR_PAGE} by ${sort}`,
      as: "admin",
      path: () => url(FAR_PAGE),
      read: (db) => list(db, query(FAR_PAGE)),
    },
    { name: `${name}, searched "${q}"`, as: "admin", path: () => url(1, q), read: (db) => list(db, query(1, q)) },
  ];
}

export const ADMIN_ROUTES: BenchRoute[] = [
  { name: "admin dashboard", as: "admin", path: () => "/api/admin/dashboard", read: (db) => adminDashboard(db) },
  { name: "admin analytics", as: "admin", path: () => "/api/admin/analytics", read: (db) => adminAnalytics(db) },
  ...adminTable("clients", "/api/admin/clients", listClients, { sort: "name", q: "client1" }),
  ...adminTable("developers", "/api/admin/developers", listDevelopers, { sort: "name", q: "developer1" }),
  ...adminTable("payments", "/api/admin/payments", listPayments, { sort: "number", q: "client1" }),
  ...adminTable("bookings", "/api/admin/bookings", listBookings, { sort: "created", q: "client1" }),
];

if (process.argv[1]?.endsWith("admin-large-routes.ts")) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: node --import tsx bench/admin-large-routes.ts DATABASE_URL");
  console.log(JSON.stringify(await explainRoutes(url, ADMIN_ROUTES)));
}
