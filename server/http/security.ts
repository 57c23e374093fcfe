import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/** Where Swagger UI lives: it sends its own CSP, with hashes for its inline script and style. */
export const DOCS_PREFIX = "/api/docs";

/**
 * The product's pages run only their own scripts (no inline script, no
 * eval); styles may be inline, as Emotion writes them at run time. The live
 * channel is same-origin, which 'self' covers for ws: and wss:.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/**
 * Security headers on every response, from this one place. API answers are
 * never stored by browsers or proxies unless a route says otherwise (the
 * public plan list may be cached): they carry a person's data.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = new URL(config.appUrl).protocol === "https:";
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith(DOCS_PREFIX)) reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    reply.header("cross-origin-opener-policy", "same-origin");
    if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (path.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}

/**
 * Swagger UI's own CSP (hashes for its inline script and style), with the
 * framing rule every other page has, and without upgrade-insecure-requests
 * on plain http, where it would send the page's assets to a port that does
 * not speak TLS.
 */
export function docsCsp(config: Config) {
  const https = new URL(config.appUrl).protocol === "https:";
  return (header: string) =>
    header
      .split(";")
      .map((directive) => directive.trim())
      .filter((directive) => directive && !directive.startsWith("frame-ancestors"))
      .filter((directive) => https || directive !== "upgrade-insecure-requests")
      .concat("frame-ancestors 'none'")
      .join("; ");
}
