import {
  type AdminTableQuery,
  BOOKING_TABLE_DEFAULTS,
  CLIENT_TABLE_DEFAULTS,
  DEVELOPER_TABLE_DEFAULTS,
  PAYMENT_TABLE_DEFAULTS,
  type TableDefaults,
} from "../common/admin-table";
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

/**
 * Four reads of one admin table: page 1 and page 100 sorted by `sort`, page 1 searched for `q`, and
 * the same search in the table's default order (`defaults`), which is what typing in its search box
 * gives: "client1" newest first read 8,000 clients for its page before S17's change. With `one`, a
 * fifth: a search for one client in that order (payments for one client read every newer invoice).
 */
function adminTable<Q extends AdminTableQuery>(
  name: string,
  path: string,
  list: (db: Db, query: Q) => Promise<unknown>,
  { sort, q, defaults, one }: { sort: string; q: string; defaults: TableDefaults<string>; one?: string },
): BenchRoute[] {
  /** One read: the `page` of the table in `order`, searched for `search` when given. */
  const route = (label: string, page: number, search?: string, order = { sort, dir: "asc" }): BenchRoute => {
    const query = { page, pageSize: PAGE_SIZE, ...order, ...(search ? { q: search } : {}) } as Q;
    const url = `${path}?page=${page}&pageSize=${PAGE_SIZE}&sort=${order.sort}&dir=${order.dir}${search ? `&q=${encodeURIComponent(search)}` : ""}`;
    return { name: `${name}, ${label}`, as: "admin", path: () => url, read: (db) => list(db, query) };
  };
  const inDefaultOrder = `by ${defaults.sort} ${defaults.dir}`;
  return [
    route(`page 1 by ${sort}`, 1),
    route(`page ${FAR_PAGE} by ${sort}`, FAR_PAGE),
    route(`searched "${q}"`, 1, q),
    route(`searched "${q}" ${inDefaultOrder} (the default)`, 1, q, defaults),
    // One person's rows, in the default order: few matches, anywhere in that order.
    ...(one ? [route(`searched "${one}" (one client) ${inDefaultOrder}`, 1, one, defaults)] : []),
  ];
}

export const ADMIN_ROUTES: BenchRoute[] = [
  { name: "admin dashboard", as: "admin", path: () => "/api/admin/dashboard", read: (db) => adminDashboard(db) },
  { name: "admin analytics", as: "admin", path: () => "/api/admin/analytics", read: (db) => adminAnalytics(db) },
  ...adminTable("clients", "/api/admin/clients", listClients, {
    sort: "name",
    q: "client1",
    defaults: CLIENT_TABLE_DEFAULTS,
    one: "client10000",
  }),
  ...adminTable("developers", "/api/admin/developers", listDevelopers, {
    sort: "name",
    q: "developer1",
    defaults: DEVELOPER_TABLE_DEFAULTS,
  }),
  ...adminTable("payments", "/api/admin/payments", listPayments, {
    sort: "number",
    q: "client1",
    defaults: PAYMENT_TABLE_DEFAULTS,
    one: "client10000",
  }),
  ...adminTable("bookings", "/api/admin/bookings", listBookings, {
    sort: "created",
    q: "client1",
    defaults: BOOKING_TABLE_DEFAULTS,
  }),
];

if (process.argv[1]?.endsWith("admin-large-routes.ts")) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: node --import tsx bench/admin-large-routes.ts DATABASE_URL");
  console.log(JSON.stringify(await explainRoutes(url, ADMIN_ROUTES)));
}
