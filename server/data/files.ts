import { Readable } from "node:stream";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { uuidParam } from "../../common/schemas";
import type { Db, Tx } from "../db";
import { messageFiles, projectFileChunks, projectFiles, users } from "../db/schema";
import { HttpError } from "../http/errors";
import type { LiveCollection } from "../live/collection";
import { type FileFacts, rules } from "../rules";
import { type Detected, detectType, isBinary } from "./file-content";
import { getProjectFacts } from "./projects";

/**
 * Project files (issue #8, item 6): reads shared by the REST routes and the
 * live hub, and the streamed upload and download. Content is stored as
 * CHUNK_BYTES chunks in project_file_chunks, written as the upload arrives and
 * read one at a time as the download is sent: a file is never whole in memory.
 */
export const CHUNK_BYTES = 256 * 1024;

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
  const after = options.after
    ? sql`(${projectFiles.createdAt}, ${projectFiles.id}) < (select f.created_at, f.id from ${projectFiles} f where f.id = ${options.after} and f.project_id = ${projectId})`
    : undefined;
  return selectFiles(db)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.complete, true), after))
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
    .limit(options.limit);
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
  const [row] = await tx
    .select({ messageId: messageFiles.messageId })
    .from(messageFiles)
    .where(eq(messageFiles.fileId, fileId));
  return row?.messageId;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, "payload_too_large", `This file is too large. Files can be at most ${formatMegabytes(maxBytes)}.`);

export const unsupportedType = () =>
  new HttpError(
    415,
    "unsupported_media_type",
    "This type of file cannot be uploaded. Upload a PDF, PNG, JPEG, GIF, WebP, Word, Excel, PowerPoint, text or CSV file.",
  );

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export { tooLarge };

/**
 * Stores an upload arriving on `body` as the file `fileId` (its row already
 * inserted, incomplete): each CHUNK_BYTES written as it fills, the type
 * decided on the first chunk's content. Throws 413 past `maxBytes`, 415 for a
 * type outside the allowlist, 400 for an empty file; the caller deletes the
 * row (and so its chunks) when it throws.
 */
export async function storeChunks(
  db: Db,
  fileId: string,
  body: AsyncIterable<Buffer | Uint8Array>,
  options: { maxBytes: number; name: string },
): Promise<{ size: number; detected: Detected }> {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  let size = 0;
  let seq = 0;
  let detected: Detected | undefined;

  const flush = async () => {
    if (filled === 0) return;
    const data = buffer.subarray(0, filled);
    if (!detected) {
      detected = detectType(data, options.name);
      if (!detected) throw unsupportedType();
    } else if (detected.text && isBinary(data)) {
      throw unsupportedType();
    }
    await db.insert(projectFileChunks).values({ fileId, seq, data });
    seq += 1;
    // A fresh buffer: the driver may still hold the last one's bytes.
    buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    filled = 0;
  };

  for await (const piece of body) {
    size += piece.length;
    if (size > options.maxBytes) throw tooLarge(options.maxBytes);
    let offset = 0;
    while (offset < piece.length) {
      const take = Math.min(CHUNK_BYTES - filled, piece.length - offset);
      buffer.set(piece.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === CHUNK_BYTES) await flush();
    }
  }
  await flush();
  if (size === 0 || !detected) throw new HttpError(400, "bad_request", "This file is empty.");
  return { size, detected };
}

/** Deletes uploads abandoned mid-way (their chunks go with them). */
export async function sweepAbandoned(db: Db): Promise<void> {
  await db.execute(
    sql`delete from ${projectFiles} where not ${projectFiles.complete} and ${projectFiles.createdAt} < now() - ${ABANDONED_AFTER}::interval`,
  );
}

/** A file's content as a stream, one chunk read from the database at a time, as the reader takes it. */
export function readChunks(db: Db, fileId: string): Readable {
  let seq = 0;
  return new Readable({
    highWaterMark: 1,
    objectMode: false,
    async read() {
      try {
        const [row] = await db
          .select({ data: projectFileChunks.data })
          .from(projectFileChunks)
          .where(and(eq(projectFileChunks.fileId, fileId), eq(projectFileChunks.seq, seq)));
        seq += 1;
        this.push(row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
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
  async authorize(db, actor, key) {
    if (key.length !== 3 || key[0] !== "projects" || key[2] !== "files") return undefined;
    const projectId = uuidParam.safeParse(key[1]);
    if (!projectId.success) return false;
    const facts = await getProjectFacts(db, projectId.data);
    return !!facts && rules.files.read(actor, { project: facts, uploaderId: null });
  },
  async resolve(db, change) {
    const facts = await getProjectFacts(db, change.projectId);
    if (!facts) return [];
    const invalidate = { invalidate: true as const };
    return [
      {
        key: projectFilesKey(change.projectId),
        pushFor: (actor) => (rules.files.read(actor, { project: facts, uploaderId: null }) ? invalidate : undefined),
      },
    ];
  },
};
