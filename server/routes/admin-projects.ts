import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminProjectSchema, type ProjectForm, projectCreateSchema, projectEditSchema } from "../../common/admin-money";
import { PROJECT_INVOICED_KEPT, PROJECT_PAID_KEPT } from "../../common/domain";
import { uuidParam } from "../../common/schemas";
import { type AdminProjectRow, getAdminProject } from "../data/admin-projects";
import { auditAdminChange, changesNothing } from "../data/audit";
import { notifyProjectJoined, notifyProjectStatus, publishNotifications } from "../data/notifications";
import { existingPeople, lockDevelopers } from "../data/payments";
import { assignDevelopers } from "../data/projects";
import { taskAssigneesOf } from "../data/tasks";
import { startReading } from "../data/unread";
import type { Db, Tx } from "../db";
import { invoices, milestones, notifications, projectDevelopers, projectFiles, projects } from "../db/schema";
import { type FileStore, purgeDeletedContent } from "../files/store";
import { publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { createdBefore } from "../http/created-before";
import { conflict, notFound, refuseIfEditedMeanwhile, validationFailed } from "../http/errors";
import { errorResponses } from "../http/openapi";

const projectParams = z.strictObject({ projectId: uuidParam });
const PROJECT_ID_TAKEN = "This project's id belongs to another project. Create it again as a new project.";

/** The fields an audit entry keeps of a project, before and after. */
const audited = (row: AdminProjectRow) => ({
  title: row.title,
  description: row.description,
  clientId: row.clientId,
  developerIds: row.developers.map((developer) => developer.id),
  status: row.status,
  progress: row.progress,
  startDate: row.startDate,
  endDate: row.endDate,
});

/**
 * A client given the project must be an active client, and every developer assigned to it an active
 * developer: a 400 under the field otherwise. On an edit, `before` is the project as it was: its
 * client and developers who stay are not judged again, so a project whose client or developer was
 * deactivated since (their records kept) can still be edited, cancelled included.
 */
async function checkPeople(tx: Tx, body: ProjectForm, before?: AdminProjectRow) {
  if (body.clientId !== before?.clientId) {
    const [client] = await existingPeople(tx, "client", [body.clientId]);
    if (!client) throw validationFailed({ clientId: "This client does not exist or is deactivated." });
  }
  const staying = new Set(before?.developers.map((developer) => developer.id));
  const joining = body.developerIds.filter((id) => !staying.has(id));
  const leaving = [...staying].filter((id) => !body.developerIds.includes(id));
  await lockDevelopers(tx, [...joining, ...leaving]);
  const developers = await existingPeople(tx, "developer", joining);
  if (developers.length !== joining.length)
    throw validationFailed({ developerIds: "Every assigned person must be an active developer." });
}

const columnsOf = (body: ProjectForm) => ({
  title: body.title,
  description: body.description,
  clientId: body.clientId,
  status: body.status,
  progress: body.progress,
  startDate: body.startDate,
  endDate: body.endDate,
});

/**
 * Projects as administrators create and edit them (issue #7 item 5): every
 * field of the project, its client and its developers; audited before and
 * after, and published so the client's and developers' open portals follow.
 */
export const adminProjectRoutes: FastifyPluginAsyncZod<{ db: Db; files: FileStore }> = async (app, { db, files }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage projects");

  app.get(
    "/api/admin/projects/:projectId",
    {
      schema: {
        tags: ["admin"],
        summary: "A project with its assigned developers, as the edit dialog loads it",
        params: projectParams,
        response: { 200: adminProjectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      const project = await getAdminProject(db, request.params.projectId);
      if (!project) throw notFound("Project");
      return project;
    },
  );

  app.post(
    "/api/admin/projects",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates a project for a client with its developers, status, progress and dates",
        body: projectCreateSchema,
        response: { 200: adminProjectSchema, 201: adminProjectSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { id, ...body } = request.body;
      const created = await db.transaction(async (tx) => {
        // Created before: answered with what it is.
        const sentBefore =
          id &&
          (await createdBefore(
            tx,
            { kind: "project", id, taken: PROJECT_ID_TAKEN },
            () => tx.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, id)),
            { clientId: body.clientId },
          ));
        if (sentBefore) {
          const project = await getAdminProject(tx, id);
          if (!project) throw new Error("the project created before could not be read");
          return { project, repeated: true };
        }
        await checkPeople(tx, body);
        const [inserted] = await tx
          .insert(projects)
          .values({ ...(id && { id }), ...columnsOf(body) })
          .returning({ id: projects.id });
        if (!inserted) throw new Error("the project insert returned no row");
        await assignDevelopers(
          tx,
          body.developerIds.map((developerId) => ({ projectId: inserted.id, developerId })),
        );
        const after = await getAdminProject(tx, inserted.id);
        if (!after) throw new Error("the new project could not be read");
        await auditAdminChange(tx, actor, {
          action: "project.create",
          entity: "project",
          entityId: inserted.id,
          before: null,
          after: audited(after),
        });
        await publishChange(tx, {
          topic: "projects",
          op: "insert",
          id: inserted.id,
          clientId: body.clientId,
          developerIds: body.developerIds,
          previousClientId: null,
        });
        await notifyProjectJoined(tx, actor, noticeOf(after), { client: true, developerIds: body.developerIds });
        return { project: after, repeated: false };
      });
      reply.code(created.repeated ? 200 : 201);
      return created.project;
    },
  );

  app.patch(
    "/api/admin/projects/:projectId",
    {
      schema: {
        tags: ["admin"],
        summary: "Edits every field of a project: title, description, client, developers, status, progress, dates",
        params: projectParams,
        body: projectEditSchema,
        response: { 200: adminProjectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { projectId } = request.params;
      const { expectedUpdatedAt, ...body } = request.body;
      return db.transaction(async (tx) => {
        const before = await getAdminProject(tx, projectId, { lock: true });
        if (!before) throw notFound("Project");
        const developersSorted = (ids: string[]) => [...ids].sort();
        const kept = { ...audited(before), developerIds: developersSorted(audited(before).developerIds) };
        if (changesNothing(kept, { ...columnsOf(body), developerIds: developersSorted(body.developerIds) }))
          return before;
        refuseIfEditedMeanwhile(before.updatedAt, expectedUpdatedAt);
        await checkPeople(tx, body, before);
        await tx.update(projects).set(columnsOf(body)).where(eq(projects.id, projectId));
        const previousIds = before.developers.map((developer) => developer.id);
        // Developers who stay keep their assignment (and its date); the others leave, the new ones join.
        const removed = previousIds.filter((id) => !body.developerIds.includes(id));
        const added = body.developerIds.filter((id) => !previousIds.includes(id));
        if (removed.length > 0)
          await tx
            .delete(projectDevelopers)
            .where(and(eq(projectDevelopers.projectId, projectId), inArray(projectDevelopers.developerId, removed)));
        await assignDevelopers(
          tx,
          added.map((developerId) => ({ projectId, developerId })),
        );
        await startReading(tx, projectId, [...added, ...(before.clientId === body.clientId ? [] : [body.clientId])]);
        const after = await getAdminProject(tx, projectId);
        if (!after) throw notFound("Project");
        await auditAdminChange(tx, actor, {
          action: "project.update",
          entity: "project",
          entityId: projectId,
          before: audited(before),
          after: audited(after),
        });
        await publishChange(tx, {
          topic: "projects",
          op: "update",
          id: projectId,
          clientId: body.clientId,
          developerIds: [...new Set([...previousIds, ...body.developerIds])],
          previousClientId: before.clientId === body.clientId ? null : before.clientId,
          ...(before.title !== after.title && { relabelled: { taskAssignees: await taskAssigneesOf(tx, projectId) } }),
          ...(added.length + removed.length > 0 && { assignmentsChanged: true }),
        });
        // Those who joined hear that first; then everyone on it hears of a new status.
        const notice = noticeOf(after);
        await notifyProjectJoined(tx, actor, notice, {
          client: before.clientId !== after.clientId,
          developerIds: added,
        });
        if (before.status !== after.status) await notifyProjectStatus(tx, actor, notice);
        return after;
      });
    },
  );

  app.delete(
    "/api/admin/projects/:projectId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes a project created by mistake, with its messages, files and milestones; not one with invoices or paid milestones (409)",
        params: projectParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { projectId } = request.params;
      const fileIds = await db.transaction(async (tx) => {
        // Locked, as its milestones are: an invoice or a payment arriving meanwhile waits for this decision.
        const before = await getAdminProject(tx, projectId, { lock: true });
        if (!before) throw notFound("Project");
        const [invoiced] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.projectId, projectId))
          .limit(1);
        if (invoiced) throw conflict(PROJECT_INVOICED_KEPT);
        const payments = await tx
          .select({ paymentStatus: milestones.paymentStatus })
          .from(milestones)
          .where(eq(milestones.projectId, projectId))
          .for("update");
        if (payments.some((milestone) => milestone.paymentStatus === "paid")) throw conflict(PROJECT_PAID_KEPT);
        // Their notifications about it go with it (cascade): their bells refetch.
        const told = await tx
          .selectDistinct({ userId: notifications.userId })
          .from(notifications)
          .where(eq(notifications.projectId, projectId));
        const taskAssignees = await taskAssigneesOf(tx, projectId);
        const stored = await tx
          .select({ id: projectFiles.id })
          .from(projectFiles)
          .where(eq(projectFiles.projectId, projectId));
        // Messages, files (their stored content noted for deletion by a trigger), milestones, read
        // states and notifications cascade; tasks stay, on no project.
        await tx.delete(projects).where(eq(projects.id, projectId));
        await auditAdminChange(tx, actor, {
          action: "project.delete",
          entity: "project",
          entityId: projectId,
          before: audited(before),
          after: null,
        });
        await publishChange(tx, {
          topic: "projects",
          op: "delete",
          id: projectId,
          clientId: before.clientId,
          developerIds: before.developers.map((developer) => developer.id),
          previousClientId: null,
          relabelled: { taskAssignees },
        });
        await publishNotifications(
          tx,
          told.map((row) => row.userId),
          { op: "delete", id: projectId },
        );
        return stored.map((file) => file.id);
      });
      // After the commit: the store's copy of its files (if it fails, the periodic sweep deletes it
      // later). Past a thousand, every noted file is purged rather than naming each in one statement.
      await purgeDeletedContent(db, files, request.log, fileIds.length <= 1_000 ? fileIds : undefined);
      return reply.code(204).send(null);
    },
  );
};

/** A project as its notices name it and its people. */
const noticeOf = (project: AdminProjectRow) => ({
  id: project.id,
  title: project.title,
  status: project.status,
  clientId: project.clientId,
  developerIds: project.developers.map((developer) => developer.id),
});
