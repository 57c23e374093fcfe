import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type SelectedFields } from "drizzle-orm/pg-core";
import type { BookingsQuery, SubscriptionsQuery } from "../../common/admin-catalogue";
import type { BookingSort, SubscriptionSort } from "../../common/admin-table";
import { ORDER_STATUSES, type OrderStatus } from "../../common/domain";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead, preparedValue } from "../db/prepared";
import { serviceOrders, services, users } from "../db/schema";
import {
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

type OrderSort = BookingSort | SubscriptionSort;

/**
 * Each sort of the two tables. Created, since (when approved: the row's last update), amount and
 * status read their indexes (service_orders_created_idx, _status_updated_idx, _amount_idx,
 * _status_id_idx); client keeps each client's orders together, clients in name order
 * (users_role_name_idx), and finds its page by the clients' running counts (clientsFirstOrderIds);
 * service walks the few services and reads each one's orders (service_orders_service_idx).
 */
const orderSorts: Record<OrderSort, SQL> = {
  created: sql`${serviceOrders.createdAt}`,
  since: sql`${serviceOrders.updatedAt}`,
  amount: sql`${serviceOrders.totalAmount}`,
  status: sql`${serviceOrders.status}`,
  client: sql`lower(${users.fullName})`,
  service: sql`lower(${services.title})`,
};

/** By client: by name, then the client (two clients of one name keep their orders apart), then the order. */
const orderOf = (shape: Pick<TableShape<OrderSort>, "sort" | "dir">) =>
  shape.sort === "client"
    ? [...tableOrder(orderSorts.client, shape.dir, users.id), ...tableOrder(serviceOrders.id, shape.dir, undefined)]
    : tableOrder(orderSorts[shape.sort], shape.dir, serviceOrders.id);

/** A client's place in the client sort, as one value: their name, then their id. */
const clientSortKey = (person: Record<"fullName" | "id", AnyPgColumn>) =>
  sql`(lower(${person.fullName}), ${person.id})`;

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
  sql`${person.role} = 'client' and ${match([sql`lower(${person.fullName})`, sql`lower(${person.email})`])}`;

/** The orders a table shows: of one status when `status` (the `status` placeholder). */
const statusFilter = (shape: { status: boolean }) =>
  shape.status ? eq(serviceOrders.status, sql.placeholder("status")) : undefined;

/**
 * How a page's ids are chosen: walking the sort's index (`walk`), among the matches of a search
 * (`matches`), or, sorted by client, by the clients' running counts (`clients`).
 */
type OrderShape = TableShape<OrderSort> & { status: boolean; pick: "walk" | "matches" | "clients" };

/**
 * What a page is read with: the orders alone, or with their clients or services when the sort is
 * theirs (the client's side: clients only, so that users_role_name_idx gives their order).
 */
function ordersSortedBy<C extends SelectedFields>(db: Db | Tx, sort: OrderSort, columns: C) {
  const from = db.select(columns).from(serviceOrders);
  if (sort === "client") return from.innerJoin(users, and(eq(users.id, serviceOrders.clientId), hasRole("client")));
  if (sort === "service") return from.innerJoin(services, eq(services.id, serviceOrders.serviceId));
  return from;
}

/**
 * A page of either table: its 25 orders chosen on service_orders (and the clients or services of
 * its sort) alone, then only those joined to their client and service. Joined first, page 100 of
 * the bookings newest first looked up the client of each of the 2,500 orders before it (24 ms at
 * 100,000 orders). A searched page is chosen as the number of its matches says (FEW_MATCHES):
 * among the matches, or walking the sort.
 */
const orderPage = preparedRead("orderPage", (db, shape: OrderShape) => {
  const pageIds =
    shape.pick === "clients"
      ? clientsFirstOrderIds(shape)
      : shape.pick === "matches"
        ? matchingOrderIds(db, shape)
        : walkedOrderIds(db, shape);
  return joined(db, bookingColumns)
    .where(inArray(serviceOrders.id, pageIds))
    .orderBy(...orderOf(shape));
});

const walkedOrderIds = (db: Db | Tx, shape: OrderShape) => {
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
 * The page among the matching orders, each with its sort value, as a union: the matching clients'
 * orders and the matching services' (service_orders_service_idx). The clients' are read client by
 * client (users_role_*_prefix_idx, then each one's orders on their client's indexes, as in the
 * sorts above), fenced apart (PLANNED_APART) so that PostgreSQL does not hash every order of the
 * status instead: the subscriptions' 2,203 matches for "client1" took 10–18 ms that way, 5–8 read
 * by client (this machine, S18). Walked in the default order, a search for one client read every
 * newer order (bookings: 100,000 for "client10000", 18 ms).
 */
function matchingOrderIds(db: Db | Tx, shape: OrderShape) {
  const search = orderSearch(prefixSearchPlaceholders);
  const byClientName = shape.sort === "client";
  const ownOrders = db
    .select({
      id: serviceOrders.id,
      sortValue: sql`${byClientName ? serviceOrders.id : orderSorts[shape.sort]}`.as("sort_value"),
    })
    .from(serviceOrders);
  const theirOrders = (
    shape.sort === "service" ? ownOrders.innerJoin(services, eq(services.id, serviceOrders.serviceId)) : ownOrders
  )
    .where(and(statusFilter(shape), eq(serviceOrders.clientId, buyer.id)))
    .offset(PLANNED_APART)
    .as("their_orders");
  const byClient = db
    .select({
      id: theirOrders.id,
      sortKey: sql`${byClientName ? clientSortKey(buyer) : theirOrders.sortValue}`.as("sort_key"),
    })
    .from(buyer)
    .innerJoinLateral(theirOrders, sql`true`)
    .where(clientMatches(prefixSearchPlaceholders, buyer));
  const byService = ordersSortedBy(db, shape.sort, {
    id: serviceOrders.id,
    sortKey: sql`${byClientName ? clientSortKey(users) : orderSorts[shape.sort]}`.as("sort_key"),
  }).where(and(statusFilter(shape), sql`${serviceOrders.serviceId} in (${search.serviceIds})`));
  return sortedMatchesPage(db as Db, byClient.union(byService).as("matches"), shape);
}

/** A client's orders of the shape's status (the `status` placeholder), or of all, from their running counts (users.order_counts). */
const clientOrderCount = (person: { orderCounts: AnyPgColumn }, shape: { status: boolean }) =>
  shape.status
    ? sql`coalesce((${person.orderCounts} ->> ${sql.placeholder("status")})::int, 0)`
    : sql.join(
        ORDER_STATUSES.map((status) => sql`coalesce((${person.orderCounts} ->> ${sql.raw(`'${status}'`)})::int, 0)`),
        sql` + `,
      );

/**
 * A page sorted by client, found by the clients' running counts (users.order_counts, migration
 * 0026): the clients in name order (matching the search, when given) with how many orders each has
 * and how many all before them have; the page's clients are those whose orders reach into the
 * page; only their orders are read (service_orders_client_status_idx or _client_created_idx), each
 * numbered after the orders before its client, and those that fall in the page kept. Walked, page
 * 100 of the subscriptions probed the orders of each of the 1,260 clients before it (12.8 ms a
 * read), and the subscriptions searched for "client1" read and sorted all 2,203 of their orders
 * (19 ms; bench/read-times.ts, S19). Only for a search that matches no service's title: its
 * matches are then exactly the matching clients' orders.
 */
function clientsFirstOrderIds(shape: OrderShape) {
  const dir = sql.raw(shape.dir);
  // Written in the text on the first page: a parameter the plan could see would be planned on every run.
  const offset = shape.paged ? sql`${offsetPlaceholder(true)}` : sql`0`;
  const size = sql.raw(String(shape.pageSize));
  const matching = shape.search ? sql` and ${clientMatches(prefixSearchPlaceholders, buyer)}` : sql``;
  // The clients with orders, in order: no more of them than orders up to the page's end, as each has one at
  // least. The LIMIT also tells PostgreSQL that it will not read them all, so it walks users_role_name_idx
  // rather than sorting every client.
  const counted = sql`select ${buyer.id} as id, lower(${buyer.fullName}) as name, ${clientOrderCount(buyer, shape)} as n
    from ${users} ${sql.identifier("buyer")} where ${buyer.role} = 'client'${matching} and ${clientOrderCount(buyer, shape)} > 0
    order by lower(${buyer.fullName}) ${dir}, ${buyer.id} ${dir} limit ${offset} + ${size}`;
  // Each client's orders and, before them, everyone's before them: the running sum over the clients in order.
  const clients = sql`select id, name, n, sum(n) over (order by name ${dir}, id ${dir} rows unbounded preceding) - n as before
    from (${counted}) counted`;
  const pageClients = sql`select id, before from (${clients}) clients
    where before + n > ${offset} and before < ${offset} + ${size} order by name ${dir}, id ${dir} limit ${size}`;
  const theirOrders = sql`select ${serviceOrders.id} as id, row_number() over (order by ${serviceOrders.id} ${dir}) as rank
    from ${serviceOrders} where ${and(sql`${serviceOrders.clientId} = page_clients.id`, statusFilter(shape))}
    order by ${serviceOrders.id} ${dir} limit ${offset} + ${size} - page_clients.before`;
  return sql`(select their_orders.id from (${pageClients}) page_clients
    cross join lateral (${theirOrders}) their_orders
    where page_clients.before + their_orders.rank > ${offset})`;
}

/**
 * Sorted by client or service, a searched page is never walked: by client it is found by the
 * clients' counts (clientsFirstOrderIds) unless a service's title matches too, and is otherwise
 * chosen among its matches. Walked, the search's subqueries filter each client's orders in a
 * nested loop, where PostgreSQL charges building their hash to every client it visits, so it
 * chose to hash every order of the status instead: the subscriptions by client searched for
 * "client1" (2,203 matches) took 56 ms walked, ~1 ms chosen among the matches.
 */
const SORTED_ON_ANOTHER_TABLE = new Set<OrderSort>(["client", "service"]);

/**
 * How many orders a search matches: the matching clients' running counts (users.order_counts, kept
 * by the orders' triggers of migration 0026), of the status or of all, read from the rows the
 * search's index scan finds; plus the orders of the matching services whose client does not match
 * (so none is counted twice), apart: with none of those, a page by client is found by the clients'
 * counts alone (clientsFirstOrderIds). Counting the clients' orders probed each one's: "client1"
 * (1,112 clients, 11,021 orders) ~4 ms of PostgreSQL's time. As one filter (`id in` a union of
 * both), PostgreSQL read all 100,000 orders (42 ms).
 */
const searchedOrderCounts = preparedValue("searchedOrderCounts", (shape: { status: boolean }) => {
  const search = orderSearch(opaquePrefixSearchPlaceholders);
  return sql<[ofClients: number, ofServicesOnly: number]>`json_build_array(
    (select coalesce(sum(${clientOrderCount(client, shape)}), 0) from ${users} ${sql.identifier("client")} where ${search.clientsWhere}),
    (select count(*) from ${serviceOrders} where ${and(
      statusFilter(shape),
      sql`${serviceOrders.serviceId} in (${search.serviceIds}) and ${serviceOrders.clientId} not in (${search.clientIds})`,
    )}))`;
});

const joined = (db: Db | Tx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof bookingColumns)
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
  const byClient = shape.sort === "client";
  if (!shape.search) {
    const [rows, counts] = await Promise.all([
      orderPage(db, { ...shape, pick: byClient ? "clients" : "walk" }, values),
      counters ?? readCounters(db, ["orders"]),
    ]);
    return { rows, total: status ? counts.get("orders", status).count : counts.sumOf("orders").count };
  }
  const [ofClients, ofServicesOnly] = await searchedOrderCounts(db, { status: shape.status }, values);
  const total = ofClients + ofServicesOnly;
  const rows = await searchedPage(total, (fewMatches) => {
    const pick =
      byClient && ofServicesOnly === 0
        ? "clients"
        : fewMatches || SORTED_ON_ANOTHER_TABLE.has(shape.sort)
          ? "matches"
          : "walk";
    return orderPage(db, { ...shape, pick }, values);
  });
  return { rows, total };
}

/** One page of the bookings table, filtered by status and searched, and how many match. */
export async function listBookings(db: Db, query: BookingsQuery) {
  const { rows, total } = await readOrders(db, query, query.status);
  return tablePage(rows, total, query);
}

/** An order's status and owner, read in the approve/cancel transaction with its row locked until commit. */
export async function lockOrder(tx: Tx, id: string) {
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
    serviceTitle: row.serviceTitle,
    amountMinor: row.totalAmountMinor,
    since: row.updatedAt,
  }));
  return { ...tablePage(items, total, query), monthlyRevenueMinor: revenue.get("orders", "approved").amount };
}

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
