import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BookingsQuery, SubscriptionsQuery } from "../../common/admin-catalogue";
import type { BookingSort, SubscriptionSort } from "../../common/admin-table";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import { serviceOrders, services, users } from "../db/schema";
import {
  offsetOf,
  offsetPlaceholder,
  prefixSearchPlaceholders,
  type SearchMatch,
  type TableShape,
  tableOrder,
  tablePage,
  tablePageRead,
  textSearch,
} from "../http/admin-table";
import type { LiveCollection } from "../live/collection";
import { rules } from "../rules";
import { readCounters } from "./counters";
import { hasRole } from "./people";

/** The admin console's Bookings and Subscriptions (issue #7 items 9–10): reads, counts and their live key. */

const bookingColumns = {
  id: serviceOrders.id,
  serviceId: serviceOrders.serviceId,
  serviceTitle: services.title,
  clientId: serviceOrders.clientId,
  clientName: users.fullName,
  clientCompany: users.companyName,
  totalAmountMinor: serviceOrders.totalAmount,
  notes: serviceOrders.notes,
  status: serviceOrders.status,
  createdAt: serviceOrders.createdAt,
  updatedAt: serviceOrders.updatedAt,
};

/**
 * The four counters: the orders' running counts per status (analytics_counters, kept by the
 * orders' triggers of migration 0011), one primary-key range however many orders there are.
 */
export async function bookingCounts(db: Db) {
  const counters = await readCounters(db, ["orders"]);
  return {
    total: counters.sumOf("orders").count,
    pending: counters.get("orders", "pending").count,
    approved: counters.get("orders", "approved").count,
    cancelled: counters.get("orders", "cancelled").count,
  };
}

/**
 * Search by the client's name or e-mail (users_role_*_prefix_idx) or the
 * service's title (services_title_prefix_idx): the matching orders as a union
 * of two index reads (service_orders_client_created_idx, service_orders_service_idx),
 * so no search scans every order.
 */
function orderSearch(match: SearchMatch): SQL {
  const byClient = match([sql`lower(${users.fullName})`, sql`lower(${users.email})`]);
  const byService = match([sql`lower(${services.title})`]);
  return sql`${serviceOrders.id} in (
    select o.id from ${serviceOrders} o where o.client_id in (select ${users.id} from ${users} where ${hasRole("client")} and (${byClient}))
    union
    select o.id from ${serviceOrders} o where o.service_id in (select ${services.id} from ${services} where ${byService}))`;
}

const bookingSorts: Record<BookingSort, SQL> = {
  created: sql`${serviceOrders.createdAt}`,
  amount: sql`${serviceOrders.totalAmount}`,
  status: sql`${serviceOrders.status}`,
  client: sql`lower(${users.fullName})`,
  service: sql`lower(${services.title})`,
};

const joined = (db: Db, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof bookingColumns)
    .from(serviceOrders)
    .innerJoin(services, eq(services.id, serviceOrders.serviceId))
    .innerJoin(users, eq(users.id, serviceOrders.clientId));

/** One page of the bookings table, filtered by status and searched, and how many match. */
export async function listBookings(db: Db, query: BookingsQuery) {
  const table = tablePageRead(query);
  const shape = { ...table.shape, status: Boolean(query.status) };
  const values = { ...table.values, status: query.status };
  const [rows, total] = await Promise.all([
    bookingPage(db, shape, values),
    // Unsearched, a status's or every order's running count (bookingCounts); searched, the matches counted.
    shape.search
      ? bookingCount(db, { status: shape.status, search: true }, values).then(([counted]) => counted?.total ?? 0)
      : readCounters(db, ["orders"]).then((counters) =>
          query.status ? counters.get("orders", query.status).count : counters.sumOf("orders").count,
        ),
  ]);
  return tablePage(rows, total, query);
}

const bookingFilter = (shape: { status: boolean; search: boolean }) =>
  and(
    shape.status ? eq(serviceOrders.status, sql.placeholder("status")) : undefined,
    shape.search ? orderSearch(prefixSearchPlaceholders) : undefined,
  );

const bookingPage = preparedRead("bookingPage", (db, shape: TableShape<BookingSort> & { status: boolean }) =>
  joined(db, bookingColumns)
    .where(bookingFilter(shape))
    .orderBy(...tableOrder(bookingSorts[shape.sort], shape.dir, serviceOrders.id))
    .limit(pageLimit(shape.pageSize))
    .offset(offsetPlaceholder(shape.paged)),
);

const bookingCount = preparedRead("bookingCount", (db, shape: { status: boolean; search: boolean }) =>
  db.select({ total: sql<number>`count(*)::int` }).from(serviceOrders).where(bookingFilter(shape)),
);

/** An order's status and owner, read in the approve/cancel transaction with its row locked until commit. */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: serviceOrders.id, status: serviceOrders.status, clientId: serviceOrders.clientId })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, id))
    .for("update");
  return row;
}

const subscriptionColumns = {
  id: serviceOrders.id,
  clientId: serviceOrders.clientId,
  clientName: users.fullName,
  clientCompany: users.companyName,
  serviceTitle: services.title,
  amountMinor: serviceOrders.totalAmount,
  since: serviceOrders.updatedAt,
};

const subscriptionSorts: Record<SubscriptionSort, SQL> = {
  since: sql`${serviceOrders.updatedAt}`,
  amount: sql`${serviceOrders.totalAmount}`,
  client: sql`lower(${users.fullName})`,
  service: sql`lower(${services.title})`,
};

/**
 * Approved orders as active subscriptions, a page at a time
 * (service_orders_status_updated_idx / _status_amount_idx), and the monthly
 * revenue: every approved order's amount added up.
 */
export async function listSubscriptions(db: Db, query: SubscriptionsQuery) {
  const match = textSearch(query.q);
  const where = and(eq(serviceOrders.status, "approved"), match && orderSearch(match));
  const [rows, approved, searched] = await Promise.all([
    joined(db, subscriptionColumns)
      .where(where)
      .orderBy(...tableOrder(subscriptionSorts[query.sort], query.dir, serviceOrders.id))
      .limit(pageLimit(query.pageSize))
      .offset(offsetOf(query)),
    // Every approved order's count and amount, running (analytics_counters: the orders' triggers, 0011).
    readCounters(db, ["orders"]).then((counters) => counters.get("orders", "approved")),
    match ? db.select({ total: sql<number>`count(*)::int` }).from(serviceOrders).where(where) : undefined,
  ]);
  return {
    ...tablePage(rows as unknown as Subscription[], searched ? Number(searched[0]?.total ?? 0) : approved.count, query),
    monthlyRevenueMinor: approved.amount,
  };
}
type Subscription = {
  id: string;
  clientId: string;
  clientName: string;
  clientCompany: string | null;
  serviceTitle: string;
  amountMinor: number;
  since: Date;
};

/**
 * The Bookings page's live key, for administrators only: any change to an
 * order (a new one, an approval) tells them to refetch the counters, the
 * table and the sidebar's pending badge.
 */
export const adminBookingsKey = ["admin", "bookings"] as const;

const isBookingsKey = (key: readonly (string | number)[]) =>
  key.length === adminBookingsKey.length && adminBookingsKey.every((part, i) => key[i] === part);

const isAdminActor = (actor: Parameters<typeof rules.users.scope>[0]) => rules.users.scope(actor).kind === "all";

export const adminBookingsLive: LiveCollection<"service_orders"> = {
  topic: "service_orders",
  async authorize(_db, actor, key) {
    if (!isBookingsKey(key)) return undefined;
    return isAdminActor(actor);
  },
  async resolve() {
    const invalidate = { invalidate: true as const };
    return [{ key: adminBookingsKey, pushFor: (actor) => (isAdminActor(actor) ? invalidate : undefined) }];
  },
};
