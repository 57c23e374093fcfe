import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { accounts, users } from "../db/schema";
import { readCookie } from "./resolver";

/**
 * Device cookies (OWASP's defence against an account held out by someone guessing its password):
 * a browser that signed in to an account carries a cookie naming it, signed with AUTH_SECRET over
 * the account's password as stored (its hash, which never leaves the server). Its later sign-ins to
 * that account count in a bucket of their own, so whoever fills the account's shared bucket from
 * elsewhere does not lock its owner out, and a guesser without the cookie gets no more tries than
 * before. A new password ends every device cookie of the account; one account per browser: signing
 * in to another replaces it. The browser that signs up gets one too, as it chose the password: the
 * account's verification link signs its opener in only there (server/auth/plugin.ts).
 */
export const DEVICE_COOKIE = "ls_device";
const MAX_AGE_S = 180 * 24 * 60 * 60;

const sign = (secret: string, email: string, nonce: string, password: string) =>
  createHmac("sha256", secret).update(`sign-in-device:${email}:${nonce}:${password}`).digest("base64url");

/** The account's password as stored, for `email` (lower-cased) and, when given, that account's id; undefined without one. */
async function storedPassword(db: Db, email: string, userId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(eq(users.email, email), eq(accounts.providerId, "credential"), userId ? eq(users.id, userId) : undefined),
    );
  return row?.password ?? undefined;
}

/**
 * The Set-Cookie for a browser that has just signed in to `email`, or has just made that account
 * (`userId`: the account the sign-up answered with; better-auth answers a sign-up with a taken
 * address with a made-up one, which gets no cookie). Undefined without a password to bind it to.
 */
export async function deviceCookie(db: Db, secret: string, email: string, secure: boolean, userId?: string) {
  const password = await storedPassword(db, email, userId);
  if (!password) return undefined;
  const nonce = randomBytes(12).toString("base64url");
  const attributes = `Path=/api/auth; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${DEVICE_COOKIE}=${nonce}.${sign(secret, email, nonce, password)}; ${attributes}`;
}

/**
 * The device's id when the request carries a valid device cookie for `email` and its current
 * password, else undefined. The database is read only when such a cookie is sent.
 */
export async function deviceOf(db: Db, secret: string, cookieHeader: string | undefined, email: string) {
  const value = readCookie(cookieHeader, DEVICE_COOKIE);
  const [nonce, signature, ...rest] = value?.split(".") ?? [];
  if (!nonce || !signature || rest.length > 0) return undefined;
  const password = await storedPassword(db, email);
  if (!password) return undefined;
  const expected = Buffer.from(sign(secret, email, nonce, password));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
