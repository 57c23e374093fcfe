import rateLimit from "@fastify/rate-limit";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE, passwordMeetsPolicy } from "../../common/domain";
import { unexpectedField } from "../../common/messages";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  isPersonalPassword,
  PERSONAL_PASSWORD_MESSAGE,
} from "../../common/password";
import { companyNameSchema, emailSchema, fullNameSchema } from "../../common/schemas";
import type { Config } from "../config";
import type { Db } from "../db";
import { sessions as sessionRows, users } from "../db/schema";
import { errorBody, unauthorized, validationFailed } from "../http/errors";
import { clientAddress, createLimit } from "../http/rate-limit";
import type { Actor } from "../rules";
import {
  AUTH_BASE_PATH,
  type Auth,
  endPasswordLinks,
  RESET_LANDING,
  VERIFIED_LANDING,
  VERIFIED_SIGN_IN_LANDING,
  VERIFY_FAILED_LANDING,
} from ".";
import { insideBetterAuth } from "./async-context";
import { deviceCookie, deviceOf } from "./device";
import { readCookie, type SessionResolver } from "./resolver";
import type { CachedSession, SessionCache } from "./session-cache";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in session, checked once per request (cached across requests). */
    session(): Promise<CachedSession | null>;
    /** The session's user as the access rules see them, or null when signed out. */
    actor(): Promise<Actor>;
    /** The signed-in user; answers 401 when signed out, with `message` when the route has its own. */
    requireUser(message?: string): Promise<CachedSession["user"]>;
  }
}

/** Keys the rate limiters' store keeps (least recently used first out). */
const RATE_LIMIT_KEYS = 50_000;

const password = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine(passwordMeetsPolicy, PASSWORD_POLICY_MESSAGE)
  .refine((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE);

/**
 * Every better-auth endpoint the product uses, with a strict body schema:
 * anything else (a role, emailVerified, an unknown field) is a 400 before
 * better-auth sees it. Endpoints not listed answer 404.
 */
const endpoints: Record<string, { method: "GET" | "POST"; body?: z.ZodType; credential?: boolean }> = {
  "/sign-up/email": {
    method: "POST",
    credential: true,
    body: z
      .strictObject({
        fullName: fullNameSchema,
        email: emailSchema,
        password,
        companyName: companyNameSchema.optional(),
      })
      .refine((body) => !isPersonalPassword(String(body.password ?? ""), { email: body.email, name: body.fullName }), {
        message: PERSONAL_PASSWORD_MESSAGE,
        path: ["password"],
      }),
  },
  "/sign-in/email": {
    method: "POST",
    credential: true,
    body: z.strictObject({
      email: emailSchema,
      password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
      rememberMe: z.boolean().optional(),
    }),
  },
  "/sign-out": { method: "POST", body: z.strictObject({}) },
  "/get-session": { method: "GET" },
  "/send-verification-email": { method: "POST", credential: true, body: z.strictObject({ email: emailSchema }) },
  "/verify-email": { method: "GET" },
  "/change-password": {
    method: "POST",
    credential: true,
    body: z.strictObject({
      currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
      newPassword: password,
      revokeOtherSessions: z.boolean().optional(),
    }),
  },
  "/request-password-reset": { method: "POST", credential: true, body: z.strictObject({ email: emailSchema }) },
  "/reset-password": {
    method: "POST",
    credential: true,
    body: z.strictObject({ newPassword: password, token: z.string().min(1).max(200) }),
  },
};

/** The field a refusal of better-auth's is about, so a form shows it under that field. */
const fieldOfCode: Record<string, string> = { INVALID_PASSWORD: "currentPassword" };

/** better-auth's own messages, reworded where a user needs to know what to do next. */
const friendlyMessages: Record<string, string> = {
  EMAIL_NOT_VERIFIED:
    "Your e-mail address is not verified yet. Open the link we sent you, or send a new verification e-mail.",
  INVALID_EMAIL_OR_PASSWORD: "Invalid e-mail or password.",
  INVALID_PASSWORD: "Your current password is not correct.",
  USER_ALREADY_EXISTS: "An account with this e-mail already exists. Sign in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this e-mail already exists. Sign in instead.",
  INVALID_TOKEN: "This link is invalid or has expired. Ask for a new one.",
  ACCOUNT_DEACTIVATED: "This account has been deactivated. Contact Lagos Studio to have it restored.",
};

type Options = {
  auth: Auth;
  db: Db;
  sessions: SessionCache;
  resolver: SessionResolver;
  config: Config;
  /** Called after each successful sign-in (portal pages come next: server/http/portal-pages.ts warms up). */
  onSignedIn?: () => void;
};

async function authPlugin(app: FastifyInstance, { auth, db, sessions, resolver, config, onSignedIn }: Options) {
  async function resolveSession(request: FastifyRequest): Promise<CachedSession | null> {
    const cookie = readCookie(request.headers.cookie, resolver.cookieName);
    if (!cookie) return null;
    const { session, setCookies } = await resolver.resolve(cookie);
    // A refreshed session comes with a new cookie expiry; pass it on.
    if (setCookies.length > 0) refreshedCookies.set(request, setCookies);
    return session;
  }

  const resolved = new WeakMap<FastifyRequest, Promise<CachedSession | null>>();
  const refreshedCookies = new WeakMap<FastifyRequest, string[]>();
  app.decorateRequest("session", function (this: FastifyRequest) {
    let session = resolved.get(this);
    if (!session) {
      session = resolveSession(this);
      resolved.set(this, session);
    }
    return session;
  });
  // A callback hook, not an async one: it runs on every response, and a promise each time shows.
  app.addHook("onSend", (request, reply, payload, done) => {
    const cookies = refreshedCookies.get(request);
    if (cookies && !reply.hasHeader("set-cookie")) reply.header("set-cookie", cookies);
    done(null, payload);
  });
  app.decorateRequest("actor", async function (this: FastifyRequest) {
    const session = await this.session();
    return session ? { id: session.user.id, role: session.user.role } : null;
  });
  app.decorateRequest("requireUser", async function (this: FastifyRequest, message?: string) {
    const session = await this.session();
    if (!session) throw unauthorized(message);
    return session.user;
  });

  // One store for every limit (each route's and createLimit's), least recently used first out: 5,000 keys by
  // default, which a flood of made-up e-mails could cycle to reset a real account's sign-in bucket. At
  // 50,000 (~10 MB at the most) that flood needs thousands of addresses, each held to its own limits.
  await app.register(rateLimit, { global: false, hook: "preHandler", cache: RATE_LIMIT_KEYS });

  // Limits beyond the route's per address-and-e-mail one, each closing a way around it.
  const extraLimits = [
    // Password spraying: one IP trying many accounts.
    createLimit(app, {
      max: config.authRateLimit * 2,
      timeWindowMs: 60_000,
      message: TOO_MANY_ATTEMPTS,
      key: (request) =>
        SIGN_IN_PATHS.has(pathOf(request)) ? `ip|${pathOf(request)}|${clientAddress(request)}` : undefined,
    }),
    // Mail bombing one inbox from many IPs, or many inboxes from one IP.
    createLimit(app, {
      max: config.authRateLimit,
      timeWindowMs: 60 * 60_000,
      message: TOO_MANY_MAILS,
      key: (request) => {
        const email = bodyEmail(request);
        return MAIL_PATHS.has(pathOf(request)) && email ? `mail-to|${email}` : undefined;
      },
    }),
    createLimit(app, {
      max: config.authRateLimit * 2,
      timeWindowMs: 60_000,
      message: TOO_MANY_MAILS,
      key: (request) => (MAIL_PATHS.has(pathOf(request)) ? `mail-from|${clientAddress(request)}` : undefined),
    }),
    // Guessing one person's password from many IPs: per account, whichever IP asks. A browser that signed
    // in to the account before counts in a bucket of its own (server/auth/device.ts), so a guesser
    // filling the account's bucket does not hold its owner out on their own devices.
    createLimit(app, {
      max: config.authRateLimit * 3,
      timeWindowMs: 15 * 60_000,
      message: TOO_MANY_SIGN_INS,
      key: async (request) => {
        const email = bodyEmail(request);
        if (pathOf(request) !== "/sign-in/email" || !email) return undefined;
        const device = await deviceOf(db, config.authSecret, request.headers.cookie, email);
        return device ? `sign-in-device|${email}|${device}` : `sign-in-to|${email}`;
      },
    }),
    // Guessing the current password: per person, whichever IP and session they come from.
    createLimit(app, {
      max: config.authRateLimit,
      timeWindowMs: 60_000,
      message: TOO_MANY_PASSWORD_CHANGES,
      key: async (request) => {
        if (pathOf(request) !== "/change-password") return undefined;
        const session = await request.session();
        return session ? `change-password|${session.user.id}` : undefined;
      },
    }),
  ];

  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    config: {
      rateLimit: {
        max: (request: FastifyRequest) => (isCredential(request) ? config.authRateLimit : config.authRateLimit * 10),
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const path = pathOf(request);
          // A password change names no e-mail: its bucket is the session, not everyone behind one IP.
          if (path === "/change-password")
            return `${path}|${readCookie(request.headers.cookie, resolver.cookieName) ?? clientAddress(request)}`;
          return `${clientAddress(request)}|${path}|${bodyEmail(request) ?? ""}`;
        },
      },
    },
    async handler(request, reply) {
      const path = pathOf(request);
      const endpoint = endpoints[path] ?? (path.startsWith("/reset-password/") ? { method: "GET" } : undefined);
      if (!endpoint || endpoint.method !== request.method) {
        return reply
          .status(404)
          .send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`));
      }
      let body: Record<string, unknown> | undefined;
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(request.body ?? {});
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            if (issue.code === "unrecognized_keys") {
              for (const key of issue.keys) fields[key] = unexpectedField(key);
            } else fields[issue.path.join(".") || "body"] ??= issue.message;
          }
          throw validationFailed(fields);
        }
        body = toBetterAuthBody(path, parsed.data as Record<string, unknown>, config);
      }
      for (const limit of extraLimits) await limit(request, reply);
      if (path === "/change-password") {
        const user = await request.requireUser();
        if (isPersonalPassword(String(body?.newPassword), { email: user.email, name: user.fullName })) {
          throw validationFailed({ newPassword: PERSONAL_PASSWORD_MESSAGE });
        }
      }

      const response = await insideBetterAuth(() =>
        auth.handler(
          new Request(new URL(request.url, config.appUrl), {
            method: request.method,
            headers: forwardHeaders(request),
            body: body ? JSON.stringify(body) : undefined,
          }),
        ),
      );

      const email = bodyEmail(request);
      const signedIn = response.ok && path === "/sign-in/email";
      if (signedIn) onSignedIn?.();
      if (response.ok && (path === "/change-password" || path === "/reset-password")) {
        const session = await request.session();
        if (session) sessions.invalidateUser(session.user.id);
        // better-auth's change-password leaves the reset links alive (its reset ends them: onPasswordReset).
        // The password is changed by now: a failure here is logged, and the answer (its new cookie) still sent.
        if (session && path === "/change-password")
          await endPasswordLinks(db, session.user.id).catch((error: unknown) =>
            request.log.error({ err: error }, "the reset links of a changed password were not ended"),
          );
      }
      if (path === "/verify-email") {
        const landing = verificationLanding(response, !!(await request.session()));
        return sendResponse(reply, await signedInOnlyWhereSignedUp(landing, request.headers.cookie));
      }
      // The browser that made an account chose its password: it gets that account's device cookie.
      const madeId = response.ok && path === "/sign-up/email" ? await answeredUserId(response) : undefined;
      const device =
        email && (signedIn || madeId)
          ? await deviceCookie(db, config.authSecret, email, config.secureCookies, madeId)
          : undefined;
      return sendResponse(reply, response, device ? [device] : []);
    },
  });

  /**
   * Anyone may sign up with another's address. better-auth signs a verification link's opener in, to
   * an account whose password whoever signed up chose: the address's owner, opening it, would then
   * work in an account a stranger can sign in to. So the sign-in it makes is kept only in the browser
   * that signed up (its device cookie, bound to that password); elsewhere the address is verified,
   * that session ended, and the opener asked to sign in (the owner, who knows no password, resets it).
   */
  async function signedInOnlyWhereSignedUp(response: Response, cookieHeader: string | undefined) {
    const token = sessionTokenSet(response, resolver.cookieName);
    if (!token) return response;
    const [made] = await db
      .select({ id: sessionRows.id, email: users.email })
      .from(sessionRows)
      .innerJoin(users, eq(users.id, sessionRows.userId))
      .where(eq(sessionRows.token, token));
    if (!made || (await deviceOf(db, config.authSecret, cookieHeader, made.email))) return response;
    await db.delete(sessionRows).where(eq(sessionRows.id, made.id));
    const headers = new Headers(response.headers);
    headers.delete("set-cookie");
    headers.set("location", VERIFIED_SIGN_IN_LANDING);
    return new Response(null, { status: response.status, headers });
  }

  function isCredential(request: FastifyRequest): boolean {
    return endpoints[pathOf(request)]?.credential === true;
  }
}

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-up/email"]);
/** The requests that mail an address (a sign-up mails a new one its link, a taken one a notice). */
const MAIL_PATHS = new Set(["/sign-up/email", "/send-verification-email", "/request-password-reset"]);
const TOO_MANY_ATTEMPTS = "Too many attempts from here.";
const TOO_MANY_MAILS = "Too many e-mails were requested.";
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts for this account.";
export const TOO_MANY_PASSWORD_CHANGES = "Too many attempts to change this account's password.";

function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * better-auth sends a failed verification link to its callback with
 * `?error=CODE` (/portal, whose guard would drop the error on its way to
 * /auth), and a reused link, whose address is already verified, to /portal
 * without signing anyone in. Both land on /auth's "link failed" view instead.
 */
function verificationLanding(response: Response, signedIn: boolean): Response {
  const location = response.headers.get("location");
  if (!location || response.status < 300 || response.status >= 400) return response;
  const reused = !signedIn && response.headers.getSetCookie().length === 0;
  const error = new URL(location, "http://landing").searchParams.get("error") ?? (reused ? "ALREADY_USED" : null);
  if (!error) return response;
  const headers = new Headers(response.headers);
  headers.set("location", `${VERIFY_FAILED_LANDING}&error=${encodeURIComponent(error)}`);
  return new Response(null, { status: response.status, headers });
}

/** The session token a better-auth answer sets in `cookieName` (its value is `token.signature`), if any. */
function sessionTokenSet(response: Response, cookieName: string): string | undefined {
  const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith(`${cookieName}=`));
  const value = cookie?.slice(cookieName.length + 1).split(";")[0];
  return value ? decodeURIComponent(value).split(".")[0] || undefined : undefined;
}

/** The id of the account a sign-up's answer names (a made-up one when the address was taken). */
async function answeredUserId(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : undefined;
  } catch {
    return undefined;
  }
}

function pathOf(request: FastifyRequest): string {
  return (request.url.split("?")[0] ?? "").slice(AUTH_BASE_PATH.length);
}

/** The server, not the browser, decides where mail links land. */
function toBetterAuthBody(path: string, data: Record<string, unknown>, config: Config): Record<string, unknown> {
  if (path === "/sign-up/email") {
    // A company left blank is none (null), as a profile's save and an administrator's edit store it.
    const { fullName, companyName, ...rest } = data;
    return { ...rest, ...(companyName ? { companyName } : {}), name: fullName, callbackURL: VERIFIED_LANDING };
  }
  if (path === "/send-verification-email") return { ...data, callbackURL: VERIFIED_LANDING };
  if (path === "/request-password-reset") return { ...data, redirectTo: `${config.appUrl}${RESET_LANDING}` };
  // A changed password ends every other session, whatever the caller asked: it is how a person locks out a thief.
  if (path === "/change-password") return { ...data, revokeOtherSessions: true };
  return data;
}

function forwardHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "origin", "referer", "user-agent", "accept"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  headers.set("content-type", "application/json");
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

async function sendResponse(reply: FastifyReply, response: Response, ourCookies: string[] = []) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length" || name === "content-encoding") continue;
    reply.header(name, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...ourCookies];
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  if (response.status >= 400) {
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // better-auth answered with a non-JSON error; keep the status.
    }
    const code = parsed.code ?? "auth_error";
    const message = friendlyMessages[code] ?? parsed.message ?? "Authentication failed";
    const field = fieldOfCode[code];
    return reply
      .type("application/json")
      .send(errorBody(code.toLowerCase(), message, field ? { [field]: message } : undefined));
  }
  return reply.send(withoutToken(text));
}

/**
 * The session token lives only in the HttpOnly cookie; page scripts never see
 * it, at any depth (get-session nests it under `session`), nor in a list.
 */
function withoutToken(text: string): string {
  if (!text.startsWith("{") && !text.startsWith("[")) return text;
  try {
    return JSON.stringify(JSON.parse(text), (key, value) => (key === "token" ? undefined : value));
  } catch {
    return text;
  }
}

export default fp(authPlugin, { name: "auth" });
