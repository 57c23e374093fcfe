import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageOf } from "../../common/api";
import { FILE_NAME_HEADER, FILE_NAME_MAX_LENGTH } from "../../common/file-types";
import { projectFileSchema } from "../../common/files";
import { uuidParam } from "../../common/schemas";
import { hasControlCharacter } from "../../common/text";
import type { Config } from "../config";
import { auditAdminChange } from "../data/audit";
import { fileNameFor } from "../data/file-content";
import {
  attachmentDisposition,
  getFile,
  getFileFacts,
  listFiles,
  messageOfFile,
  reserveUpload,
  sweepAbandoned,
} from "../data/files";
import { getProjectFacts, lockedProjectFacts } from "../data/projects";
import type { Db } from "../db";
import { projectFiles, users } from "../db/schema";
import {
  type FileStore,
  noteDeleted,
  purgeDeletedContent,
  storeUpload,
  tooLarge,
  uploadLimitReached,
} from "../files/store";
import { publishChange } from "../functions/changes";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { badRequest, forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

/**
 * What no file name holds beyond the control characters: tabs and line breaks, and the marks that
 * change the direction text reads in, with which "\u202etxt.exe" shows as "exe.txt".
 */
const NAME_CONTROLS = /[\t\n\r\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The file's name from its header: URL-encoded UTF-8, without any folder a browser or tool prefixed. */
function fileNameOf(header: string | string[] | undefined): string {
  const invalid = () => badRequest("Name the file in the X-File-Name header.", { name: "A file name is required." });
  if (typeof header !== "string" || header === "") throw invalid();
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw invalid();
  }
  name = (name.split(/[\\/]/).pop() ?? "").trim();
  if (!name || name === "." || name === "..") throw invalid();
  if (hasControlCharacter(name) || NAME_CONTROLS.test(name))
    throw badRequest("The file name has a control character.", { name: "Not allowed." });
  if (name.length > FILE_NAME_MAX_LENGTH)
    throw badRequest(`File names can be at most ${FILE_NAME_MAX_LENGTH} characters.`, { name: "Too long." });
  return name;
}

/**
 * Project files (issue #8, item 6). Upload is the file's raw bytes as the
 * body (any Content-Type), its name in X-File-Name, judged and streamed into
 * the file store (the database's chunks or an S3-compatible store) as it
 * arrives; download streams it back the same way. The row is the file: it is
 * complete only once the store holds all of it, and the store's copy of a
 * deleted file is purged after the deletion commits.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; files: FileStore }> = async (
  app,
  { db, config, files },
) => {
  // In this plugin only: a body of any type is left unread for the upload route to stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const projectParams = z.strictObject({ projectId: uuidParam });

  app.get(
    "/api/projects/:projectId/files",
    {
      schema: {
        tags: ["files"],
        summary: "A project's files, newest first, by cursor",
        params: projectParams,
        querystring: z.strictObject(pageQuery),
        response: { 200: pageOf(projectFileSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await request.requireUser();
      const facts = await getProjectFacts(db, request.params.projectId);
      if (!facts || !rules.files.read(await request.actor(), { project: facts, uploaderId: null }))
        throw notFound("Project");
      const { limit, cursor } = request.query;
      const rows = await listFiles(db, request.params.projectId, { limit: limit + 1, after: decodeCursor(cursor) });
      return toPage(rows, limit);
    },
  );

  app.post(
    "/api/projects/:projectId/files",
    {
      schema: {
        tags: ["files"],
        summary:
          "Upload a file to a project: the raw bytes as the body, the URL-encoded name in X-File-Name (PDF, images, Office documents, text or CSV; checked on the content)",
        params: projectParams,
        response: { 201: projectFileSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const actor = await request.actor();
      const { projectId } = request.params;
      const facts = await getProjectFacts(db, projectId);
      if (!facts || !rules.files.create(actor, { project: facts, uploaderId: null })) throw notFound("Project");
      const name = fileNameOf(request.headers[FILE_NAME_HEADER]);
      const declared = Number(request.headers["content-length"]);
      if (Number.isFinite(declared) && declared > config.fileMaxBytes) {
        // Refused before reading: the rest of the body is not wanted, so the connection closes after the answer.
        reply.header("connection", "close");
        throw tooLarge(config.fileMaxBytes);
      }
      await sweepAbandoned(db);
      // The room an upload takes in its uploader's day: its declared length, or a whole file's when undeclared.
      const bytes = Number.isFinite(declared) ? declared : config.fileMaxBytes;
      const fileId = await reserveUpload(db, { projectId, uploaderId: user.id, name, bytes }, config.uploadBytesPerDay);
      if (!fileId) {
        reply.header("connection", "close");
        throw uploadLimitReached(config.uploadBytesPerDay);
      }
      try {
        const { size, detected } = await storeUpload(files, fileId, request.raw, {
          maxBytes: config.fileMaxBytes,
          name,
        });
        const completed = await db.transaction(async (tx) => {
          // Judged again as it completes, the project locked and the uploader read afresh: a body may take
          // minutes to arrive, and someone taken off the project, deactivated or given another role
          // meanwhile (or the project deleted) no longer adds to it.
          const project = await lockedProjectFacts(tx, projectId);
          const [uploader] = await tx
            .select({ role: users.role })
            .from(users)
            .where(and(eq(users.id, user.id), isNull(users.archivedAt)))
            .for("share");
          const now = uploader && { id: user.id, role: uploader.role };
          if (!project || !now || !rules.files.create(now, { project, uploaderId: null })) return false;
          const updated = await tx
            .update(projectFiles)
            .set({ size, contentType: detected.type, name: fileNameFor(name, detected), complete: true })
            .where(eq(projectFiles.id, fileId))
            .returning({ id: projectFiles.id });
          if (updated.length === 0) return false;
          await publishChange(tx, { topic: "project_files", op: "insert", id: fileId, projectId });
          return true;
        });
        // Refused as it completed, or the row went while the file arrived: what was stored goes too.
        if (!completed) throw notFound("Project");
      } catch (error) {
        const deleted = await db
          .delete(projectFiles)
          .where(eq(projectFiles.id, fileId))
          .returning({ id: projectFiles.id });
        // The trigger notes a deleted row; a row already gone is noted here, so its content is purged all the same.
        if (deleted.length === 0) await noteDeleted(db, fileId);
        await purgeDeletedContent(db, files, request.log, [fileId]);
        // The unread rest of a refused body is not wanted.
        if (!request.raw.readableEnded) reply.header("connection", "close");
        throw error;
      }
      const file = await getFile(db, fileId);
      if (!file) throw notFound("File");
      return reply.status(201).send(file);
    },
  );

  app.get(
    "/api/files/:fileId",
    {
      schema: {
        tags: ["files"],
        summary: "Download a project file (as an attachment, with its stored type)",
        params: z.strictObject({ fileId: uuidParam }),
        response: {
          200: z.any().meta({ description: "The file's bytes, with its stored type" }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      await request.requireUser();
      const facts = await getFileFacts(db, request.params.fileId);
      if (!facts || !rules.files.read(await request.actor(), facts)) throw notFound("File");
      const { file } = facts;
      const content = await files.read(file.id);
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("content-disposition", attachmentDisposition(file.name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(content);
    },
  );

  app.delete(
    "/api/files/:fileId",
    {
      schema: {
        tags: ["files"],
        summary: "Delete a project file (the person who uploaded it or an administrator)",
        params: z.strictObject({ fileId: uuidParam }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await request.requireUser();
      const actor = await request.actor();
      const file = await getFile(db, request.params.fileId);
      if (!file) throw notFound("File");
      await db.transaction(async (tx) => {
        // Judged on the project's facts under its lock: a change to its people under way is waited for.
        const project = await lockedProjectFacts(tx, file.projectId);
        const facts = project && { project, uploaderId: file.uploaderId };
        if (!facts || !rules.files.read(actor, facts)) throw notFound("File");
        if (!rules.files.delete(actor, facts))
          throw forbidden("Only the person who uploaded a file or an administrator may delete it.");
        // Its message stays and shows the file as removed (message_files.file_id is set null): pushed as an update.
        const messageId = await messageOfFile(tx, file.id);
        const deleted = await tx
          .delete(projectFiles)
          .where(eq(projectFiles.id, file.id))
          .returning({ id: projectFiles.id });
        if (deleted.length === 0) throw notFound("File");
        await auditAdminChange(tx, actor, {
          action: "file.delete",
          entity: "file",
          entityId: file.id,
          before: { projectId: file.projectId, name: file.name, size: file.size, uploaderId: file.uploaderId },
          after: null,
        });
        await publishChange(tx, { topic: "project_files", op: "delete", id: file.id, projectId: file.projectId });
        if (messageId)
          await publishChange(tx, {
            topic: "project_messages",
            op: "update",
            id: messageId,
            projectId: file.projectId,
          });
      });
      // After the commit: the store's copy (if it fails, the periodic sweep deletes it later).
      await purgeDeletedContent(db, files, request.log, [file.id]);
      return reply.status(204).send(null);
    },
  );
};
