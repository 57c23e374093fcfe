import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { milestoneSchema } from "../../common/api";
import { MILESTONES_PER_PROJECT_MAX, PAID_MILESTONE_KEPT } from "../../common/domain";
import { milestoneCreateSchema, milestoneUpdateSchema, toMinorUnits, uuidParam } from "../../common/schemas";
import { auditAdminChange } from "../data/audit";
import { countMilestones, getMilestone, getMilestoneFacts, listMilestones } from "../data/milestones";
import { notifyMilestone } from "../data/notifications";
import { getProjectFacts, lockedProjectFacts } from "../data/projects";
import type { Db } from "../db";
import { milestones } from "../db/schema";
import { takeTurn } from "../db/turns";
import { publishChange } from "../functions/changes";
import { createdBefore } from "../http/created-before";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

const MILESTONE_ID_TAKEN = "This milestone's id belongs to another milestone. Add it again as a new milestone.";

export const milestoneRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/projects/:projectId/milestones",
    {
      schema: {
        tags: ["milestones"],
        summary: "A project's milestones by due date, those without one last",
        params: z.strictObject({ projectId: uuidParam }),
        response: { 200: z.array(milestoneSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      const facts = await getProjectFacts(db, request.params.projectId);
      if (!facts || !rules.milestones.read(await request.actor(), facts)) throw notFound("Project");
      return listMilestones(db, request.params.projectId);
    },
  );

  app.post(
    "/api/projects/:projectId/milestones",
    {
      schema: {
        tags: ["milestones"],
        summary: "Add a milestone to a project (its client or an administrator)",
        params: z.strictObject({ projectId: uuidParam }),
        body: milestoneCreateSchema,
        response: { 200: milestoneSchema, 201: milestoneSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const actor = await request.actor();
      const { projectId } = request.params;
      const { id, title, description, amount, dueDate } = request.body;
      const added = await db.transaction(async (tx) => {
        const facts = await lockedProjectFacts(tx, projectId);
        // Not yours to see reads as "not found"; yours to see but not to change is "forbidden".
        if (!facts || !rules.milestones.read(actor, facts)) throw notFound("Project");
        if (!rules.milestones.create(actor, facts))
          throw forbidden("Only the project's client or an administrator may add milestones");
        // Added before: answered with what it is.
        const addedBefore =
          id &&
          (await createdBefore(
            tx,
            { kind: "milestone", id, taken: MILESTONE_ID_TAKEN },
            () =>
              tx
                .select({ createdBy: milestones.createdBy, projectId: milestones.projectId })
                .from(milestones)
                .where(eq(milestones.id, id)),
            { createdBy: user.id, projectId },
          ));
        if (addedBefore) return { id, repeated: true };
        // Serialises concurrent adds to one project, so the cap below holds.
        await takeTurn(tx, `milestones:${projectId}`);
        if ((await countMilestones(tx, projectId)) >= MILESTONES_PER_PROJECT_MAX) {
          throw badRequest(`A project can have at most ${MILESTONES_PER_PROJECT_MAX} milestones.`);
        }
        const [inserted] = await tx
          .insert(milestones)
          .values({
            ...(id && { id }),
            projectId,
            title,
            description: description ?? "",
            amount: toMinorUnits(amount),
            dueDate: dueDate ?? null,
            createdBy: user.id,
          })
          .returning({ id: milestones.id });
        if (!inserted) throw new Error("insert returned no row");
        await auditAdminChange(tx, actor, {
          action: "milestone.create",
          entity: "milestone",
          entityId: inserted.id,
          before: null,
          after: { projectId, title, amountMinor: toMinorUnits(amount) },
        });
        await publishChange(tx, { topic: "milestones", op: "insert", id: inserted.id, projectId });
        await notifyMilestone(tx, actor, inserted.id, "added");
        return { id: inserted.id, repeated: false };
      });
      const milestone = await getMilestone(db, added.id);
      if (!milestone) throw notFound("Milestone");
      return reply.status(added.repeated ? 200 : 201).send(milestone);
    },
  );

  app.patch(
    "/api/milestones/:milestoneId",
    {
      schema: {
        tags: ["milestones"],
        summary: 'Mark a milestone complete ({"status":"completed"}) or paid ({"paymentStatus":"paid"})',
        params: z.strictObject({ milestoneId: uuidParam }),
        body: milestoneUpdateSchema,
        response: { 200: milestoneSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      const { milestoneId } = request.params;
      const { status, paymentStatus } = request.body;
      await db.transaction(async (tx) => {
        const audited = { status: milestones.status, paymentStatus: milestones.paymentStatus };
        // Its project locked first (lockedProjectFacts), then the milestone: a project deleted or edited
        // meanwhile locks the project, then its milestones, so the two wait in one order (the milestone
        // first, its paid notice's reference to the project then waited on a deletion waiting on it). A
        // milestone's project never changes, so it is read before either lock.
        const [owner] = await tx
          .select({ projectId: milestones.projectId })
          .from(milestones)
          .where(eq(milestones.id, milestoneId));
        if (!owner || !(await lockedProjectFacts(tx, owner.projectId))) throw notFound("Milestone");
        // Then its project's facts read and judged: a project given to another client, or the milestone
        // deleted, while this waited is what the rules see (as a task's status change does).
        const [before] = await tx.select(audited).from(milestones).where(eq(milestones.id, milestoneId)).for("update");
        const facts = before && (await getMilestoneFacts(tx, milestoneId));
        if (!facts || !rules.milestones.read(actor, facts.project)) throw notFound("Milestone");
        if (!rules.milestones.update(actor, facts.project))
          throw forbidden("Only the project's client or an administrator may change milestones");
        // Sent again (a second tab, a repeated press): nothing changes, so nothing is audited or pushed.
        const changes =
          (status && status !== before.status) || (paymentStatus && paymentStatus !== before.paymentStatus);
        if (!changes) return;
        const [after] = await tx
          .update(milestones)
          .set({
            ...(status && { status }),
            // The server records when it was paid; marking a paid milestone again keeps the first date.
            ...(paymentStatus && { paymentStatus, paidDate: sql`coalesce(${milestones.paidDate}, now())` }),
          })
          .where(eq(milestones.id, milestoneId))
          .returning(audited);
        await auditAdminChange(tx, actor, {
          action: "milestone.update",
          entity: "milestone",
          entityId: milestoneId,
          before,
          after: after ?? null,
        });
        await publishChange(tx, { topic: "milestones", op: "update", id: milestoneId, projectId: facts.projectId });
        if (after?.paymentStatus === "paid" && before.paymentStatus !== "paid")
          await notifyMilestone(tx, actor, milestoneId, "paid");
      });
      const milestone = await getMilestone(db, milestoneId);
      if (!milestone) throw notFound("Milestone");
      return milestone;
    },
  );

  app.delete(
    "/api/milestones/:milestoneId",
    {
      schema: {
        tags: ["milestones"],
        summary: "Delete a milestone added by mistake (administrators; not one already paid)",
        params: z.strictObject({ milestoneId: uuidParam }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await request.requireUser();
      const actor = await request.actor();
      const { milestoneId } = request.params;
      const facts = await getMilestoneFacts(db, milestoneId);
      if (!facts || !rules.milestones.read(actor, facts.project)) throw notFound("Milestone");
      if (!rules.milestones.delete(actor, facts.project))
        throw forbidden("Only an administrator may delete milestones");
      await db.transaction(async (tx) => {
        const audited = {
          title: milestones.title,
          amountMinor: milestones.amount,
          status: milestones.status,
          paymentStatus: milestones.paymentStatus,
        };
        const [before] = await tx.select(audited).from(milestones).where(eq(milestones.id, milestoneId)).for("update");
        if (!before) throw notFound("Milestone");
        // A paid milestone records money received, as a paid invoice does.
        if (before.paymentStatus === "paid") throw conflict(PAID_MILESTONE_KEPT);
        await tx.delete(milestones).where(eq(milestones.id, milestoneId));
        await auditAdminChange(tx, actor, {
          action: "milestone.delete",
          entity: "milestone",
          entityId: milestoneId,
          before: { projectId: facts.projectId, ...before },
          after: null,
        });
        await publishChange(tx, { topic: "milestones", op: "delete", id: milestoneId, projectId: facts.projectId });
      });
      return reply.code(204).send(null);
    },
  );
};
