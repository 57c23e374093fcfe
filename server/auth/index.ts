import { randomUUID } from "node:crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { and, eq, like } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db, Tx } from "../db";
import { accounts, sessions, users, verifications } from "../db/schema";
import type { Mailer } from "../mail";
import type { SessionCache } from "./session-cache";

export const AUTH_BASE_PATH = "/api/auth";
/** Where the verification link lands once the address is confirmed (spec §4). */
export const VERIFIED_LANDING = "/portal";
/** Where a verification link that failed lands, with `&error=CODE` (the SPA says what went wrong and offers a new link). */
export const VERIFY_FAILED_LANDING = "/auth?view=verify";
/**
 * Where a verification link opened away from the browser that signed up lands: the address is
 * verified, and the opener signs in (server/auth/plugin.ts, `signedInOnlyWhereSignedUp`).
 */
export const VERIFIED_SIGN_IN_LANDING = "/auth?verified=1";
/** The SPA page that mails a reset link (Forgot password?). */
export const FORGOT_LANDING = "/auth?view=forgot";
/** The SPA page that takes the reset token and asks for a new password. */
export const RESET_LANDING = "/auth?view=reset";

/**
 * Every password link of the person not yet used: the reset links mailed to them and an invitation's
 * (better-auth's `reset-password:<token>` rows, whose value is the user id). Ended when the password
 * is set by one of them, changed, or the account deactivated: a link kept from before (a thief who
 * read the mail once) would otherwise set a password after the person changed theirs to lock them out.
 */
export async function endPasswordLinks(db: Db | Tx, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
}

/** better-auth's error code for a sign-in refused because the account is deactivated. */
export const ACCOUNT_DEACTIVATED = "ACCOUNT_DEACTIVATED";

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  sessions: SessionCache;
  /** Origins whose pages may call the auth API: config.origins and the Vite dev server's. */
  trustedOrigins: string[];
  /** The server's log, whose `err` serializer leaves a failed query's parameters (a session token) out. */
  log: FastifyBaseLogger;
};

/**
 * A link mail's first line. By name only to a proven address: anyone may sign up with someone else's
 * e-mail, and the name they type would then speak, in the company's own mail, to the address's owner.
 */
const greeting = (user: { name: string; emailVerified: boolean }) =>
  user.emailVerified ? `Hello ${user.name},` : "Hello,";

export function createAuth({ config, db, mailer, sessions: sessionCache, trustedOrigins, log }: AuthDeps) {
  /** Whether an administrator deactivated the account (issue #7: deleted while owning records). */
  const deactivated = async (userId: string) => {
    const [person] = await db.select({ archivedAt: users.archivedAt }).from(users).where(eq(users.id, userId));
    return !!person?.archivedAt;
  };
  return betterAuth({
    appName: "Lagos Studio",
    // Its own logger prints what it is given to the console: a session read that fails prints the query's
    // parameters, the session token among them.
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        log[level]({ ...(err ? { err } : {}) }, `better-auth: ${message}`);
      },
    },
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { name: "fullName" },
      additionalFields: {
        companyName: { type: "string", required: false, input: true },
        // Never taken from a request: better-auth refuses input for it, and the bridge rejects it earlier.
        role: { type: "string", required: false, input: false, defaultValue: "client" },
        // Set by an administrator's deactivation; the session resolver ends such sessions.
        archivedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        // A deactivated account gets no link (its token, just made, goes): a password set now would open
        // the account when an administrator reactivates it. The asker is answered as for anyone.
        if (await deactivated(user.id)) {
          await endPasswordLinks(db, user.id);
          return;
        }
        await mailer.sendBehind({
          to: user.email,
          subject: "Reset your Lagos Studio password",
          text: `${greeting(user)}\n\nSomeone asked to reset the password of your Client Portal account. If it was you, open this link within the hour:\n\n${url}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
          link: url,
        });
      },
      /**
       * A sign-up with a taken address is answered as a new one (no one learns who has an account), so
       * the address's owner, who may have been that sign-up, is told by mail instead of waiting for a
       * verification mail that never comes: the account is there, and a password of their own is one
       * reset away (the one someone else chose at sign-up, if it was not them, included).
       */
      async onExistingUserSignUp({ user }) {
        if (await deactivated(user.id)) return;
        const url = `${config.appUrl}${FORGOT_LANDING}`;
        await mailer.sendBehind({
          to: user.email,
          subject: "You already have a Lagos Studio Client Portal account",
          text: `${greeting(user)}\n\nSomeone tried to make a Client Portal account with this e-mail address, which already has one. If it was you, sign in. If you do not know the account's password, set a new one here:\n\n${url}\n\nIf it was not you, ignore this e-mail; nothing has changed.`,
          link: url,
        });
      },
      async onPasswordReset({ user }) {
        // The link came by e-mail, so the address is proven: an invitation (server/data/people.ts) ends here too.
        if (!user.emailVerified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        // better-auth spends the link used; the person's other reset and invitation links die with it.
        await endPasswordLinks(db, user.id);
        sessionCache.invalidateUser(user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await mailer.sendBehind({
          to: user.email,
          subject: "Verify your e-mail for the Lagos Studio Client Portal",
          text: `${greeting(user)}\n\nWelcome to the Lagos Studio Client Portal. Confirm your e-mail address to sign in:\n\n${url}\n\nThe link is valid for 24 hours.`,
          link: url,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Limits live in the Fastify bridge (one rate limiter for the whole API).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "ls",
      // better-auth skips origin and CSRF checks whenever NODE_ENV=test or TEST is set; keep them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          /** A deactivated account (issue #7: deleted while owning records) cannot sign in, by any path. */
          async before(session) {
            if (await deactivated(session.userId))
              throw new APIError("FORBIDDEN", { code: ACCOUNT_DEACTIVATED, message: ACCOUNT_DEACTIVATED });
          },
        },
        delete: {
          async after(session) {
            sessionCache.invalidateToken(session.token, session.userId);
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
