import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Below this a response goes as it is: compressing it would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Up to this size a body is compressed on the event loop. Handing it to the
 * thread pool cost more than the compression: brotli's asynchronous path
 * spends ~200 µs on the event loop anyway (setting up the stream) and ~415 µs
 * of CPU in all for a 6 KB page of clients, against ~135 µs done at once
 * (bench/profile.mjs on an admin table: zlib was 19 % of the server's CPU).
 * Larger bodies still go to the pool, so one big answer does not hold up the rest.
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

/**
 * Quality 1. Compression was the largest cost of a 50-row page: ~40 % of the server's CPU serving
 * My Tasks on the large data set (bench/profile.mjs), the encoder's work and its set-up and
 * tear-down per response. Timed alone on the large data set's pages (12-25 KB of JSON), quality 1
 * takes 37-58 % less time than 3 for 12-20 % more bytes (My Tasks 3,584 -> 4,298 bytes, the
 * thread's page 2,014 -> 2,286); gzip at level 1 is slower still for about quality 1's size.
 * Served at 50 connections, quality 3 and 1 alternated twice (req/s): My Tasks 1,337, 1,244 ->
 * 1,638, 1,693; admin's projects 1,658, 1,423 -> 2,008, 2,081; the thread 1,859, 1,768 ->
 * 2,126, 2,048; invoices 2,418, 2,340 -> 2,806, 2,796. Under load the server's one thread is what
 * a reader waits for; a few hundred bytes more of a page is not. (Quality 3 had replaced 4 for the
 * same reason: 35-40 % less CPU for 1-2 % more bytes.)
 */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
};

/** "br" or "gzip" when the request accepts it (a q=0 refuses), br preferred; undefined otherwise. */
export function chooseEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/**
 * JSON answers of the API, compressed with brotli or gzip when the client
 * accepts it and the body is over COMPRESS_MIN_BYTES: a page of projects or
 * messages is tens of kilobytes of repetitive JSON that shrinks about tenfold.
 * Fast settings (brotli quality 1, gzip level 6); bodies over
 * COMPRESS_SYNC_MAX_BYTES on libuv's thread pool so the event loop keeps serving. Public pages and assets are precompressed at
 * start by server/http/site.ts and @fastify/static, and carry their own
 * content-encoding, which this leaves alone; the live channel is a WebSocket
 * and never passes through here.
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/") || reply.hasHeader("content-encoding")) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("application/json")) return payload;
    reply.header("vary", "accept-encoding");
    // Measured without copying: most answers (a profile, a counter) stay under the threshold.
    const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    const compressed = await compressBody(typeof payload === "string" ? Buffer.from(payload) : payload, encoding);
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compressed;
  });
}

/** A body made per request, compressed with fast settings: small ones at once, large ones on the thread pool. */
export async function compressBody(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  const brotliOptions = { params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
  if (body.length <= COMPRESS_SYNC_MAX_BYTES) {
    return encoding === "br" ? zlib.brotliCompressSync(body, brotliOptions) : zlib.gzipSync(body, { level: 6 });
  }
  return encoding === "br" ? brotli(body, brotliOptions) : gzip(body, { level: 6 });
}
