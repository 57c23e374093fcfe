import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { messageFiles, projectFiles, users } from "../db/schema";
import { takeTurn } from "../db/turns";
import { beforeCursor } from "../http/cursor";
import { invalidate, type LiveCollection } from "../live/collection";
import { type FileFacts, rules } from "../rules";
import { authorizeProjectKey, getProjectFacts } from "./projects";

/**
 * Project files (issue #8, item 6): reads shared by the REST routes and the
 * live hub. The rows are here; the content is kept by the file store chosen at
 * start-up (server/files/store.ts), which also judges each upload.
 */

/** Uploads left incomplete this long (a dropped connection, a crashed process) are swept by the next upload. */
const ABANDONED_AFTER = "1 hour";

const fileColumns = {
  id: projectFiles.id,
  projectId: projectFiles.projectId,
  name: projectFiles.name,
  contentType: projectFiles.contentType,
  size: projectFiles.size,
  uploaderId: projectFiles.uploaderId,
  uploaderName: users.fullName,
  createdAt: projectFiles.createdAt,
};

const selectFiles = (db: Db) =>
  db.select(fileColumns).from(projectFiles).leftJoin(users, eq(users.id, projectFiles.uploaderId));

/** A page of a project's files, newest first (server/http/cursor.ts), on project_files_project_created_idx. */
export function listFiles(db: Db, projectId: string, options: { limit: number; after?: string | undefined }) {
  const after = beforeCursor(projectFiles, options.after, {
    scope: { column: projectFiles.projectId, equals: projectId },
  });
  return selectFiles(db)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.complete, true), after))
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
    .limit(pageLimit(options.limit));
}

export async function getFile(db: Db, id: string) {
  const [row] = await selectFiles(db).where(and(eq(projectFiles.id, id), eq(projectFiles.complete, true)));
  return row;
}

export type FileView = NonNullable<Awaited<ReturnType<typeof getFile>>>;

/** A complete file's row and the facts the rules need about it. */
export async function getFileFacts(db: Db, id: string): Promise<(FileFacts & { file: FileView }) | undefined> {
  const file = await getFile(db, id);
  if (!file) return undefined;
  const project = await getProjectFacts(db, file.projectId);
  return project ? { project, uploaderId: file.uploaderId, file } : undefined;
}

/**
 * The complete files among `ids` with what attaching them needs, locked until
 * the caller's transaction ends, so a deletion or another message naming the
 * same file waits for it. Read after the lock (a later statement sees what
 * the transaction it waited for committed): whether each is already attached.
 */
export async function filesToAttach(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: projectFiles.id,
      projectId: projectFiles.projectId,
      uploaderId: projectFiles.uploaderId,
      name: projectFiles.name,
    })
    .from(projectFiles)
    .where(and(inArray(projectFiles.id, [...ids]), eq(projectFiles.complete, true)))
    .for("update");
  const attached = new Set(
    (
      await tx
        .select({ fileId: messageFiles.fileId })
        .from(messageFiles)
        .where(inArray(messageFiles.fileId, [...ids]))
    ).map((row) => row.fileId),
  );
  return rows.map((row) => ({ ...row, attached: attached.has(row.id) }));
}

/** The message a file is attached to, if any (message_files_file_idx). */
export async function messageOfFile(tx: Tx, fileId: string): Promise<string | undefined> {
  // The file locked first, as a message attaching it locks it: an attachment committed while this waited
  // is then seen, and its message told the file went (read unlocked, that message kept a dead link).
  await tx.select({ id: projectFiles.id }).from(projectFiles).where(eq(projectFiles.id, fileId)).for("update");
  const [row] = await tx
    .select({ messageId: messageFiles.messageId })
    .from(messageFiles)
    .where(eq(messageFiles.fileId, fileId));
  return row?.messageId;
}

/** Deletes uploads abandoned mid-way (their chunks go with them; a trigger notes them for the file store's purge). */
export async function sweepAbandoned(db: Db): Promise<void> {
  await db.execute(
    sql`delete from ${projectFiles} where not ${projectFiles.complete} and ${projectFiles.createdAt} < now() - ${ABANDONED_AFTER}::interval`,
  );
}

/**
 * Bytes of the files `uploaderId` uploaded in the last 24 hours and still kept (a deleted file's content is
 * purged: it fills no disk), on project_files_uploader_created_idx. An upload under way counts the room it
 * reserved (`reserveUpload`), its real size once complete.
 */
async function bytesUploadedInADay(tx: Tx, uploaderId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${projectFiles.size}), 0)` })
    .from(projectFiles)
    .where(and(eq(projectFiles.uploaderId, uploaderId), sql`${projectFiles.createdAt} > now() - interval '1 day'`));
  return Number(row?.bytes ?? 0);
}

/**
 * An upload's row, incomplete, holding `bytes` of the uploader's day (`perDay`), or undefined when the
 * day has no such room. One person's uploads take their turn on a lock for the check and the insert:
 * checked apart, uploads sent at once each found the others' rows still at 0 bytes and passed together.
 */
export async function reserveUpload(
  db: Db,
  file: { projectId: string; uploaderId: string; name: string; bytes: number },
  perDay: number,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await takeTurn(tx, `upload:${file.uploaderId}`);
    if ((await bytesUploadedInADay(tx, file.uploaderId)) + file.bytes > perDay) return undefined;
    const [row] = await tx
      .insert(projectFiles)
      .values({ ...file, size: file.bytes, contentType: "application/octet-stream" })
      .returning({ id: projectFiles.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  });
}

/** "Content-Disposition" for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/;]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const projectFilesKey = (projectId: string) => ["projects", projectId, "files"] as const;

/** A project's files are live for everyone who may read the project: the open Files panel refetches its list. */
export const filesLive: LiveCollection<"project_files"> = {
  topic: "project_files",
  authorize: authorizeProjectKey("files", (actor, project) => rules.files.read(actor, { project, uploaderId: null })),
  async resolve(db, change) {
    const facts = await getProjectFacts(db, change.projectId);
    if (!facts) return [];
    return [
      {
        key: projectFilesKey(change.projectId),
        pushFor: (actor) => (rules.files.read(actor, { project: facts, uploaderId: null }) ? invalidate : undefined),
      },
    ];
  },
};
