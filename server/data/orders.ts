import { and, desc, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "../../common/domain";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import { serviceOrders, services, users } from "../db/schema";
import { NAMED_PEOPLE_READ, type NamedPeople, namedInclude, namedPeople } from "../functions/changes";
import { beforeCursor, cursorPageRead } from "../http/cursor";
import { invalidate, type LiveCollection, type LiveKey } from "../live/collection";
import { type Actor, type OwnedFacts, rules, type Scope } from "../rules";

/** Reads of service orders shared by the REST routes and the live hub, so both send the same shape. */

/** An order as the client's My Orders and the administrators' Bookings send it. */
export const orderColumns = {
  id: serviceOrders.id,
  serviceId: serviceOrders.serviceId,
  serviceTitle: services.title,
  clientId: serviceOrders.clientId,
  clientName: users.fullName,
  clientCompany: users.companyName,
  // Issue #7: a deactivated client's orders stay, shown as theirs.
  clientDeactivated: sql<boolean>`${users.archivedAt} is not null`,
  totalAmountMinor: serviceOrders.totalAmount,
  notes: serviceOrders.notes,
  status: serviceOrders.status,
  createdAt: serviceOrders.createdAt,
  updatedAt: serviceOrders.updatedAt,
};

export type OrderView = Awaited<ReturnType<typeof getOrder>>;

const selectOrders = (db: Db | Tx) =>
  db
    .select(orderColumns)
    .from(serviceOrders)
    .innerJoin(services, eq(services.id, serviceOrders.serviceId))
    .innerJoin(users, eq(users.id, serviceOrders.clientId));

/**
 * Orders in `scope` (a client's own, or all for an administrator), newest
 * first, a page at a time: `after` is the id of the previous page's last row
 * (server/http/cursor.ts). Served by service_orders_client_created_idx and
 * service_orders_created_idx.
 */
export function listOrders(
  db: Db,
  scope: Scope,
  options: { limit: number; after?: string | undefined; status?: OrderStatus | undefined },
) {
  if (scope.kind !== "all" && scope.kind !== "client") return Promise.resolve([]);
  const { shape, values } = cursorPageRead(scope, options);
  return orderPage(db, shape, values);
}

const orderPage = preparedRead(
  "orderPage",
  (db, shape: { scope: "all" | "client"; status: boolean; after: boolean; limit: number }) =>
    selectOrders(db)
      .where(
        and(
          shape.scope === "client" ? eq(serviceOrders.clientId, sql.placeholder("viewer")) : undefined,
          shape.status ? eq(serviceOrders.status, sql.placeholder("status")) : undefined,
          beforeCursor(serviceOrders, shape.after ? sql.placeholder("after") : undefined, {
            scope:
              shape.scope === "client"
                ? { column: serviceOrders.clientId, equals: sql.placeholder("viewer") }
                : undefined,
          }),
        ),
      )
      .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
      .limit(pageLimit(shape.limit)),
);

export async function getOrder(db: Db, id: string) {
  const [row] = await selectOrders(db).where(eq(serviceOrders.id, id));
  return row;
}

export async function getOrderFacts(db: Db, id: string): Promise<OwnedFacts | undefined> {
  const [row] = await db
    .select({ clientId: serviceOrders.clientId })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, id));
  return row;
}

/** The live key of the signed-in person's orders: a client's own, or every order for an administrator. */
export const myOrdersKey = ["orders", "mine"] as const;

/**
 * Each viewer's list differs: an order reaches the client who placed it and
 * every administrator (the Bookings page subscribes to the same key), no one else.
 */
async function authorizeMyOrders(_db: Db, actor: Actor, key: LiveKey) {
  if (key.length !== 2 || key[0] !== myOrdersKey[0] || key[1] !== myOrdersKey[1]) return undefined;
  return rules.serviceOrders.scope(actor).kind !== "none";
}

export const ordersLive: LiveCollection<"service_orders"> = {
  topic: "service_orders",
  authorize: authorizeMyOrders,
  async resolve(db, change) {
    const row = change.op === "delete" ? undefined : await getOrder(db, change.id);
    const facts: OwnedFacts = { clientId: row?.clientId ?? change.clientId };
    // One push object for everyone allowed: the hub serialises it once.
    const push = row ? { op: change.op, row } : { op: "delete" as const, row: { id: change.id } };
    return [{ key: myOrdersKey, pushFor: (actor) => (rules.serviceOrders.read(actor, facts) ? push : undefined) }];
  },
};

/**
 * The clients who ordered a service, read in the writing transaction before its retitle is published;
 * "many" past NAMED_PEOPLE_MAX. The service's orders, on service_orders_service_idx (2,500 in the
 * large dataset): a cost paid only when an administrator retitles a service that was ordered.
 */
export async function orderClientsOf(tx: Tx, serviceId: string): Promise<NamedPeople> {
  const rows = await tx
    .selectDistinct({ id: serviceOrders.clientId })
    .from(serviceOrders)
    .where(eq(serviceOrders.serviceId, serviceId))
    .limit(NAMED_PEOPLE_READ);
  return namedPeople(rows.map((row) => row.id));
}

/**
 * Orders name their service: a service retitled changes the title on the orders of the clients who
 * ordered it, and on every order an administrator sees. Those lists refetch; no order was written.
 */
export const ordersServicesLive: LiveCollection<"services"> = {
  topic: "services",
  authorize: authorizeMyOrders,
  async resolve(_db, change) {
    const { relabelled } = change;
    if (!relabelled) return [];
    const pushFor = (actor: Actor) => {
      const scope = rules.serviceOrders.scope(actor);
      const listChanges =
        scope.kind === "all" || (scope.kind === "client" && !!actor && namedInclude(relabelled.orderClients, actor.id));
      return listChanges ? invalidate : undefined;
    };
    return [{ key: myOrdersKey, pushFor }];
  },
};
