import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { searchTextSchema } from "../../common/admin";
import { messageSchema, pageOf, projectSchema, readStateSchema, unreadSummarySchema } from "../../common/api";
import { PROJECT_STATUSES } from "../../common/domain";
import {
  ATTACH_NOT_FOUND,
  ATTACH_NOT_YOURS,
  ATTACH_TAKEN,
  markReadSchema,
  messageSendSchema,
  uuidParam,
} from "../../common/schemas";
import { isBlank } from "../../common/text";
import { filesToAttach } from "../data/files";
import { notifyMessage, readMessageNotification } from "../data/notifications";
import {
  getMessage,
  getProject,
  getProjectFacts,
  listMessages,
  listProjects,
  lockedProjectFacts,
} from "../data/projects";
import { countNewMessage, markRead, readState, unreadSummary } from "../data/unread";
import type { Db, Tx } from "../db";
import { messageFiles, projectMessages } from "../db/schema";
import { publishChange } from "../functions/changes";
import { createdBefore } from "../http/created-before";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { badRequest, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { type Actor, type ProjectFacts, rules } from "../rules";

const projectParams = z.strictObject({ projectId: uuidParam });

/**
 * The files a new message names, in the order named, each checked: a complete
 * file of this project (unknown ids and other projects' files get the same
 * answer), one the author may attach (rules.files.attach), on no other
 * message. Locked until the message's transaction ends (filesToAttach).
 */
async function checkedAttachments(
  tx: Tx,
  actor: Actor,
  project: ProjectFacts,
  projectId: string,
  fileIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const found = new Map((await filesToAttach(tx, fileIds)).map((file) => [file.id, file]));
  return fileIds.map((fileId) => {
    const file = found.get(fileId);
    if (!file || file.projectId !== projectId) throw badRequest(ATTACH_NOT_FOUND, { fileIds: ATTACH_NOT_FOUND });
    if (!rules.files.attach(actor, { project, uploaderId: file.uploaderId }))
      throw badRequest(ATTACH_NOT_YOURS, { fileIds: ATTACH_NOT_YOURS });
    if (file.attached) throw badRequest(ATTACH_TAKEN, { fileIds: ATTACH_TAKEN });
    return { id: file.id, name: file.name };
  });
}

const MESSAGE_ID_TAKEN = "This message's id belongs to another message. Send it again as a new message.";

export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Loads a project's facts and applies `allowed`; a project the actor may not see is "not found". */
  async function projectFor(actor: Actor, projectId: string, allowed: (actor: Actor, facts: ProjectFacts) => boolean) {
    const facts = await getProjectFacts(db, projectId);
    if (!facts || !allowed(actor, facts)) throw notFound("Project");
    return facts;
  }

  app.get(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary:
          "Projects the signed-in user may see, newest first, by cursor; of one status; or whose title starts with q, in title order",
        querystring: z.strictObject({
          ...pageQuery,
          status: z.enum(PROJECT_STATUSES).optional(),
          q: searchTextSchema,
        }),
        response: { 200: pageOf(projectSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const scope = rules.projects.scope(await request.actor());
      const { limit, cursor, status, q } = request.query;
      const rows = await listProjects(db, scope, { limit: limit + 1, after: decodeCursor(cursor), status, q });
      return toPage(rows, limit);
    },
  );

  app.get(
    "/api/projects/:projectId",
    {
      schema: {
        tags: ["projects"],
        summary: "One project with its client",
        params: projectParams,
        response: { 200: projectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      await projectFor(await request.actor(), request.params.projectId, rules.projects.read);
      const project = await getProject(db, request.params.projectId);
      if (!project) throw notFound("Project");
      return project;
    },
  );

  app.get(
    "/api/projects/:projectId/messages",
    {
      schema: {
        tags: ["projects"],
        summary: "A project's message thread, a page at a time, newest first, by cursor",
        params: projectParams,
        querystring: z.strictObject(pageQuery),
        response: { 200: pageOf(messageSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      await projectFor(await request.actor(), request.params.projectId, rules.projectMessages.read);
      const { limit, cursor } = request.query;
      const rows = await listMessages(db, request.params.projectId, { limit: limit + 1, after: decodeCursor(cursor) });
      return toPage(rows, limit);
    },
  );

  app.post(
    "/api/projects/:projectId/messages",
    {
      schema: {
        tags: ["projects"],
        summary: "Send a message to a project's thread",
        params: projectParams,
        body: messageSendSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const actor = await request.actor();
      const { projectId } = request.params;
      const { fileIds } = request.body;
      // With files, text that shows nothing is no text (messageSendSchema refuses it without files).
      const text = isBlank(request.body.message) ? "" : request.body.message;
      const sent = await db.transaction(async (tx) => {
        const project = await lockedProjectFacts(tx, projectId);
        if (!project || !rules.projectMessages.create(actor, project)) throw notFound("Project");
        // Sent before: answered with what it is.
        const { id } = request.body;
        const sentBefore =
          id &&
          (await createdBefore(
            tx,
            { kind: "message", id, taken: MESSAGE_ID_TAKEN },
            () =>
              tx
                .select({ userId: projectMessages.userId, projectId: projectMessages.projectId })
                .from(projectMessages)
                .where(eq(projectMessages.id, id)),
            { userId: user.id, projectId },
          ));
        if (sentBefore) return { id, repeated: true };
        const files = await checkedAttachments(tx, actor, project, projectId, fileIds);
        const [inserted] = await tx
          .insert(projectMessages)
          .values({ ...(request.body.id && { id: request.body.id }), projectId, userId: user.id, message: text })
          .returning({ id: projectMessages.id });
        if (!inserted) throw new Error("insert returned no row");
        if (files.length > 0)
          await tx
            .insert(messageFiles)
            .values(
              files.map((file, position) => ({ messageId: inserted.id, fileId: file.id, position, name: file.name })),
            );
        await countNewMessage(tx, projectId, user.id);
        await notifyMessage(
          tx,
          user,
          projectId,
          text,
          files.map((file) => file.name),
        );
        await publishChange(tx, { topic: "project_messages", op: "insert", id: inserted.id, projectId });
        return { id: inserted.id, repeated: false };
      });
      const message = await getMessage(db, sent.id);
      if (!message) throw notFound("Message");
      return reply.status(sent.repeated ? 200 : 201).send(message);
    },
  );

  app.get(
    "/api/projects/:projectId/read",
    {
      schema: {
        tags: ["projects"],
        summary: "The signed-in person's read point in a project's thread and how many messages are unread after it",
        params: projectParams,
        response: { 200: readStateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await projectFor(await request.actor(), request.params.projectId, rules.projectMessages.read);
      return readState(db, user.id, request.params.projectId);
    },
  );

  app.put(
    "/api/projects/:projectId/read",
    {
      schema: {
        tags: ["projects"],
        summary: "Marks the thread read up to a message (the newest shown); the read point never moves back",
        params: projectParams,
        body: markReadSchema,
        response: { 200: readStateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { projectId } = request.params;
      await projectFor(await request.actor(), projectId, rules.projectMessages.read);
      const state = await db.transaction(async (tx) => {
        const marked = await markRead(tx, user.id, projectId, request.body.upTo);
        if (marked) await publishChange(tx, { topic: "project_reads", op: "update", id: projectId, userId: user.id });
        if (marked?.unread === 0) await readMessageNotification(tx, user.id, projectId);
        return marked;
      });
      if (!state) throw notFound("Message");
      return state;
    },
  );

  app.get(
    "/api/unread",
    {
      schema: {
        tags: ["projects"],
        summary:
          "Unread messages of the signed-in person: the total, and per project with something unread (most first)",
        response: { 200: unreadSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      if (!actor) throw notFound("Person");
      return unreadSummary(db, actor);
    },
  );
};
