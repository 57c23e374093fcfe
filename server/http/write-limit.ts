import type { FastifyInstance } from "fastify";
import { createLimit } from "./rate-limit";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Routes with limits of their own: sign-in and friends per address and e-mail, enquiries per IP. */
const OWN_LIMITS = ["/api/auth/", "/api/enquiries"];

/**
 * One person cannot slow the server for everyone: each signed-in user may
 * make `perMinute` API writes a minute (in this process). Past it they get a
 * 429 with Retry-After. Anonymous writes are refused by the routes
 * themselves, or limited by their own rules.
 */
export function registerWriteLimit(app: FastifyInstance, perMinute: number): void {
  const limit = createLimit(app, {
    max: perMinute,
    timeWindowMs: 60_000,
    message: "You are doing that too often.",
    async key(request) {
      if (READS.has(request.method)) return undefined;
      const path = request.url.split("?")[0] ?? "";
      if (!path.startsWith("/api/") || OWN_LIMITS.some((prefix) => path.startsWith(prefix))) return undefined;
      const session = await request.session();
      return session ? `write|${session.user.id}` : undefined;
    },
  });
  app.addHook("preHandler", limit);
}
