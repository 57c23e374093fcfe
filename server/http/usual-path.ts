import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

export const UNUSUAL_ADDRESS = "This address is not written in its usual form.";

/** What a path may not hold in its usual form: a backslash, a dot segment, or any escape (judged below). */
const SUSPECT = /[\\%]|\/\.\.?(?:\/|$)/;
/** A character a browser never escapes in a path: escaped, it is a path written to look like another. */
const NEEDS_NO_ESCAPE = /[A-Za-z0-9\-._~/\\]/;

/**
 * Whether a request's path (its query aside) is written as browsers write it: absolute, with no dot
 * segment ("/./", "/../"), no backslash, and nothing escaped that needs no escaping (a letter, a digit,
 * "-", ".", "_", "~" or "/"). Escapes of what must be escaped, such as a space, are usual.
 */
export function isUsualPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  if (!SUSPECT.test(path)) return true;
  if (path.includes("\\") || path.split("/").some((segment) => segment === "." || segment === "..")) return false;
  for (const [, hex] of path.matchAll(/%([0-9a-fA-F]{2})/g)) {
    if (NEEDS_NO_ESCAPE.test(String.fromCharCode(Number.parseInt(hex as string, 16)))) return false;
  }
  return true;
}

/**
 * The router decodes a path before it matches it, so "/%61pi/orders" reached /api/orders, while every
 * check that reads the path as sent (the origin check, the write limit, no-store on API answers) took it
 * for a page; and "/api/auth/reset-password/../list-sessions" took the auth bridge to an endpoint it does
 * not list. Browsers never send such a path, so a request with one gets a 400 before any of them runs,
 * and each check can trust the path it reads.
 */
export function registerUsualPathGuard(app: FastifyInstance): void {
  // A callback, not an async hook: it runs on every request, and needs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const query = request.url.indexOf("?");
    done(
      isUsualPath(query === -1 ? request.url : request.url.slice(0, query)) ? undefined : badRequest(UNUSUAL_ADDRESS),
    );
  });
}
