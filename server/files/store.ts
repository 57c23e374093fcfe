import type { Readable } from "node:stream";
import { asc, inArray, sql } from "drizzle-orm";
import type { FileStoreConfig } from "../config";
import { type Detected, detectType, isBinary } from "../data/file-content";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { projectFileDeletions } from "../db/schema";
import { HttpError } from "../http/errors";
import { inBlocks } from "./blocks";
import { databaseFileStore } from "./database";
import { s3FileStore } from "./s3";

/**
 * Where project files' content is kept (issue #8, item 6): in the database
 * (server/files/database.ts, the default) or in an S3-compatible store
 * (server/files/s3.ts, FILE_STORE=s3), chosen once at start-up. Either way
 * the row in project_files is the file: listing, rules, live updates and
 * message attachments read only the rows. A store only keeps bytes under a
 * file's id: it writes them from the checked upload, reads them back as a
 * stream, and deletes those of files whose rows are gone.
 */
export interface FileStore {
  readonly kind: FileStoreConfig["kind"];
  /**
   * Stores `blocks` (checkUpload's, already judged) as the content of
   * `fileId`. Throws what iterating `blocks` throws, or the store's own
   * error, after leaving nothing behind in the store.
   */
  write(fileId: string, blocks: AsyncIterable<Buffer>): Promise<void>;
  /** The content of a complete file, streamed as the reader takes it. */
  read(fileId: string): Promise<Readable>;
  /** Deletes the content of these files (whose rows are gone); nothing to delete is no error. */
  remove(fileIds: readonly string[]): Promise<void>;
}

/** The server's log: an `err` given to it passes its serializer (loggable), which keeps a query's parameters out. */
export type FileStoreLog = { warn(data: object, message: string): void };

export function createFileStore(config: FileStoreConfig, db: Db, log: FileStoreLog): FileStore {
  return config.kind === "s3" ? s3FileStore(config, log) : databaseFileStore(db);
}

/** The size of the blocks checkUpload cuts an upload into (and of the database store's chunks). */
export const CHUNK_BYTES = 256 * 1024;

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, "payload_too_large", `This file is too large. Files can be at most ${formatMegabytes(maxBytes)}.`);

export const unsupportedType = () =>
  new HttpError(
    415,
    "unsupported_media_type",
    "This type of file cannot be uploaded. Upload a PDF, PNG, JPEG, GIF, WebP, Word, Excel, PowerPoint, text or CSV file.",
  );

export const uploadLimitReached = (maxBytes: number) =>
  new HttpError(
    429,
    "upload_limit",
    `You have uploaded as much as one person may in 24 hours (${formatMegabytes(maxBytes)}). Try again tomorrow.`,
  );

export const emptyFile = () => new HttpError(400, "bad_request", "This file is empty.");

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export type CheckedUpload = {
  /** The upload in CHUNK_BYTES blocks (the last shorter), each judged before it is given out, each valid until the next. */
  blocks: AsyncIterable<Buffer>;
  /** Once `blocks` has been read to its end: the size and the type decided on the content. */
  result(): { size: number; detected: Detected };
};

/**
 * The one judge of an upload, whichever store keeps it: counts the bytes as
 * they arrive and throws 413 past `maxBytes`; decides the type on the first
 * block's content and throws 415 for one outside the allowlist (and for
 * binary bytes later in a text file); throws 400 at the end for an empty
 * file. Each block is valid until the next is asked for (./blocks.ts): one
 * buffer is reused, since both stores have written or copied a block by then
 * (a fresh 256 KB per block was 25 MB of garbage per 25 MB upload).
 */
export function checkUpload(
  body: AsyncIterable<Buffer | Uint8Array>,
  options: { maxBytes: number; name: string },
): CheckedUpload {
  let size = 0;
  let detected: Detected | undefined;
  let finished = false;

  const judge = (block: Buffer) => {
    if (!detected) {
      detected = detectType(block, options.name);
      if (!detected) throw unsupportedType();
    } else if (detected.text && isBinary(block)) {
      throw unsupportedType();
    }
    return block;
  };

  async function* counted(): AsyncGenerator<Buffer | Uint8Array> {
    for await (const piece of body) {
      size += piece.length;
      if (size > options.maxBytes) throw tooLarge(options.maxBytes);
      yield piece;
    }
  }

  async function* blocks(): AsyncGenerator<Buffer> {
    for await (const block of inBlocks(counted(), CHUNK_BYTES)) yield judge(block);
    if (size === 0 || !detected) throw emptyFile();
    finished = true;
  }

  return {
    blocks: { [Symbol.asyncIterator]: blocks },
    result() {
      if (!finished || !detected) throw new Error("checkUpload: the upload was not read to its end");
      return { size, detected };
    },
  };
}

/** Stores an upload through `store` once judged by checkUpload; returns its size and type. */
export async function storeUpload(
  store: FileStore,
  fileId: string,
  body: AsyncIterable<Buffer | Uint8Array>,
  options: { maxBytes: number; name: string },
): Promise<{ size: number; detected: Detected }> {
  const upload = checkUpload(body, options);
  await store.write(fileId, upload.blocks);
  return upload.result();
}

/** Files deleted per pass of purgeDeletedContent. */
const PURGE_BATCH = 100;

/**
 * Deletes the stored content of deleted files (project_file_deletions, kept
 * by a trigger on project_files) and then their rows there: `fileIds` only
 * (just after a deletion commits), or every one noted, oldest first (the
 * periodic sweep). A failure leaves the rows for the next sweep and is
 * logged, not thrown: the deletion itself has happened. Several processes
 * may purge the same file at once; deleting content twice is harmless.
 */
export async function purgeDeletedContent(
  db: Db,
  store: FileStore,
  log: FileStoreLog,
  fileIds?: readonly string[],
): Promise<void> {
  if (fileIds?.length === 0) return;
  for (;;) {
    const rows = await db
      .select({ fileId: projectFileDeletions.fileId })
      .from(projectFileDeletions)
      .where(fileIds ? inArray(projectFileDeletions.fileId, [...fileIds]) : undefined)
      .orderBy(asc(projectFileDeletions.deletedAt))
      .limit(pageLimit(PURGE_BATCH));
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.fileId);
    try {
      await store.remove(ids);
    } catch (error) {
      log.warn(
        { err: error, files: ids.length },
        "could not delete deleted files' content from the file store; a later sweep tries again",
      );
      return;
    }
    await db.delete(projectFileDeletions).where(inArray(projectFileDeletions.fileId, ids));
    if (fileIds || rows.length < PURGE_BATCH) return;
  }
}

/** How often each process sweeps for deleted files' content left behind (a store that was down, a crash). */
export const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Sweeps once soon after start, then every PURGE_EVERY_MS; `stop` waits for a sweep under way. */
export function startContentSweep(db: Db, store: FileStore, log: FileStoreLog): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= purgeDeletedContent(db, store, log)
      .catch((error: unknown) => log.warn({ err: error }, "file content sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(sweep, 5_000);
  const timer = setInterval(sweep, PURGE_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** Notes `fileId` as deleted, for a file whose row may already be gone (the trigger notes the rest). */
export async function noteDeleted(db: Db, fileId: string): Promise<void> {
  await db.execute(sql`insert into ${projectFileDeletions} (file_id) values (${fileId}) on conflict do nothing`);
}
