import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { services } from "../db/schema";
import { type LiveCollection, refetchedOn } from "../live/collection";
import { rules, type Scope, type ServiceFacts } from "../rules";

/**
 * Reads of the services clients order, shared by the REST routes and the live
 * hub. (server/data/catalogue.ts holds the public site's plans and enquiries;
 * it reads no services, so they live here, in one place for the portal and
 * the admin editor.)
 */

const serviceColumns = {
  id: services.id,
  slug: services.slug,
  title: services.title,
  description: services.description,
  priceMinor: services.price,
  estimatedDuration: services.estimatedDuration,
  features: services.features,
  allowMilestones: services.allowMilestones,
  status: services.status,
  createdAt: services.createdAt,
  updatedAt: services.updatedAt,
};

export type ServiceView = Awaited<ReturnType<typeof getService>>;

function scopeFilter(scope: Scope): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "active") return eq(services.status, "active");
  return sql`false`;
}

/** Services in `scope` (rules.services.scope: active ones, or all for an administrator), newest first. */
export function listServices(db: Db, scope: Scope, options: { limit: number }) {
  return db
    .select(serviceColumns)
    .from(services)
    .where(scopeFilter(scope))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(pageLimit(options.limit));
}

export async function getService(db: Db, id: string) {
  const [row] = await db.select(serviceColumns).from(services).where(eq(services.id, id));
  return row;
}

/**
 * What an order needs from its service, read inside the order's transaction
 * with a share lock: the price and status cannot change until the order is
 * committed, so the order's total is the price the service had when it was placed.
 */
export async function serviceForOrder(tx: Tx, id: string): Promise<(ServiceFacts & { price: number }) | undefined> {
  const [row] = await tx
    .select({ status: services.status, price: services.price })
    .from(services)
    .where(eq(services.id, id))
    .for("share");
  return row;
}

/** The live key of the services clients may order: every active service, the same list for everyone. */
export const activeServicesKey = ["services", "active"] as const;

/**
 * A service that is created or changed while active reaches every subscriber
 * as a row; one deleted, or changed to any other status, leaves their list;
 * one created inactive, or changed while inactive (the change's
 * previousStatus), reaches no one.
 * The admin services editor publishes these changes.
 */
export const servicesLive: LiveCollection<"services"> = {
  topic: "services",
  async authorize(_db, _actor, key) {
    if (key.length !== 2 || key[0] !== activeServicesKey[0] || key[1] !== activeServicesKey[1]) return undefined;
    // Active services are public (rules.services.read), so anyone may follow them.
    return true;
  },
  async resolve(db, change) {
    const row = change.op === "delete" ? undefined : await getService(db, change.id);
    // Not active before (inserted now, or inactive per the writer) and not active now: it was on no
    // one's list, so nothing to remove and its id goes to no one. Without `previousStatus` an update
    // or delete may remove a service that was active until now, so those push the removal.
    const wasActive = change.op === "insert" ? false : change.previousStatus !== "inactive";
    if (!wasActive && row?.status !== "active") return [];
    // One push object for everyone: the hub serialises it once.
    const push =
      row && row.status === "active" ? { op: change.op, row } : { op: "delete" as const, row: { id: change.id } };
    return [{ key: activeServicesKey, pushFor: () => push }];
  },
};

/**
 * The admin services grid's live key: any service written (by another administrator, in another tab)
 * refetches every administrator's grid, inactive services included.
 */
export const adminServicesKey = ["admin", "services"] as const;
export const adminServicesLive = refetchedOn(
  adminServicesKey,
  "services",
  (actor) => rules.services.scope(actor).kind === "all",
);

/** The admin services grid (issue #7): every service, active or not, newest first, a page at a time. */
export async function listServicesPage(db: Db, query: { page: number; pageSize: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(serviceColumns)
      .from(services)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(pageLimit(query.pageSize))
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(services),
  ]);
  return { items: rows, total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

/** A service read in a write's transaction, its row locked until commit (orders take a share lock on it). */
export async function lockService(tx: Tx, id: string) {
  const [row] = await tx.select(serviceColumns).from(services).where(eq(services.id, id)).for("update");
  return row;
}

/** True when anyone has ordered the service: it is then deactivated, never deleted (service_orders_service_idx). */
export async function serviceHasOrders(tx: Tx, id: string): Promise<boolean> {
  const result = await tx.execute<{ any: boolean }>(
    sql`select exists (select 1 from service_orders where service_id = ${id}) as "any"`,
  );
  return result.rows[0]?.any === true;
}
