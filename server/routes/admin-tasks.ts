import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickerQuerySchema, projectOptionSchema, taskAssigneeOptionSchema } from "../../common/admin-money";
import { taskSchema } from "../../common/api";
import { editedVersion, type TaskData, taskCreateSchema, taskInputSchema, uuidParam } from "../../common/schemas";
import { auditAdminChange, changesNothing } from "../data/audit";
import { notifyTaskChange } from "../data/notifications";
import { assignableStaff, getTask, getTaskFields, projectClientOf, taskProjects } from "../data/tasks";
import type { Db, Tx } from "../db";
import { projects, tasks, users } from "../db/schema";
import { publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { createdBefore } from "../http/created-before";
import { notFound, refuseIfEditedMeanwhile, validationFailed } from "../http/errors";
import { errorResponses } from "../http/openapi";

const taskParams = z.strictObject({ taskId: uuidParam });

/**
 * Checks the task's assignee (active staff) and project (one that exists), each refusal said under its
 * field as a 400; returns the client whose project it is (who follows the task). Both rows stay
 * share-locked until the task is written, so a deactivation or a deletion meanwhile is waited for and
 * then refused, as `existingPeople` does. On an edit, an assignee who stays is not judged again
 * (`before`): the task of someone deactivated since can still be edited.
 */
async function checkReferences(
  tx: Tx,
  data: TaskData,
  before?: { assignedTo: string | null },
): Promise<{ projectClientId: string | null }> {
  const fields: Record<string, string> = {};
  let projectClientId: string | null = null;
  if (data.assignedTo && data.assignedTo !== before?.assignedTo) {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, data.assignedTo), inArray(users.role, ["developer", "admin"]), isNull(users.archivedAt)))
      .for("share");
    if (!person) fields.assignedTo = "Choose a developer or administrator from the list.";
  }
  if (data.projectId) {
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, data.projectId))
      .for("share");
    if (!project) fields.projectId = "Choose a project from the list.";
    projectClientId = project?.clientId ?? null;
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  return { projectClientId };
}

/**
 * Admin › Tasks (issue #7): create, edit and delete any task. The list is
 * GET /api/tasks (every task for an administrator) with its filters. Every
 * write is audited and published in its own transaction.
 */
/** An edit writes every field, from the version of the task its form read. */
const taskEditSchema = taskInputSchema.extend(editedVersion);
const TASK_ID_TAKEN = "This task's id belongs to another task. Create it again as a new task.";

export const adminTaskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage tasks");

  // Two reads, not one: each select searches its own (the staff by name or e-mail, the projects by title).
  app.get(
    "/api/admin/tasks/assignee-options",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Who a task may be assigned to: active developers and administrators, by name, those whose name, surname or e-mail starts with q when given (bounded)",
        querystring: z.strictObject({ q: pickerQuerySchema.shape.q }),
        response: { 200: z.array(taskAssigneeOptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return assignableStaff(db, request.query.q);
    },
  );

  app.get(
    "/api/admin/tasks/project-options",
    {
      schema: {
        tags: ["admin"],
        summary: "The projects a task may belong to, by title, those whose title starts with q when given (bounded)",
        querystring: z.strictObject({ q: pickerQuerySchema.shape.q }),
        response: { 200: z.array(projectOptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return taskProjects(db, request.query.q);
    },
  );

  app.post(
    "/api/admin/tasks",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a task (empty assignee, project and due date are stored as null)",
        body: taskCreateSchema,
        response: { 200: taskSchema, 201: taskSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { id: chosen, ...data } = request.body;
      const created = await db.transaction(async (tx) => {
        // Created before: answered with what it is.
        const sentBefore =
          chosen &&
          (await createdBefore(
            tx,
            { kind: "task", id: chosen, taken: TASK_ID_TAKEN },
            () => tx.select({ createdBy: tasks.createdBy }).from(tasks).where(eq(tasks.id, chosen)),
            { createdBy: actor.id },
          ));
        if (sentBefore) return { id: chosen, repeated: true };
        const { projectClientId } = await checkReferences(tx, data);
        const [row] = await tx
          .insert(tasks)
          .values({ ...(chosen && { id: chosen }), ...data, createdBy: actor.id })
          .returning({ id: tasks.id });
        if (!row) throw new Error("task insert returned no row");
        await auditAdminChange(tx, actor, {
          action: "task.create",
          entity: "task",
          entityId: row.id,
          before: null,
          after: { ...data },
        });
        await publishChange(tx, {
          topic: "tasks",
          op: "insert",
          id: row.id,
          assignedTo: data.assignedTo,
          previousAssignedTo: null,
          projectClientId,
          previousProjectClientId: null,
        });
        await notifyTaskChange(tx, actor, row.id, null);
        return { id: row.id, repeated: false };
      });
      const task = await getTask(db, created.id);
      if (!task) throw notFound("Task");
      return reply.status(created.repeated ? 200 : 201).send(task);
    },
  );

  app.put(
    "/api/admin/tasks/:taskId",
    {
      schema: {
        tags: ["admin"],
        summary: "Edit every field of a task",
        params: taskParams,
        body: taskEditSchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { taskId } = request.params;
      const { expectedUpdatedAt, ...data } = request.body;
      await db.transaction(async (tx) => {
        const found = await getTaskFields(tx, taskId, { lock: true });
        if (!found) throw notFound("Task");
        const { updatedAt, ...before } = found;
        if (changesNothing(before, data)) return;
        refuseIfEditedMeanwhile(updatedAt, expectedUpdatedAt);
        const { projectClientId } = await checkReferences(tx, data, before);
        await tx.update(tasks).set(data).where(eq(tasks.id, taskId));
        await auditAdminChange(tx, actor, {
          action: "task.update",
          entity: "task",
          entityId: taskId,
          before: { ...before },
          after: { ...data },
        });
        await publishChange(tx, {
          topic: "tasks",
          op: "update",
          id: taskId,
          assignedTo: data.assignedTo,
          previousAssignedTo: before.assignedTo,
          projectClientId,
          // The project's client was just read when the task stays on its project.
          previousProjectClientId:
            before.projectId === data.projectId ? projectClientId : await projectClientOf(tx, before.projectId),
        });
        await notifyTaskChange(tx, actor, taskId, before);
      });
      const task = await getTask(db, taskId);
      if (!task) throw notFound("Task");
      return task;
    },
  );

  app.delete(
    "/api/admin/tasks/:taskId",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a task",
        params: taskParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { taskId } = request.params;
      await db.transaction(async (tx) => {
        const found = await getTaskFields(tx, taskId, { lock: true });
        if (!found) throw notFound("Task");
        const { updatedAt: _updatedAt, ...before } = found;
        const projectClientId = await projectClientOf(tx, before.projectId);
        await tx.delete(tasks).where(eq(tasks.id, taskId));
        await auditAdminChange(tx, actor, {
          action: "task.delete",
          entity: "task",
          entityId: taskId,
          before: { ...before },
          after: null,
        });
        await publishChange(tx, {
          topic: "tasks",
          op: "delete",
          id: taskId,
          assignedTo: before.assignedTo,
          previousAssignedTo: before.assignedTo,
          projectClientId,
          previousProjectClientId: projectClientId,
        });
      });
      return reply.status(204).send(null);
    },
  );
};
