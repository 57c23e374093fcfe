import type { FastifyInstance } from "fastify";
import { forbidden } from "./errors";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** better-auth checks its own routes' origins, against the same list. */
const AUTH_PREFIX = "/api/auth/";

/**
 * API writes come from the product's own pages: a browser's write names its
 * page's origin, and one from any other origin is refused. Defence in depth
 * beside SameSite cookies and JSON-only bodies. A request without Origin is
 * no browser's cross-site write (browsers always send it on writes), unless
 * Sec-Fetch-Site says otherwise; API clients such as curl send neither.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request) => {
    if (READS.has(request.method) || !request.url.startsWith("/api/") || request.url.startsWith(AUTH_PREFIX)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers["sec-fetch-site"] === "cross-site";
    if (origin ? !allowedOrigins.includes(origin) : crossSite) {
      throw forbidden("This request came from another site.");
    }
  });
}
