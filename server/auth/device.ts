import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "./resolver";

/**
 * Device cookies (OWASP's defence against an account held out by someone guessing its password):
 * a browser that signed in to an account carries a cookie naming it, signed with AUTH_SECRET. Its
 * later sign-ins to that account count in a bucket of their own, so whoever fills the account's
 * shared bucket from elsewhere does not lock its owner out, and a guesser without the cookie gets
 * no more tries than before. One account per browser: signing in to another replaces it.
 */
export const DEVICE_COOKIE = "ls_device";
const MAX_AGE_S = 180 * 24 * 60 * 60;

const sign = (secret: string, email: string, nonce: string) =>
  createHmac("sha256", secret).update(`sign-in-device:${email}:${nonce}`).digest("base64url");

/** The Set-Cookie for a browser that has just signed in to `email` (lower-cased). */
export function deviceCookie(secret: string, email: string, secure: boolean): string {
  const nonce = randomBytes(12).toString("base64url");
  const attributes = `Path=/api/auth; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${DEVICE_COOKIE}=${nonce}.${sign(secret, email, nonce)}; ${attributes}`;
}

/** The device's id when the request carries a valid device cookie for `email`, else undefined. */
export function deviceOf(secret: string, cookieHeader: string | undefined, email: string): string | undefined {
  const value = readCookie(cookieHeader, DEVICE_COOKIE);
  const [nonce, signature, ...rest] = value?.split(".") ?? [];
  if (!nonce || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
