import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import authentication from "@20minutes/s3rver/lib/middleware/authentication.js";
import type { S3Settings } from "../../server/config";

/**
 * A local S3-compatible server for the S3 file store's tests: s3rver, a real
 * implementation of S3's REST API over a temp directory, which checks each
 * request's Signature Version 4 against the secret (a wrong signer gets 403
 * SignatureDoesNotMatch). Two things S3 does that s3rver does not are added
 * in front of its router, in the same way S3 does them: AbortMultipartUpload
 * (DELETE ?uploadId, signature checked by s3rver's own middleware), and
 * EntityTooSmall for a multipart upload with a part other than the last under
 * 5 MiB. Failures can be switched on to test what the store does with them.
 */

export const S3_PART_MINIMUM = 5 * 1024 * 1024;
const BUCKET = "project-files-test";
/** s3rver's one account. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

// biome-ignore lint/suspicious/noExplicitAny: s3rver is a Koa app without types.
type KoaContext = any;

export type TestS3 = {
  /** FILE_STORE=s3 settings pointing at this server. */
  settings: S3Settings;
  /** Keys of the objects in the bucket. */
  objectKeys(): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): Promise<string[]>;
  /** Every request received, as "METHOD /path?query" (signature checked or not). */
  requests: string[];
  /** While true, DeleteObject answers 503. */
  failDeletes: boolean;
  /** UploadPart of this part number answers 500 (once). */
  failPart: number | undefined;
  close(): Promise<void>;
};

const s3Error = (ctx: KoaContext, status: number, code: string, message: string) => {
  ctx.status = status;
  ctx.type = "application/xml";
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
};

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "ls-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const uploadsDir = path.join(directory, BUCKET, "._S3rver_uploads");
  const authenticate = authentication();

  const state = {
    requests: [] as string[],
    failDeletes: false,
    failPart: undefined as number | undefined,
  };

  const extra = async (ctx: KoaContext, next: () => Promise<void>) => {
    state.requests.push(`${ctx.method} ${ctx.url}`);
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!match) return next();
    const [, bucket, key] = match;
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : undefined;
    if (ctx.method === "DELETE" && uploadId !== undefined) {
      // AbortMultipartUpload.
      ctx.params = { bucket, key };
      await authenticate(ctx, async () => {});
      const dir = path.join(uploadsDir, path.basename(uploadId));
      if (!existsSync(dir)) return s3Error(ctx, 404, "NoSuchUpload", "The specified upload does not exist.");
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === "DELETE" && state.failDeletes) {
      return s3Error(ctx, 503, "ServiceUnavailable", "Please reduce your request rate.");
    }
    if (ctx.method === "PUT" && uploadId !== undefined && Number(ctx.query.partNumber) === state.failPart) {
      state.failPart = undefined;
      return s3Error(ctx, 500, "InternalError", "We encountered an internal error. Please try again.");
    }
    if (ctx.method === "POST" && uploadId !== undefined) {
      // CompleteMultipartUpload: every part but the last must be at least 5 MiB, as S3 requires.
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const parts = existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => /^\d+$/.test(name))
            .map(Number)
            .sort((a, b) => a - b)
        : [];
      const small = parts.slice(0, -1).find((part) => statSync(path.join(dir, String(part))).size < S3_PART_MINIMUM);
      if (small !== undefined) {
        return s3Error(
          ctx,
          400,
          "EntityTooSmall",
          "Your proposed upload is smaller than the minimum allowed object size.",
        );
      }
    }
    return next();
  };
  // Before s3rver's router, after its URL rewriting.
  server.middleware.splice(server.middleware.length - 1, 0, extra);

  const address = (await server.run()) as { port: number };

  async function objectKeys(): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.name === "._S3rver_uploads") continue;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else if (entry.name.endsWith("._S3rver_object"))
          keys.push(`${prefix}${entry.name.slice(0, -"._S3rver_object".length)}`);
      }
    };
    await walk(path.join(directory, BUCKET), "");
    return keys.sort();
  }

  return {
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: "us-east-1",
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    objectKeys,
    async pendingUploads() {
      return existsSync(uploadsDir) ? readdir(uploadsDir) : [];
    },
    get requests() {
      return state.requests;
    },
    get failDeletes() {
      return state.failDeletes;
    },
    set failDeletes(value) {
      state.failDeletes = value;
    },
    get failPart() {
      return state.failPart;
    },
    set failPart(value) {
      state.failPart = value;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
