import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../common/api";

/**
 * One-click unsubscribe links (RFC 8058): the token names a person and a
 * kind of mail, signed with HMAC-SHA256 under AUTH_SECRET, so it works
 * without signing in and cannot be made for anyone else.
 */
const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | undefined {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const decoded = Buffer.from(payload, "base64url").toString("utf8");
  const split = decoded.lastIndexOf(":");
  const userId = decoded.slice(0, split);
  const kind = decoded.slice(split + 1) as NotificationKind;
  if (split <= 0 || !NOTIFICATION_KINDS.includes(kind)) return undefined;
  return { userId, kind };
}

/** The link in the mail's text (the SPA page, which POSTs) and the List-Unsubscribe headers (the API, POST only). */
export function unsubscribeParts(appUrl: string, secret: string, userId: string, kind: NotificationKind) {
  const token = encodeURIComponent(unsubscribeToken(secret, userId, kind));
  return {
    pageUrl: `${appUrl}/unsubscribe?token=${token}`,
    headers: {
      "List-Unsubscribe": `<${appUrl}/api/mail/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
