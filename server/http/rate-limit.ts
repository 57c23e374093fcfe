import { isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export const rateLimited = (retryAfterS: number, message = "Too many requests.") =>
  new HttpError(429, "rate_limited", `${message} Try again in ${retryAfterS} seconds.`);

/**
 * Whom a per-address limit counts: the request's address (the visitor's, as the proxy in front says,
 * when TRUST_PROXY names it), an IPv6 one by its /64. A provider gives each subscriber a /64 or more, so
 * counted by the whole address, one visitor would find a fresh bucket at each of their 2^64 addresses.
 */
export const clientAddress = (request: FastifyRequest): string => addressBucket(request.ip);

export function addressBucket(ip: string): string {
  const address = ip.split("%")[0] ?? ip; // a link-local address's zone (fe80::1%eth0)
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill("0"), ...after];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

type LimitOptions = {
  /** Requests allowed per window for one key. */
  max: number;
  timeWindowMs: number;
  /** The bucket a request counts against, or undefined when this limit does not apply to it. */
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  message?: string;
};

/**
 * A limit beyond a route's own: one more bucket per request (per person, per
 * target address, per IP across accounts…), counted in @fastify/rate-limit's
 * store like the routes' own limits. Past `max` the request gets a 429 in the
 * API's error shape with Retry-After. Needs @fastify/rate-limit registered
 * (the auth plugin does).
 */
export function createLimit(app: FastifyInstance, options: LimitOptions) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => keys.get(request) ?? "",
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = await options.key(request);
    if (key === undefined) return;
    keys.set(request, key);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    throw rateLimited(result.ttlInSeconds, options.message);
  };
}
