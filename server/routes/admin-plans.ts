import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminPlanSchema,
  planEditSchema,
  planInputSchema,
  planMoveSchema,
  planValues,
  planVisibilitySchema,
} from "../../common/plans";
import { auditAdminChange, changesNothing } from "../data/audit";
import {
  getPlan,
  listAdminPlans,
  movePlan,
  nextSortOrder,
  type PlanRow,
  planColumns,
  renumberCategory,
  takePlanWritesTurn,
  uniqueSlug,
} from "../data/plans";
import type { Db, Tx } from "../db";
import { plans } from "../db/schema";
import { type Op, publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { forbidden, notFound, refuseIfEditedMeanwhile } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { type Actor, rules } from "../rules";

const planParams = z.strictObject({ planId: z.uuid("Unknown plan") });

/** What an audit entry keeps of a plan, before and after. */
const audited = (row: PlanRow) => ({
  slug: row.slug,
  name: row.name,
  category: row.category,
  priceMinor: row.priceMinor,
  period: row.period,
  description: row.description,
  features: row.features,
  isPopular: row.isPopular,
  badge: row.badge,
  hidden: row.hidden,
  sortOrder: row.sortOrder,
});

const MESSAGE = "Only administrators manage plans";

/**
 * Plan management (issue #7 item 10). Every write is one transaction with its
 * audit row and a `plans` change, on which every server process re-renders
 * the public /plans and /contact documents.
 */
export const adminPlanRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The admin guard, then the access rule for the write. */
  async function authorise(request: FastifyRequest, can: (actor: Actor) => boolean): Promise<NonNullable<Actor>> {
    const actor = await requireAdmin(request, MESSAGE);
    if (!can(actor)) throw forbidden(MESSAGE);
    return actor;
  }

  async function changed(tx: Tx, op: Op, id: string) {
    await publishChange(tx, { topic: "plans", op, id });
  }

  app.get(
    "/api/admin/plans",
    {
      schema: {
        tags: ["admin"],
        summary: "Every plan, hidden ones too, by category in display order",
        response: { 200: z.array(adminPlanSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, MESSAGE);
      return listAdminPlans(db);
    },
  );

  app.post(
    "/api/admin/plans",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates a plan at the end of its category (published)",
        body: planInputSchema,
        response: { 201: adminPlanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = await authorise(request, rules.plans.create);
      const values = planValues(request.body);
      const created = await db.transaction(async (tx) => {
        await takePlanWritesTurn(tx);
        const [row] = await tx
          .insert(plans)
          .values({
            ...values,
            slug: await uniqueSlug(tx, values.name),
            sortOrder: await nextSortOrder(tx, values.category),
          })
          .returning(planColumns);
        if (!row) throw new Error("insert into plans returned no row");
        await auditAdminChange(tx, actor, {
          action: "plan.create",
          entity: "plan",
          entityId: row.id,
          before: null,
          after: audited(row),
        });
        await changed(tx, "insert", row.id);
        return row;
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/api/admin/plans/:planId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Edits a plan (its slug, and so its /contact?plan= links, stay); refused (409) when it changed after the form read it",
        params: planParams,
        body: planEditSchema,
        response: { 200: adminPlanSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await authorise(request, rules.plans.update);
      const { expectedUpdatedAt, ...input } = request.body;
      const values = planValues(input);
      return db.transaction(async (tx) => {
        await takePlanWritesTurn(tx);
        const before = await getPlan(tx, request.params.planId, { lock: true });
        if (!before) throw notFound("Plan");
        const { price, ...fields } = values;
        if (changesNothing(before, { ...fields, priceMinor: price })) return before;
        // Another administrator's new price or features are not put back by a form opened before them.
        refuseIfEditedMeanwhile(before.updatedAt, expectedUpdatedAt);
        const movesCategory = values.category !== before.category;
        const [after] = await tx
          .update(plans)
          .set({ ...values, ...(movesCategory ? { sortOrder: await nextSortOrder(tx, values.category) } : {}) })
          .where(eq(plans.id, before.id))
          .returning(planColumns);
        if (!after) throw notFound("Plan");
        if (movesCategory) await renumberCategory(tx, before.category);
        await auditAdminChange(tx, actor, {
          action: "plan.update",
          entity: "plan",
          entityId: before.id,
          before: audited(before),
          after: audited(after),
        });
        await changed(tx, "update", before.id);
        return (await getPlan(tx, before.id)) ?? after;
      });
    },
  );

  app.post(
    "/api/admin/plans/:planId/move",
    {
      schema: {
        tags: ["admin"],
        summary: "Moves a plan one place up or down within its category; answers every plan in the new order",
        params: planParams,
        body: planMoveSchema,
        response: { 200: z.array(adminPlanSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await authorise(request, rules.plans.update);
      return db.transaction(async (tx) => {
        await takePlanWritesTurn(tx);
        const plan = await getPlan(tx, request.params.planId);
        if (!plan) throw notFound("Plan");
        const order = await movePlan(tx, plan, request.body.direction);
        if (order) {
          await auditAdminChange(tx, actor, {
            action: "plan.reorder",
            entity: "plan",
            entityId: plan.id,
            before: { category: plan.category, order: order.before },
            after: { category: plan.category, order: order.after },
          });
          await changed(tx, "update", plan.id);
        }
        return listAdminPlans(tx);
      });
    },
  );

  app.put(
    "/api/admin/plans/:planId/visibility",
    {
      schema: {
        tags: ["admin"],
        summary: "Hides a plan from the public site, or shows it again",
        params: planParams,
        body: planVisibilitySchema,
        response: { 200: adminPlanSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await authorise(request, rules.plans.update);
      return db.transaction(async (tx) => {
        await takePlanWritesTurn(tx);
        const before = await getPlan(tx, request.params.planId, { lock: true });
        if (!before) throw notFound("Plan");
        if (before.hidden === request.body.hidden) return before;
        const [after] = await tx
          .update(plans)
          // Its version kept, as a move keeps it (server/data/plans.ts placedAt): Edit plan does not write it.
          .set({ hidden: request.body.hidden, updatedAt: sql`${plans.updatedAt}` })
          .where(eq(plans.id, before.id))
          .returning(planColumns);
        if (!after) throw notFound("Plan");
        await auditAdminChange(tx, actor, {
          action: after.hidden ? "plan.hide" : "plan.show",
          entity: "plan",
          entityId: before.id,
          before: { hidden: before.hidden },
          after: { hidden: after.hidden },
        });
        await changed(tx, "update", before.id);
        return after;
      });
    },
  );

  app.delete(
    "/api/admin/plans/:planId",
    {
      schema: {
        tags: ["admin"],
        summary: "Deletes a plan (enquiries that named it keep its slug)",
        params: planParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = await authorise(request, rules.plans.delete);
      await db.transaction(async (tx) => {
        await takePlanWritesTurn(tx);
        const before = await getPlan(tx, request.params.planId, { lock: true });
        if (!before) throw notFound("Plan");
        await tx.delete(plans).where(eq(plans.id, before.id));
        await renumberCategory(tx, before.category);
        await auditAdminChange(tx, actor, {
          action: "plan.delete",
          entity: "plan",
          entityId: before.id,
          before: audited(before),
          after: null,
        });
        await changed(tx, "delete", before.id);
      });
      return reply.status(204).send(null);
    },
  );
};
