import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { S3Settings } from "../config";
import { notFound } from "../http/errors";
import { inBlocks } from "./blocks";
import { EMPTY_SHA256, sha256Hex, signV4, uriEncode } from "./sigv4";
import type { FileStore, FileStoreLog } from "./store";

/**
 * The S3-compatible store (FILE_STORE=s3): AWS S3, MinIO, Cloudflare R2,
 * Backblaze B2, DigitalOcean Spaces... through their common REST API, signed
 * with Signature Version 4 (./sigv4.ts) over fetch, without an SDK. A file's
 * object key is made from its id alone (`project-files/<uuid>`), never from
 * the name people gave it.
 *
 * Uploads are streamed: the checked blocks fill one part buffer (PART_BYTES,
 * S3's 5 MiB minimum for all parts but the last); a file that ends before it
 * is full is one PutObject, a larger one a multipart upload whose parts are
 * sent as each fills, the next read from the request only after the last
 * is stored. So at most one part is in memory per upload. On any failure (a
 * refused or dropped upload, an error from the store) the multipart upload is
 * aborted, leaving no object and no parts behind. Downloads stream the GET's
 * body straight through.
 */

export const PART_BYTES = 5 * 1024 * 1024;

/** Requests other than a download's body give up after this long. */
const REQUEST_TIMEOUT_MS = 120_000;

export const objectKey = (fileId: string) => `project-files/${fileId}`;

/** An error answer from the store: its HTTP status and S3 error code, never the request's credentials. */
export class S3RequestError extends Error {
  override name = "S3RequestError";
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`S3 ${operation} failed: ${status} ${code}${detail ? `: ${detail}` : ""}`);
  }
}

const xmlText = (xml: string, tag: string) => unescapeXml(new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? "");

function unescapeXml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const errorOf = (operation: string, status: number, xml: string) =>
  new S3RequestError(operation, status, xmlText(xml, "Code") || "UnknownError", xmlText(xml, "Message"));

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

type Request = {
  operation: string;
  method: "GET" | "PUT" | "POST" | "DELETE";
  key: string;
  /** Query parameters in order; a null value is a bare name (?uploads). */
  query?: [string, string | null][];
  body?: Buffer;
  headers?: Record<string, string>;
  /** Statuses that are not errors (besides 2xx). */
  accept?: number[];
};

/** The few S3 operations the store needs, each one signed request. */
export class S3Client {
  private readonly base: URL;

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
  }

  /** The object's URL: endpoint/bucket/key (path style) or bucket.endpoint/key, the key encoded once. */
  objectUrl(key: string, query: [string, string | null][] = []): URL {
    const url = new URL(this.base.href);
    const prefix = url.pathname.replace(/\/+$/, "");
    const encodedKey = uriEncode(key, true);
    if (this.settings.forcePathStyle) {
      url.pathname = `${prefix}/${uriEncode(this.settings.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${this.settings.bucket}.${url.hostname}`;
      url.pathname = `${prefix}/${encodedKey}`;
    }
    url.search = query
      .map(([name, value]) => (value === null ? uriEncode(name) : `${uriEncode(name)}=${uriEncode(value)}`))
      .join("&");
    return url;
  }

  /** Sends `request` signed; resolves once the answer's head has arrived, its timer still running for the body. */
  private async fetch(request: Request): Promise<{ response: Response; timer: NodeJS.Timeout }> {
    const url = this.objectUrl(request.key, request.query);
    const payloadHash = request.body ? sha256Hex(request.body) : EMPTY_SHA256;
    const headers: Record<string, string> = { ...request.headers, "x-amz-content-sha256": payloadHash };
    Object.assign(
      headers,
      signV4({ method: request.method, url, headers, payloadHash }, this.settings, {
        region: this.settings.region,
        service: "s3",
      }),
    );
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`S3 ${request.operation} timed out`)),
      REQUEST_TIMEOUT_MS,
    );
    try {
      const response = await fetch(url, {
        method: request.method,
        headers,
        // A view of the same bytes (fetch's types want a Uint8Array over an ArrayBuffer), not a copy.
        body:
          request.body &&
          new Uint8Array(request.body.buffer as ArrayBuffer, request.body.byteOffset, request.body.length),
        signal: controller.signal,
        // A redirect is S3 saying the bucket is elsewhere (PermanentRedirect, a wrong region): an error to report.
        redirect: "manual",
      });
      return { response, timer };
    } catch (error) {
      clearTimeout(timer);
      // fetch's own message ("fetch failed") says nothing: its cause names the refused or unknown host.
      const cause = (error as Error).cause as Error | undefined;
      throw new Error(`S3 ${request.operation} failed: ${cause?.message ?? (error as Error).message}`);
    }
  }

  /** A request whose answer is small: read whole; an error status (or S3's "200 with an <Error>") throws. */
  async call(request: Request): Promise<{ status: number; headers: Headers; text: string }> {
    const { response, timer } = await this.fetch(request);
    try {
      const text = await response.text();
      const failed =
        (!response.ok && !request.accept?.includes(response.status)) ||
        (response.ok && request.operation === "CompleteMultipartUpload" && text.includes("<Error>"));
      if (failed) throw errorOf(request.operation, response.status, text);
      return { status: response.status, headers: response.headers, text };
    } finally {
      clearTimeout(timer);
    }
  }

  async putObject(key: string, body: Buffer): Promise<void> {
    await this.call({
      operation: "PutObject",
      method: "PUT",
      key,
      body,
      headers: { "content-type": "application/octet-stream" },
    });
  }

  async createMultipartUpload(key: string): Promise<string> {
    const response = await this.call({
      operation: "CreateMultipartUpload",
      method: "POST",
      key,
      query: [["uploads", null]],
      headers: { "content-type": "application/octet-stream" },
    });
    const uploadId = xmlText(response.text, "UploadId");
    if (!uploadId) throw new S3RequestError("CreateMultipartUpload", response.status, "NoUploadId", "");
    return uploadId;
  }

  /** Returns the part's ETag, which CompleteMultipartUpload names it by. */
  async uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const response = await this.call({
      operation: "UploadPart",
      method: "PUT",
      key,
      query: [
        ["partNumber", String(partNumber)],
        ["uploadId", uploadId],
      ],
      body,
    });
    const etag = response.headers.get("etag");
    if (!etag) throw new S3RequestError("UploadPart", response.status, "NoETag", "");
    return etag;
  }

  async completeMultipartUpload(key: string, uploadId: string, etags: readonly string[]): Promise<void> {
    const parts = etags
      .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
      .join("");
    await this.call({
      operation: "CompleteMultipartUpload",
      method: "POST",
      key,
      query: [["uploadId", uploadId]],
      body: Buffer.from(
        `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`,
      ),
      headers: { "content-type": "application/xml" },
    });
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    // 404: already aborted or completed, nothing left to abort.
    await this.call({
      operation: "AbortMultipartUpload",
      method: "DELETE",
      key,
      query: [["uploadId", uploadId]],
      accept: [404],
    });
  }

  /** The object's bytes as the answer brings them. */
  async getObject(key: string): Promise<Readable> {
    const { response, timer } = await this.fetch({ operation: "GetObject", method: "GET", key });
    // Only the answer's start is timed: a large download may take longer, as long as it moves.
    clearTimeout(timer);
    if (!response.ok || !response.body) throw errorOf("GetObject", response.status, await response.text());
    return Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  }

  async deleteObject(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there; some compatible stores 404.
    await this.call({ operation: "DeleteObject", method: "DELETE", key, accept: [404] });
  }
}

export function s3FileStore(settings: S3Settings, log: FileStoreLog): FileStore {
  const client = new S3Client(settings);
  return {
    kind: "s3",

    async write(fileId, blocks) {
      const key = objectKey(fileId);
      let uploadId: string | undefined;
      const etags: string[] = [];
      try {
        // Each part is sent whole before the next is cut: the one part buffer is free again by then.
        for await (const part of inBlocks(blocks, PART_BYTES)) {
          // A file that ends before its first part is full is one PutObject.
          if (part.length < PART_BYTES && uploadId === undefined) {
            await client.putObject(key, part);
            return;
          }
          uploadId ??= await client.createMultipartUpload(key);
          etags.push(await client.uploadPart(key, uploadId, etags.length + 1, part));
        }
        if (uploadId === undefined) {
          // No bytes at all: an empty object, as for any file shorter than one part.
          await client.putObject(key, Buffer.alloc(0));
          return;
        }
        await client.completeMultipartUpload(key, uploadId, etags);
      } catch (error) {
        if (uploadId !== undefined) {
          await client.abortMultipartUpload(key, uploadId).catch((abortError: Error) =>
            // Its parts stay until the bucket's lifecycle rule removes them (README).
            log.warn({ err: abortError, key }, "could not abort a failed multipart upload"),
          );
        }
        throw error;
      }
    },

    async read(fileId) {
      try {
        return await client.getObject(objectKey(fileId));
      } catch (error) {
        // Deleted since its row was read, or lost from the store (FILE_STORE changed, a bucket emptied by hand).
        if (!(error instanceof S3RequestError) || error.status !== 404) throw error;
        log.warn({ key: objectKey(fileId), code: error.code }, "a file's object is not in the store");
        throw notFound("File");
      }
    },

    async remove(fileIds) {
      for (const fileId of fileIds) await client.deleteObject(objectKey(fileId));
    },
  };
}
