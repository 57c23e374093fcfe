import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type SelectedFields } from "drizzle-orm/pg-core";
import type { BookingsQuery, SubscriptionsQuery } from "../../common/admin-catalogue";
import type { BookingSort, SubscriptionSort } from "../../common/admin-table";
import type { OrderStatus } from "../../common/domain";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead, preparedValue } from "../db/prepared";
import { analyticsCounters, lastWordOf, serviceOrders, services, users } from "../db/schema";
import {
  countedOwnersPage,
  offsetPlaceholder,
  opaquePrefixSearchPlaceholders,
  PLANNED_APART,
  prefixSearchPlaceholders,
  type SearchMatch,
  searchedPage,
  sortedMatchesPage,
  type TableShape,
  tableOrder,
  tablePage,
  tablePageRead,
} from "../http/admin-table";
import { refetchedOn } from "../live/collection";
import { rules } from "../rules";
import { readCounters } from "./counters";
import { orderColumns } from "./orders";

/** The admin console's Bookings and Subscriptions (issue #7 items 9–10): reads, counts and their live key. */

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

type OrderSort = BookingSort | SubscriptionSort;

/**
 * Each sort of the two tables. Created, since (when approved: the row's last update), amount and
 * status read their indexes (service_orders_created_idx, _status_updated_idx, _amount_idx,
 * _status_id_idx); client reads the order's copy of its client's name (client_sort_key, kept by
 * migration 0028's triggers) on service_orders_client_sort_idx or _status_client_sort_idx; service
 * walks the few services in title order by their running counts (countedByService).
 */
const orderSorts: Record<OrderSort, SQL> = {
  created: sql`${serviceOrders.createdAt}`,
  since: sql`${serviceOrders.updatedAt}`,
  amount: sql`${serviceOrders.totalAmount}`,
  status: sql`${serviceOrders.status}`,
  client: sql`${serviceOrders.clientSortKey}`,
  service: sql`lower(${services.title})`,
};

/**
 * By client: by name, then the client (two clients of one name keep their orders apart), then the
 * order; by service likewise, by title, then the service, then the order.
 */
const ownerOf: Partial<Record<OrderSort, AnyPgColumn>> = { client: serviceOrders.clientId, service: services.id };
const orderOf = (shape: Pick<TableShape<OrderSort>, "sort" | "dir">) => {
  const owner = ownerOf[shape.sort];
  if (!owner) return tableOrder(orderSorts[shape.sort], shape.dir, serviceOrders.id);
  return [
    ...tableOrder(orderSorts[shape.sort], shape.dir, owner),
    ...tableOrder(serviceOrders.id, shape.dir, undefined),
  ];
};

/** An order's sort value as one value: by client, the client's name, then the client; by service, likewise. */
const sortValueOf = (sort: OrderSort) => {
  const owner = ownerOf[sort];
  return owner ? sql`(${orderSorts[sort]}, ${owner})` : orderSorts[sort];
};

/**
 * The search: orders whose client's name or e-mail starts with the text (users_role_*_prefix_idx)
 * or whose service's title does (services_title_prefix_idx), as two uncorrelated subqueries, so
 * PostgreSQL reads the matching clients and services once (and hashes them, walking a sort).
 * An order's client is always a client: only clients order, and nobody's role becomes or leaves
 * client (server/routes/admin-staff.ts changes staff only).
 */
function orderSearch(match: SearchMatch) {
  const clientsWhere = clientMatches(match, client);
  const clientIds = sql`select ${client.id} from ${users} ${sql.identifier("client")} where ${clientsWhere}`;
  const serviceIds = sql`select service.id from ${services} service where ${match([sql`lower(service.title)`])}`;
  return { clientsWhere, clientIds, serviceIds };
}

/** The clients the search's subqueries read, and an order's client in a page chosen among the matches. */
const client = alias(users, "client");
const buyer = alias(users, "buyer");

const clientMatches = (match: SearchMatch, person: Record<"role" | "fullName" | "email", AnyPgColumn>) =>
  sql`${person.role} = 'client' and ${match([sql`lower(${person.fullName})`, lastWordOf(person.fullName), sql`lower(${person.email})`])}`;

/** The orders a table shows: of one status when `status` (the `status` placeholder). */
const statusFilter = (shape: { status: boolean }) =>
  shape.status ? eq(serviceOrders.status, sql.placeholder("status")) : undefined;

/** How a page's ids are chosen: walking the sort's index (`walk`), or among the matches of a search (`matches`). */
type OrderShape = TableShape<OrderSort> & { status: boolean; pick: "walk" | "matches" };

/** What a page is read with: the orders alone, or with their services when the sort is theirs. */
function ordersSortedBy<C extends SelectedFields>(db: Db | Tx, sort: OrderSort, columns: C) {
  const from = db.select(columns).from(serviceOrders);
  return sort === "service" ? from.innerJoin(services, eq(services.id, serviceOrders.serviceId)) : from;
}

/**
 * A page of either table: its 25 orders chosen on service_orders (and, sorted by service, the
 * services) alone, then only those joined to their client and service. Joined first, page 100 of
 * the bookings newest first looked up the client of each of the 2,500 orders before it (24 ms at
 * 100,000 orders). A searched page is chosen as the number of its matches says (FEW_MATCHES):
 * among the matches, or walking the sort's index. Sorted by service, the sort on another table, it
 * is always chosen among the matches: walked through a join, the search's subqueries filter each
 * joined row's orders in a nested loop, where PostgreSQL charges building their hash to every row it
 * visits, so it chose to hash every order of the status instead (so measured when the client sort
 * was on users: the subscriptions by client searched for "client1", 56 ms walked, ~1 ms among the
 * matches).
 */
const orderPage = preparedRead("orderPage", (db, shape: OrderShape) => {
  const pageIds = shape.pick === "matches" ? matchingOrderIds(db, shape) : walkedOrderIds(db, shape);
  return joined(db, orderColumns)
    .where(inArray(serviceOrders.id, pageIds))
    .orderBy(...orderOf(shape));
});

const walkedOrderIds = (db: Db | Tx, shape: OrderShape) => {
  // Searched, a page by service is always chosen among the matches (orderPage).
  if (shape.sort === "service" && !shape.search) return countedByService(shape);
  const search = shape.search ? orderSearch(prefixSearchPlaceholders) : undefined;
  return ordersSortedBy(db, shape.sort, { id: serviceOrders.id })
    .where(
      and(
        statusFilter(shape),
        search &&
          sql`(${serviceOrders.clientId} in (${search.clientIds}) or ${serviceOrders.serviceId} in (${search.serviceIds}))`,
      ),
    )
    .orderBy(...orderOf(shape))
    .limit(pageLimit(shape.pageSize))
    .offset(offsetPlaceholder(shape.paged));
};

/**
 * A page by service, never searched (a search's page by service is chosen among its matches), by
 * countedOwnersPage: the few services in title order with their running order counts of the status
 * (analytics_counters' service_orders, migration 0045), each one's orders by id
 * (service_orders_service_idx, _status_service_idx). Page 100 of 100,000 orders: 0.63 ms of
 * PostgreSQL's time; joined and sorted, every order of the status was read and sorted, 44 ms; each
 * service's orders walked from the first, 2.9.
 */
function countedByService(shape: OrderShape) {
  const bucketPart = (part: number) => sql`split_part(${analyticsCounters.bucket}, '|', ${sql.raw(String(part))})`;
  const counted = sql`select ${bucketPart(1)} as service_id, sum(${analyticsCounters.count})::bigint as orders
    from ${analyticsCounters} where ${analyticsCounters.metric} = 'service_orders'
    ${shape.status ? sql`and ${bucketPart(2)} = ${sql.placeholder("status")}` : sql``} group by 1`;
  const owners = sql`select ${services.id} as id, ${orderSorts.service} as name, counted.orders as counted
    from ${services} join (${counted}) counted on counted.service_id = ${services.id}::text`;
  return countedOwnersPage(shape, owners, {
    from: serviceOrders,
    id: serviceOrders.id,
    where: (serviceId) => and(sql`${serviceOrders.serviceId} = ${serviceId}`, statusFilter(shape)),
  });
}

/**
 * The page among the matching orders, each with its sort value, as a union: the matching clients'
 * orders and the matching services' (service_orders_service_idx). The clients' are read client by
 * client (users_role_*_prefix_idx, then each one's orders on their client's indexes, as in the
 * sorts above), fenced apart (PLANNED_APART) so that PostgreSQL does not hash every order of the
 * status instead: the subscriptions' 2,203 matches for "client1" took 10–18 ms that way, 5–8 read
 * by client (this machine, S18). Walked in the default order, a search for one client read every
 * newer order (bookings: 100,000 for "client10000", 18 ms).
 */
function matchingOrderIds(db: Db | Tx, shape: OrderShape) {
  const search = orderSearch(opaquePrefixSearchPlaceholders);
  const ownOrders = db
    .select({ id: serviceOrders.id, sortValue: sql`${sortValueOf(shape.sort)}`.as("sort_value") })
    .from(serviceOrders);
  const theirOrders = (
    shape.sort === "service" ? ownOrders.innerJoin(services, eq(services.id, serviceOrders.serviceId)) : ownOrders
  )
    .where(and(statusFilter(shape), eq(serviceOrders.clientId, buyer.id)))
    .offset(PLANNED_APART)
    .as("their_orders");
  const byClient = db
    .select({ id: theirOrders.id, sortKey: sql`${theirOrders.sortValue}`.as("sort_key") })
    .from(buyer)
    .innerJoinLateral(theirOrders, sql`true`)
    .where(clientMatches(opaquePrefixSearchPlaceholders, buyer));
  const byService = ordersSortedBy(db, shape.sort, {
    id: serviceOrders.id,
    sortKey: sql`${sortValueOf(shape.sort)}`.as("sort_key"),
  }).where(and(statusFilter(shape), sql`${serviceOrders.serviceId} in (${search.serviceIds})`));
  return sortedMatchesPage(db as Db, byClient.union(byService).as("matches"), shape);
}

/**
 * A client's orders of the shape's status (the `status` placeholder), from their running counts per
 * status (users.order_counts), or of all, from their running total (users.order_count).
 */
const clientOrderCount = (person: Record<"orderCounts" | "orderCount", AnyPgColumn>, shape: { status: boolean }) =>
  shape.status
    ? sql`coalesce((${person.orderCounts} ->> ${sql.placeholder("status")})::int, 0)`
    : sql`${person.orderCount}`;

/**
 * How many orders a search matches: the matching clients' running counts (users.order_counts and
 * order_count, kept by the orders' triggers of migrations 0026 and 0030), of the status or of all,
 * read from the rows the search's index scan finds; plus the orders of the matching services whose
 * client does not match (so none is counted twice), apart. Counting the clients' orders probed each
 * one's: "client1" (1,112 clients, 11,021 orders) ~4 ms of PostgreSQL's time. As one filter (`id in`
 * a union of both), PostgreSQL read all 100,000 orders (42 ms).
 */
const searchedOrderCount = preparedValue("searchedOrderCount", (shape: { status: boolean }) => {
  const search = orderSearch(opaquePrefixSearchPlaceholders);
  return sql<number>`((select coalesce(sum(${clientOrderCount(client, shape)}), 0) from ${users} ${sql.identifier("client")} where ${search.clientsWhere})
    + (select count(*) from ${serviceOrders} where ${and(
      statusFilter(shape),
      sql`${serviceOrders.serviceId} in (${search.serviceIds}) and ${serviceOrders.clientId} not in (${search.clientIds})`,
    )}))::int`;
});

const joined = (db: Db | Tx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof orderColumns)
    .from(serviceOrders)
    .innerJoin(services, eq(services.id, serviceOrders.serviceId))
    .innerJoin(users, eq(users.id, serviceOrders.clientId));

type OrderCounters = Awaited<ReturnType<typeof readCounters>>;

/**
 * A page of orders of one status or all, searched or not, and how many match: unsearched, the
 * status's or every order's running count (analytics_counters: the orders' triggers, migration
 * 0011), from `counters` when the caller reads them anyway; searched, the matches counted first,
 * as their number decides how the page is read, and the counters are not read.
 */
async function readOrders(
  db: Db,
  query: { page: number; pageSize: number; sort: OrderSort; dir: "asc" | "desc"; q?: string | undefined },
  status: OrderStatus | undefined,
  counters?: Promise<OrderCounters>,
) {
  const table = tablePageRead(query);
  const values = { ...table.values, status };
  const shape = { ...table.shape, status: Boolean(status) };
  if (!shape.search) {
    const [rows, counts] = await Promise.all([
      orderPage(db, { ...shape, pick: "walk" }, values),
      counters ?? readCounters(db, ["orders"]),
    ]);
    return { rows, total: status ? counts.get("orders", status).count : counts.sumOf("orders").count };
  }
  const total = await searchedOrderCount(db, { status: shape.status }, values);
  const rows = await searchedPage(total, (fewMatches) =>
    orderPage(db, { ...shape, pick: fewMatches || shape.sort === "service" ? "matches" : "walk" }, values),
  );
  return { rows, total };
}

/** One page of the bookings table, filtered by status and searched, and how many match. */
export async function listBookings(db: Db, query: BookingsQuery) {
  const { rows, total } = await readOrders(db, query, query.status);
  return tablePage(rows, total, query);
}

/**
 * An order's status and owner, read in the approve/cancel transaction with its row locked until
 * commit. Its client's users row is locked first: whatever writes a client's orders takes that row
 * before them (an insert in the orders' trigger, a rename of the client, which rewrites their
 * orders' client_sort_key: migration 0028), so two such writers never wait on each other in
 * opposite orders (a deadlock), and the order's copy of the name is read after any rename has
 * committed.
 */
export async function lockOrder(tx: Tx, id: string) {
  const ownerOf = tx.select({ clientId: serviceOrders.clientId }).from(serviceOrders).where(eq(serviceOrders.id, id));
  const [owner] = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ownerOf)).for("no key update");
  if (!owner) return undefined;
  const [row] = await tx
    .select({ id: serviceOrders.id, status: serviceOrders.status, clientId: serviceOrders.clientId })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, id))
    .for("update");
  return row;
}

/**
 * Approved orders as active subscriptions, a page at a time, and the monthly revenue: every
 * approved order's amount added up, running (analytics_counters: the orders' triggers, 0011).
 */
export async function listSubscriptions(db: Db, query: SubscriptionsQuery) {
  const counters = readCounters(db, ["orders"]);
  const [{ rows, total }, revenue] = await Promise.all([readOrders(db, query, "approved", counters), counters]);
  const items = rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    clientCompany: row.clientCompany,
    clientDeactivated: row.clientDeactivated,
    serviceTitle: row.serviceTitle,
    amountMinor: row.totalAmountMinor,
    since: row.updatedAt,
  }));
  const approved = revenue.get("orders", "approved");
  return { ...tablePage(items, total, query), monthlyRevenueMinor: approved.amount, activeCount: approved.count };
}

/**
 * The Bookings page's live key, for administrators only: any change to an
 * order (a new one, an approval) tells them to refetch the counters, the
 * table and the sidebar's pending badge.
 */
export const adminBookingsKey = ["admin", "bookings"] as const;

export const adminBookingsLive = refetchedOn(adminBookingsKey, "service_orders", rules.adminConsole.use);
/** Its orders name their service and client: a service retitled, or a person renamed, refetches it too. */
export const adminBookingsServicesLive = refetchedOn(
  adminBookingsKey,
  "services",
  rules.adminConsole.use,
  (change) => !!change.relabelled,
);
export const adminBookingsPeopleLive = refetchedOn(adminBookingsKey, "people", rules.adminConsole.use);
