import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { type adminPlanSchema, categoryFull, PLANS_MAX, PLANS_PER_CATEGORY_MAX } from "../../common/plans";
import { PLAN_CATEGORIES, type PlanCategory } from "../../common/site-domain";
import { compareText } from "../../common/text";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { plans } from "../db/schema";
import { takeTurn } from "../db/turns";
import { badRequest } from "../http/errors";
import { refetchedOn } from "../live/collection";
import { rules } from "../rules";

/**
 * Plans as the server owns them (issue #7 item 10): the admin console's reads
 * and writes. The public site's read is listPlans (server/data/catalogue.ts).
 * Display order: the categories in PLAN_CATEGORIES order, each by sort_order.
 */

/** A plan as the public /plans page shows it (server/data/catalogue.ts). */
export const publicPlanColumns = {
  slug: plans.slug,
  category: plans.category,
  name: plans.name,
  priceMinor: plans.price,
  period: plans.period,
  description: plans.description,
  features: plans.features,
  isPopular: plans.isPopular,
  badge: plans.badge,
  sortOrder: plans.sortOrder,
};

/** A plan as plan management edits it: the public fields, its id, whether it is hidden and its version. */
const adminColumns = { id: plans.id, ...publicPlanColumns, hidden: plans.hidden, updatedAt: plans.updatedAt };

export type PlanRow = z.output<typeof adminPlanSchema>;

const categoryRank = (category: PlanCategory) => PLAN_CATEGORIES.indexOf(category);

/** Categories in their order, then sort order, then name (a stable tie-break). */
export function byDisplayOrder<T extends { category: PlanCategory; sortOrder: number; name: string }>(a: T, b: T) {
  return (
    categoryRank(a.category) - categoryRank(b.category) || a.sortOrder - b.sortOrder || compareText(a.name, b.name)
  );
}

/** Every plan, hidden ones too, in display order. At most PLANS_MAX rows: sorted here. */
export async function listAdminPlans(db: Db | Tx): Promise<PlanRow[]> {
  const rows = await db
    .select(adminColumns)
    .from(plans)
    .orderBy(asc(plans.sortOrder), asc(plans.name))
    .limit(pageLimit(PLANS_MAX));
  return rows.sort(byDisplayOrder);
}

export async function getPlan(db: Db | Tx, id: string, options: { lock?: boolean } = {}): Promise<PlanRow | null> {
  const query = db.select(adminColumns).from(plans).where(eq(plans.id, id)).limit(pageLimit(1));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** "Social Gold+" → "social-gold"; never empty. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug || "plan";
}

/** The turn plan writes take (`takeTurn`; the tests take it too, to stand in for another write). */
export const PLAN_WRITES_LOCK = "plans:write";

/**
 * Plan writes take turns, each taking this first. Those that choose a slug or a place in a category read
 * what is taken, then wrote, so two at once chose the same (a slug's unique index then failed one as a
 * 500; two plans shared a place); those that renumber a category lock its rows after their own, so two
 * at once could each hold what the other waited for. Plans change a few times a month: one at a time
 * costs nothing.
 */
export async function takePlanWritesTurn(tx: Tx): Promise<void> {
  await takeTurn(tx, PLAN_WRITES_LOCK);
}

/** A slug no other plan has: the name's, then -2, -3 … */
export async function uniqueSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: plans.slug })
        .from(plans)
        .where(sql`${plans.slug} = ${base} or ${plans.slug} like ${`${base}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The next sort order at the end of a category; a 400 when the category is full (PLANS_PER_CATEGORY_MAX). */
export async function nextSortOrder(tx: Tx, category: PlanCategory): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${plans.sortOrder})`, count: sql<number>`count(*)::int` })
    .from(plans)
    .where(eq(plans.category, category));
  if (Number(row?.count ?? 0) >= PLANS_PER_CATEGORY_MAX) throw badRequest(categoryFull());
  return row?.max == null ? 0 : Number(row.max) + 1;
}

/**
 * Moves a plan one place up or down within its category and renumbers the
 * category 0..n-1, its rows locked so two moves at once cannot interleave.
 * Returns the category's order before and after (slugs), or null when the
 * plan is already at that end.
 */
export async function movePlan(
  tx: Tx,
  plan: PlanRow,
  direction: "up" | "down",
): Promise<{ before: string[]; after: string[] } | null> {
  const rows = (
    await tx
      .select({
        id: plans.id,
        slug: plans.slug,
        name: plans.name,
        sortOrder: plans.sortOrder,
        category: plans.category,
      })
      .from(plans)
      .where(eq(plans.category, plan.category))
      .orderBy(asc(plans.sortOrder), asc(plans.name))
      .for("update")
  ).sort(byDisplayOrder);
  const index = rows.findIndex((row) => row.id === plan.id);
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= rows.length) return null;
  const before = rows.map((row) => row.slug);
  const moved = [...rows];
  [moved[index], moved[target]] = [moved[target] as (typeof rows)[number], moved[index] as (typeof rows)[number]];
  for (const [order, row] of moved.entries()) {
    if (row.sortOrder !== order) await tx.update(plans).set(placedAt(order)).where(eq(plans.id, row.id));
  }
  return { before, after: moved.map((row) => row.slug) };
}

/** After a plan leaves a category (moved or deleted), the rest keep a gap-free order. */
export async function renumberCategory(tx: Tx, category: PlanCategory, except?: string): Promise<void> {
  const rows = (
    await tx
      .select({ id: plans.id, name: plans.name, sortOrder: plans.sortOrder, category: plans.category })
      .from(plans)
      .where(except ? and(eq(plans.category, category), ne(plans.id, except)) : eq(plans.category, category))
      .for("update")
  ).sort(byDisplayOrder);
  for (const [order, row] of rows.entries()) {
    if (row.sortOrder !== order) await tx.update(plans).set(placedAt(order)).where(eq(plans.id, row.id));
  }
}

/**
 * A plan's new place, its version kept: the version is what Edit plan read of the fields it writes
 * (common/schemas.ts editedVersion), and a neighbour moved or deleted changes none of them, so an edit
 * opened before it is not refused (a plan hidden or shown likewise: PUT …/visibility).
 */
const placedAt = (order: number) => ({ sortOrder: order, updatedAt: sql`${plans.updatedAt}` });

export { adminColumns as planColumns };

/**
 * Plan management's live key: any plan written (created, edited, moved, hidden, deleted, by another
 * administrator or in another tab) refetches every administrator's list, hidden plans included.
 */
export const adminPlansKey = ["admin", "plans"] as const;
export const adminPlansLive = refetchedOn(adminPlansKey, "plans", (actor) => rules.plans.update(actor));
