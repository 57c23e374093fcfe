import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageOf, taskCountsSchema, taskSchema } from "../../common/api";
import { TASK_STATUSES } from "../../common/domain";
import { taskStatusUpdateSchema, uuidParam } from "../../common/schemas";
import { auditAdminChange, changesNothing } from "../data/audit";
import { notifyTaskChange } from "../data/notifications";
import { countTasks, getTask, getTaskFacts, listTasks } from "../data/tasks";
import type { Db } from "../db";
import { tasks } from "../db/schema";
import { publishChange } from "../functions/changes";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

export const taskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/tasks",
    {
      schema: {
        tags: ["tasks"],
        summary:
          "The signed-in person's tasks (a client's: those on their projects; every task for an administrator), newest first, by cursor",
        querystring: z.strictObject({
          ...pageQuery,
          // Admin › Tasks' filters; within the viewer's own scope for everyone else.
          status: z.enum(TASK_STATUSES).optional(),
          assignee: z.string().min(1).max(100).optional(),
          project: uuidParam.optional(),
        }),
        response: { 200: pageOf(taskSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const scope = rules.tasks.scope(await request.actor());
      const { limit, cursor, status, assignee, project } = request.query;
      const rows = await listTasks(db, scope, {
        limit: limit + 1,
        after: decodeCursor(cursor),
        status,
        assignee,
        project,
      });
      return toPage(rows, limit);
    },
  );

  app.get(
    "/api/tasks/counts",
    {
      schema: {
        tags: ["tasks"],
        summary:
          "How many of the signed-in person's tasks (a client's: those on their projects; every task for an administrator) are in each status",
        response: { 200: taskCountsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await request.requireUser();
      return countTasks(db, rules.tasks.scope(await request.actor()));
    },
  );

  app.patch(
    "/api/tasks/:taskId/status",
    {
      schema: {
        tags: ["tasks"],
        summary: "Move a task to another status (its assignee or an administrator)",
        params: z.strictObject({ taskId: uuidParam }),
        body: taskStatusUpdateSchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      const { taskId } = request.params;
      await db.transaction(async (tx) => {
        // The task locked first, then its facts read and judged: a reassignment or a deletion committed while
        // this waited is what the rules see (judged before the lock, a developer moved a task reassigned from
        // them a moment before, in their name, and a deleted one was audited as moved).
        const [before] = await tx
          .select({ status: tasks.status })
          .from(tasks)
          .where(eq(tasks.id, taskId))
          .for("update");
        const facts = before && (await getTaskFacts(tx, taskId));
        // Not yours to see reads as "not found"; yours to see but not to move is "forbidden".
        if (!facts || !rules.tasks.read(actor, facts)) throw notFound("Task");
        if (!rules.tasks.update(actor, facts))
          throw forbidden("Only the task's assignee or an administrator may move it");
        if (changesNothing(before, request.body)) return;
        await tx.update(tasks).set({ status: request.body.status }).where(eq(tasks.id, taskId));
        // An administrator's change is written to the audit log in the same transaction.
        await auditAdminChange(tx, actor, {
          action: "task.update",
          entity: "task",
          entityId: taskId,
          before,
          after: { status: request.body.status },
        });
        await publishChange(tx, {
          topic: "tasks",
          op: "update",
          id: taskId,
          assignedTo: facts.assignedTo,
          previousAssignedTo: facts.assignedTo,
          projectClientId: facts.projectClientId,
          previousProjectClientId: facts.projectClientId,
        });
        await notifyTaskChange(tx, actor, taskId, { assignedTo: facts.assignedTo, status: before.status });
      });
      const task = await getTask(db, taskId);
      if (!task) throw notFound("Task");
      return task;
    },
  );
};
