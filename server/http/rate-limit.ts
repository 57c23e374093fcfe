import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export const rateLimited = (retryAfterS: number, message = "Too many requests.") =>
  new HttpError(429, "rate_limited", `${message} Try again in ${retryAfterS} seconds.`);

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
