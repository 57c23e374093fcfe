import { and, count, desc, eq, gt, ne, sql } from "drizzle-orm";
import { describeDevice, SIGNED_IN_DEVICES_LISTED } from "../../common/sessions";
import type { SessionCache } from "../auth/session-cache";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { sessions } from "../db/schema";

/**
 * A person's own sessions for Settings' "Signed-in devices" (common/sessions.ts). Ending one deletes
 * its row: the sessions trigger (migration 0001) drops it from every process's cache and closes
 * its live sockets, as a sign-out does. That news arrives a moment after the commit, so the callers
 * also drop what they ended from their own process's cache at once: the next request there is refused.
 */

const deviceColumns = {
  id: sessions.id,
  userAgent: sessions.userAgent,
  ipAddress: sessions.ipAddress,
  signedInAt: sessions.createdAt,
};

const toDevice =
  (current: boolean) =>
  ({ userAgent, ...row }: { id: string; userAgent: string | null; ipAddress: string | null; signedInAt: Date }) => ({
    ...row,
    device: describeDevice(userAgent),
    current,
  });

/** The current session first, then the newest others (on the user's index, newest first), and how many there are. */
export async function listSignedInDevices(db: Db, userId: string, currentToken: string) {
  const unexpired = and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()));
  const [others, current, [counted]] = await Promise.all([
    db
      .select(deviceColumns)
      .from(sessions)
      .where(and(unexpired, ne(sessions.token, currentToken)))
      .orderBy(desc(sessions.createdAt))
      .limit(pageLimit(SIGNED_IN_DEVICES_LISTED)),
    db.select(deviceColumns).from(sessions).where(eq(sessions.token, currentToken)),
    db.select({ total: count() }).from(sessions).where(unexpired),
  ]);
  const devices = [...current.map(toDevice(true)), ...others.map(toDevice(false))].slice(0, SIGNED_IN_DEVICES_LISTED);
  return { devices, total: counted?.total ?? devices.length };
}

/** Who a session belongs to and whether it is the one asking, for the rules; undefined when there is none. */
export async function getSessionFacts(db: Db, sessionId: string, currentToken: string) {
  const [row] = await db
    .select({ userId: sessions.userId, current: sql<boolean>`${sessions.token} = ${currentToken}` })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row;
}

/** Ends one session of the person; the ended session's token, or undefined when there was none. */
export async function endSession(db: Db, sessionId: string, userId: string): Promise<string | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ token: sessions.token });
  return ended?.token;
}

/** Every session of the person but `currentToken`'s; the ended sessions' tokens. */
export async function endOtherSessions(db: Db, userId: string, currentToken: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, currentToken)))
    .returning({ token: sessions.token });
  return ended.map((row) => row.token);
}

/**
 * Runs `work` in a transaction that ends every session of `userId` (endEverySession, or deleting the
 * person), then drops them from this process's cache: the sessions trigger tells every process, but a
 * moment after the commit, and the request that follows the answer must already be refused.
 */
export async function endingSessionsOf<R>(
  { db, sessions }: { db: Db; sessions: SessionCache },
  userId: string,
  work: (tx: Tx) => Promise<R>,
): Promise<R> {
  const result = await db.transaction(work);
  sessions.invalidateUser(userId);
  return result;
}

/** Every session of the person (deactivated, or signed out everywhere by an administrator); how many ended. */
export async function endEverySession(db: Db | Tx, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}
