import type { AuditQuery } from "../common/admin";
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminTableQuery,
  AUDIT_TABLE_DEFAULTS,
  BOOKING_TABLE_DEFAULTS,
  CLIENT_TABLE_DEFAULTS,
  DEVELOPER_TABLE_DEFAULTS,
  ENQUIRY_TABLE_DEFAULTS,
  PAYMENT_TABLE_DEFAULTS,
  STAFF_TABLE_DEFAULTS,
  SUBSCRIPTION_TABLE_DEFAULTS,
  type TableDefaults,
} from "../common/admin-table";
import { INVOICES_PAGE_SIZE } from "../common/domain";
import { adminAnalytics } from "../server/data/admin-analytics";
import { adminDashboard } from "../server/data/admin-dashboard";
import { auditFilterChoices, listAuditLog } from "../server/data/audit-log";
import { listBookings, listSubscriptions } from "../server/data/bookings";
import { listClients } from "../server/data/clients";
import { listDevelopers } from "../server/data/developers";
import { listAdminEnquiries } from "../server/data/enquiries";
import { invoiceSummary, listInvoices } from "../server/data/invoices";
import { listPayments } from "../server/data/payments";
import { listStaff } from "../server/data/staff";
import { assignableStaff, taskProjects } from "../server/data/tasks";
import type { Db } from "../server/db";
import { type BenchRoute, explainRoutes, type Ids } from "./portal-large-routes";

/**
 * The admin console's reads bench/admin-large.mjs measures on the large data
 * set, in the shape of bench/portal-large-routes.ts (who asks, the path, and
 * `read`, calling the server/data functions the route's handler calls, whose
 * queries are run again under EXPLAIN). An admin table is one line of
 * `adminTable(...)`: its first page and 100th page sorted by `sort`, its
 * first page searched for `q`, and the reads its options add.
 *
 * Run by the bench as `node --import tsx bench/admin-large-routes.ts DATABASE_URL`.
 */

const FAR_PAGE = 100;

/**
 * Four reads of one admin table: page 1 and page 100 sorted by `sort`, page 1 searched for `q`, and
 * the same search in the table's default order (`defaults`), which is what typing in its search box
 * gives: "client1" newest first read 8,000 clients for its page before S17's change. With `one`, a
 * fifth: a search for one client in that order (payments for one client read every newer invoice).
 * With `filter`, the table's first page in its default order narrowed by that filter (a status).
 * With `farSorts`, page 100 by each of those sorts too (the sorts that read another table's value or
 * one computed from today, and the sorts added since the bench's figures were first taken: enquiries by status, payments by project).
 */
function adminTable<Q extends AdminTableQuery>(
  name: string,
  path: string,
  list: (db: Db, query: Q) => Promise<unknown>,
  {
    sort,
    q,
    defaults,
    one,
    filter,
    farSorts = [],
  }: {
    sort: string;
    q: string;
    defaults: TableDefaults<string>;
    one?: string;
    filter?: Record<string, string>;
    farSorts?: string[];
  },
): BenchRoute[] {
  /** One read: the `page` of the table in `order`, searched for `search` when given, narrowed by `filters`. */
  const route = (
    label: string,
    page: number,
    search?: string,
    order = { sort, dir: "asc" },
    filters: Record<string, string> = {},
  ): BenchRoute => {
    const params = {
      page: String(page),
      pageSize: String(ADMIN_PAGE_SIZE_DEFAULT),
      ...order,
      ...(search ? { q: search } : {}),
      ...filters,
    };
    const query = { ...params, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT } as unknown as Q;
    const url = `${path}?${new URLSearchParams(params)}`;
    return { name: `${name}, ${label}`, as: "admin", path: () => url, read: (db) => list(db, query) };
  };
  const inDefaultOrder = `by ${defaults.sort} ${defaults.dir}`;
  return [
    route(`page 1 by ${sort}`, 1),
    route(`page ${FAR_PAGE} by ${sort}`, FAR_PAGE),
    ...farSorts.map((other) => route(`page ${FAR_PAGE} by ${other}`, FAR_PAGE, undefined, { sort: other, dir: "asc" })),
    route(`searched "${q}"`, 1, q),
    route(`searched "${q}" ${inDefaultOrder} (the default)`, 1, q, defaults),
    // One person's rows, in the default order: few matches, anywhere in that order.
    ...(one ? [route(`searched "${one}" (one person) ${inDefaultOrder}`, 1, one, defaults)] : []),
    ...(filter ? [route(`${new URLSearchParams(filter)} ${inDefaultOrder}`, 1, undefined, defaults, filter)] : []),
  ];
}

/**
 * The audit log has no search: its first and 100th pages newest first, and by who and by what; its
 * filters by kind, person and days, and two filters with a sort by name or action (a person's entries
 * by action, the entries of one entity by name).
 */
function auditLog(): BenchRoute[] {
  const route = (label: string, page: number, filters: (ids: Ids) => Record<string, string> = () => ({})) => ({
    name: `audit log, ${label}`,
    as: "admin" as const,
    path: (ids: Ids) =>
      `/api/admin/audit?${new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE_DEFAULT), ...filters(ids) })}`,
    read: (db: Db, ids: Ids) =>
      listAuditLog(db, {
        page,
        pageSize: ADMIN_PAGE_SIZE_DEFAULT,
        ...AUDIT_TABLE_DEFAULTS,
        ...filters(ids),
      } as AuditQuery),
  });
  return [
    route("page 1", 1),
    route(`page ${FAR_PAGE}`, FAR_PAGE),
    route("kind=task.update", 1, () => ({ kind: "task.update" })),
    // A developer's entries (about 1 in 330 of the log) and a week of everyone's.
    route("actor=developer1", 1, (ids) => ({ actor: ids.developer })),
    route("from–to a week", 1, () => ({ from: "2024-06-01", to: "2024-06-07" })),
    route(`sort=who page ${FAR_PAGE}`, FAR_PAGE, () => ({ sort: "who" })),
    route(`sort=what&dir=desc page ${FAR_PAGE}`, FAR_PAGE, () => ({ sort: "what", dir: "desc" })),
    route("actor=developer1 sort=what", 1, (ids) => ({ actor: ids.developer, sort: "what" })),
    route("kind=task sort=who", 1, () => ({ kind: "task", sort: "who" })),
    {
      name: "audit log, filter choices",
      as: "admin",
      path: () => "/api/admin/audit/filters",
      read: auditFilterChoices,
    },
  ];
}

export const ADMIN_ROUTES: BenchRoute[] = [
  { name: "admin dashboard", as: "admin", path: () => "/api/admin/dashboard", read: (db) => adminDashboard(db) },
  { name: "admin analytics", as: "admin", path: () => "/api/admin/analytics", read: (db) => adminAnalytics(db) },
  // The Invoices page of an administrator (every client's), and its totals, which Payments shows too.
  {
    name: "invoices (every client's), newest page",
    as: "admin",
    path: () => `/api/invoices?limit=${INVOICES_PAGE_SIZE}`,
    read: (db) => listInvoices(db, { kind: "all" }, { limit: INVOICES_PAGE_SIZE + 1 }),
  },
  {
    name: "invoice totals (every client's; Invoices and Payments)",
    as: "admin",
    path: () => "/api/invoices/summary",
    read: (db) => invoiceSummary(db, { kind: "all" }),
  },
  // Admin › Tasks' filters and dialog: the staff and the projects a task may name, each read again with each
  // search ("developer1" matches 12 of the 100 developers, "project 1" 11,111 titles).
  {
    name: "task assignee options",
    as: "admin",
    path: () => "/api/admin/tasks/assignee-options",
    read: (db) => assignableStaff(db),
  },
  {
    name: "task assignee options, searched",
    as: "admin",
    path: () => "/api/admin/tasks/assignee-options?q=developer1",
    read: (db) => assignableStaff(db, "developer1"),
  },
  {
    name: "task project options",
    as: "admin",
    path: () => "/api/admin/tasks/project-options",
    read: (db) => taskProjects(db),
  },
  {
    name: "task project options, searched",
    as: "admin",
    path: () => "/api/admin/tasks/project-options?q=project%201",
    read: (db) => taskProjects(db, "project 1"),
  },
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
    filter: { status: "pending" },
    farSorts: ["client", "project", "status"],
  }),
  ...adminTable("bookings", "/api/admin/bookings", listBookings, {
    sort: "created",
    q: "client1",
    defaults: BOOKING_TABLE_DEFAULTS,
    one: "client10000",
    filter: { status: "pending" },
    farSorts: ["client", "service"],
  }),
  ...adminTable("subscriptions", "/api/admin/subscriptions", listSubscriptions, {
    sort: "client",
    q: "client1",
    defaults: SUBSCRIPTION_TABLE_DEFAULTS,
    one: "client10000",
    farSorts: ["service"],
  }),
  ...adminTable("enquiries", "/api/admin/enquiries", listAdminEnquiries, {
    sort: "name",
    q: "adaeze",
    defaults: ENQUIRY_TABLE_DEFAULTS,
    one: "enquirer10000",
    filter: { status: "new" },
    farSorts: ["status"],
  }),
  ...adminTable("staff", "/api/admin/staff", listStaff, {
    sort: "name",
    q: "developer1",
    defaults: STAFF_TABLE_DEFAULTS,
  }),
  ...auditLog(),
];

if (process.argv[1]?.endsWith("admin-large-routes.ts")) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: node --import tsx bench/admin-large-routes.ts DATABASE_URL");
  console.log(JSON.stringify(await explainRoutes(url, ADMIN_ROUTES)));
}
