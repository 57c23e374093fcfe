import { and, desc, eq, sql } from "drizzle-orm";
import { UNREAD_PROJECTS_MAX } from "../../common/api";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { projectDevelopers, projectMessages, projectReads, projects, users } from "../db/schema";
import { invalidate, type LiveCollection } from "../live/collection";
import { type Actor, rules } from "../rules";
import { getProjectFacts, refetchForProjectReaders } from "./projects";

/**
 * Unread messages per person and project (issue #8 item 3), kept in
 * project_reads: a new message adds one for everyone who may read the
 * project but its author; reading sets the person's read point and recounts
 * what is left after it.
 */

/** In the message's transaction: +1 unread for the project's client, its developers and every active administrator. */
export async function countNewMessage(tx: Tx, projectId: string, authorId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${projectReads} (user_id, project_id, unread)
    select reader.id, ${projectId}, 1
    from (
      select ${projects.clientId} as id from ${projects} where ${projects.id} = ${projectId}
      union select ${projectDevelopers.developerId} from ${projectDevelopers} where ${projectDevelopers.projectId} = ${projectId}
      union select ${users.id} from ${users} where ${users.role} = 'admin' and ${users.archivedAt} is null
    ) reader
    where reader.id <> ${authorId}
    on conflict (user_id, project_id) do update set unread = ${projectReads.unread} + 1`);
}

/**
 * People who join a project (developers assigned to it, the client it is given to) start reading it where
 * its thread is: what was said before they joined is not unread for them (only messages count up, from a
 * join on), and a count kept from an earlier time on it (taken off, then put back) does not come back.
 * Their read point is the thread's newest message, or the one they had if later.
 */
export async function startReading(tx: Tx, projectId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const newest = sql`(select max(${projectMessages.createdAt}) from ${projectMessages} where ${projectMessages.projectId} = ${projectId})`;
  await tx
    .insert(projectReads)
    .values(userIds.map((userId) => ({ userId, projectId, unread: 0, lastReadAt: newest })))
    .onConflictDoUpdate({
      target: [projectReads.userId, projectReads.projectId],
      // greatest() passes over a null: a thread with nothing said keeps the read point there was.
      set: { unread: 0, lastReadAt: sql`greatest(${projectReads.lastReadAt}, excluded.last_read_at)` },
    });
}

export type ReadState = { unread: number; lastReadAt: Date | null };

export async function readState(db: Db, userId: string, projectId: string): Promise<ReadState> {
  const [row] = await db
    .select({ unread: projectReads.unread, lastReadAt: projectReads.lastReadAt })
    .from(projectReads)
    .where(and(eq(projectReads.userId, userId), eq(projectReads.projectId, projectId)));
  return row ?? { unread: 0, lastReadAt: null };
}

/**
 * Marks the project read up to `upTo` (a message of its thread): the read
 * point only moves forward, and what is left unread is recounted after it.
 * Undefined when `upTo` is not a message of the project.
 *
 * Two statements in the caller's transaction: the read point first, which takes the row's lock (a
 * message being sent holds it from its +1 until it commits), then the count, in a statement whose
 * snapshot is taken once the lock is ours and so sees that message. Counted in the first statement,
 * whose snapshot predates its wait for the lock, a message committed meanwhile was left out: its +1
 * was overwritten with a count without it, and its notice marked read.
 */
export async function markRead(
  tx: Tx,
  userId: string,
  projectId: string,
  upTo: string,
): Promise<ReadState | undefined> {
  const [message] = await tx
    .select({ createdAt: projectMessages.createdAt })
    .from(projectMessages)
    .where(and(eq(projectMessages.id, upTo), eq(projectMessages.projectId, projectId)));
  if (!message) return undefined;
  // The message's own created_at, read in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
  const upToAt = sql`(select m.created_at from ${projectMessages} m where m.id = ${upTo})`;
  await tx
    .insert(projectReads)
    .values({ userId, projectId, unread: 0, lastReadAt: upToAt })
    .onConflictDoUpdate({
      target: [projectReads.userId, projectReads.projectId],
      set: { lastReadAt: sql`greatest(coalesce(${projectReads.lastReadAt}, '-infinity'::timestamptz), ${upToAt})` },
    });
  const [row] = await tx
    .update(projectReads)
    .set({
      unread: sql`(select count(*)::int from ${projectMessages} m
        where m.project_id = ${projectId} and m.user_id <> ${userId} and m.created_at > ${projectReads.lastReadAt})`,
    })
    .where(and(eq(projectReads.userId, userId), eq(projectReads.projectId, projectId)))
    .returning({ unread: projectReads.unread, lastReadAt: projectReads.lastReadAt });
  return row;
}

/**
 * The person's unread counts: the total (the sidebar's badge) and the
 * projects with something unread, most first (the cards' badges), over the
 * projects they may read now.
 */
export async function unreadSummary(db: Db, actor: NonNullable<Actor>) {
  const scope = rules.projects.scope(actor);
  if (scope.kind === "none") return { total: 0, projects: [] };
  const readable =
    scope.kind === "client"
      ? sql`exists (select 1 from ${projects} p where p.id = ${projectReads.projectId} and p.client_id = ${actor.id})`
      : scope.kind === "developer"
        ? sql`exists (select 1 from ${projectDevelopers} d where d.project_id = ${projectReads.projectId} and d.developer_id = ${actor.id})`
        : undefined;
  const where = and(eq(projectReads.userId, actor.id), sql`${projectReads.unread} > 0`, readable);
  const [rows, [sum]] = await Promise.all([
    db
      .select({ projectId: projectReads.projectId, unread: projectReads.unread })
      .from(projectReads)
      .where(where)
      .orderBy(desc(projectReads.unread), projectReads.projectId)
      .limit(pageLimit(UNREAD_PROJECTS_MAX)),
    db
      .select({ total: sql<number>`coalesce(sum(${projectReads.unread}), 0)::int` })
      .from(projectReads)
      .where(where),
  ]);
  return { total: sum?.total ?? 0, projects: rows };
}

export const unreadKey = ["unread"] as const;
const isUnreadKey = (key: readonly (string | number)[]) => key.length === 1 && key[0] === unreadKey[0];

/** Who may subscribe to the unread badges: everyone signed in, to their own. */
async function authorizeUnreadKey(_db: Db, actor: Actor, key: readonly (string | number)[]) {
  if (!isUnreadKey(key)) return undefined;
  return actor !== null;
}

/** A new message changes the counts of everyone who may read its project: they refetch theirs. */
export const unreadMessagesLive: LiveCollection<"project_messages"> = {
  topic: "project_messages",
  authorize: authorizeUnreadKey,
  async resolve(db, change) {
    if (change.op !== "insert") return [];
    const facts = await getProjectFacts(db, change.projectId);
    if (!facts) return [];
    return [
      { key: unreadKey, pushFor: (actor) => (rules.projectMessages.read(actor, facts) ? invalidate : undefined) },
    ];
  },
};

/**
 * A project deleted takes its unread counts with it (project_reads cascade), and one edited may take
 * a person off it or give it another client (the summary counts only the projects one may read
 * now): everyone who could read it, before or after, refetches their badges.
 */
export const unreadProjectsLive: LiveCollection<"projects"> = {
  topic: "projects",
  authorize: authorizeUnreadKey,
  async resolve(_db, change) {
    return change.op === "insert" ? [] : refetchForProjectReaders(unreadKey, change);
  },
};

/** Reading in one tab updates the person's badges in their other tabs, and no one else's. */
export const unreadReadsLive: LiveCollection<"project_reads"> = {
  topic: "project_reads",
  authorize: authorizeUnreadKey,
  async resolve(_db, change) {
    return [{ key: unreadKey, pushFor: (actor) => (actor?.id === change.userId ? invalidate : undefined) }];
  },
};
