import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../common/api";
import type { Role } from "../../common/domain";
import { formatDateTime } from "../../common/format";
import { MAIL_KIND_LABELS, MAIL_KINDS_BY_ROLE, mailKindDefault } from "../../common/mail";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { mailPreferences, messageFiles, messageMailDigests, projects, users } from "../db/schema";
import { sqlTimestamp } from "../db/timestamp";
import { enqueueMail } from "../mail";
import { unsubscribeParts } from "../mail/unsubscribe";
import { rules } from "../rules";
import { getProjectFacts } from "./projects";

/**
 * E-mail notifications (issue #8 item 5). notify() calls mailNotification in
 * the event's transaction with the recipients the rules chose: a mail is
 * queued per person who wants that kind, except new messages, which schedule
 * a per-person, per-project digest instead (sent by the mail worker only if
 * they are still unread after MESSAGE_MAIL_DELAY_MS, at most once per
 * DIGEST_WINDOW, listing everything that came in between).
 */

export const DIGEST_WINDOW = "15 minutes";
const DIGEST_MAX_MESSAGES = 20;
const DIGEST_BATCH = 20;

export type NotificationMailSettings = { appUrl: string; authSecret: string; messageMailDelayMs: number };

// notify() runs inside every route's write with only a transaction at hand;
// the settings are the process's one configuration, set when the app starts.
let settings: NotificationMailSettings | undefined;
export function configureNotificationMail(value: NotificationMailSettings) {
  settings = value;
}

/**
 * Whether the person (a users row in the query) wants mail of this kind: their choice, else the
 * default. The user named with its table (as `users.id`): in a one-table select Drizzle writes columns bare.
 */
const wants = (kind: NotificationKind): SQL =>
  sql`coalesce((select p.enabled from ${mailPreferences} p where p.user_id = ${users}.id and p.kind = ${kind}), ${mailKindDefault(kind)})`;

const mayGet = (role: Role, kind: NotificationKind) => MAIL_KINDS_BY_ROLE[role].includes(kind);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function footer(appUrl: string, pageUrl: string, kind: NotificationKind) {
  return [
    "",
    "--",
    `You get this e-mail because "${MAIL_KIND_LABELS[kind]}" is on in your settings.`,
    `Turn these e-mails off: ${pageUrl}`,
    `Choose which e-mails you get: ${appUrl}/portal/settings`,
  ];
}

function notificationMail(
  s: NotificationMailSettings,
  person: { id: string; email: string },
  kind: NotificationKind,
  subject: string,
  lines: string[],
) {
  const { pageUrl, headers } = unsubscribeParts(s.appUrl, s.authSecret, person.id, kind);
  return { to: person.email, subject, text: [...lines, ...footer(s.appUrl, pageUrl, kind)].join("\n"), headers };
}

/** In the event's transaction, for the recipients notify() chose (the actor already left out). */
export async function mailNotification(
  tx: Tx,
  userIds: readonly string[],
  input: { kind: NotificationKind; title: string; body: string; link: string; projectId?: string | null },
): Promise<void> {
  if (!settings || userIds.length === 0) return;
  if (input.kind === "message") {
    if (!input.projectId) return;
    await scheduleMessageDigests(tx, userIds, input.projectId, settings.messageMailDelayMs);
    return;
  }
  const people = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.archivedAt), wants(input.kind)));
  for (const person of people) {
    if (!mayGet(person.role, input.kind)) continue;
    await enqueueMail(
      tx,
      notificationMail(settings, person, input.kind, input.title, [
        input.body,
        "",
        `Open it: ${settings.appUrl}${input.link}`,
      ]),
    );
  }
}

/**
 * One digest row per person and project: a pending one (due_at set) is left
 * as it is, so what follows is grouped into it; otherwise it is due after the
 * delay, and not before the window since the last one ends.
 */
async function scheduleMessageDigests(tx: Tx, userIds: readonly string[], projectId: string, delayMs: number) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${messageMailDigests} (user_id, project_id, due_at)
    select ${users.id}, ${projectId}, now() + ${`${delayMs} milliseconds`}::interval
    from ${users}
    where ${users.id} in (${ids}) and ${users.archivedAt} is null and ${wants("message")}
    on conflict (user_id, project_id) do update set due_at = coalesce(
      ${messageMailDigests}.due_at,
      greatest(excluded.due_at, ${messageMailDigests}.last_sent_at + ${DIGEST_WINDOW}::interval))`);
}

type DigestMessage = {
  author: string;
  at: string;
  message: string;
  files: string | null;
  total: number;
  last_at: string;
};

/**
 * The worker's job: the digests due at `now`, each claimed with SKIP LOCKED
 * and settled in one transaction with the mail it queues. Access and the
 * preference are checked again now (a developer taken off the project, a
 * person who turned message mail off); what they read in time is not mailed.
 */
export async function sendDueDigests(db: Db, now: Date = new Date()): Promise<void> {
  const s = settings;
  if (!s) return;
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ user_id: string; project_id: string }>(sql`
        select user_id, project_id from ${messageMailDigests}
        where due_at <= ${sqlTimestamp(now)}
        order by due_at
        limit ${pageLimit(DIGEST_BATCH)}
        for update skip locked`);
      for (const row of rows) await sendDigest(tx, s, row.user_id, row.project_id, now);
      return rows.length;
    });
    if (handled < DIGEST_BATCH) return;
  }
}

async function sendDigest(tx: Tx, s: NotificationMailSettings, userId: string, projectId: string, now: Date) {
  const digest = and(eq(messageMailDigests.userId, userId), eq(messageMailDigests.projectId, projectId));
  const settle = (set: Partial<typeof messageMailDigests.$inferInsert> | Record<string, SQL>) =>
    tx
      .update(messageMailDigests)
      .set({ dueAt: null, ...set })
      .where(digest);

  const [person] = await tx
    .select({ id: users.id, email: users.email, role: users.role, wants: wants("message") })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.archivedAt)));
  const facts = await getProjectFacts(tx, projectId);
  if (!person || !facts || !person.wants || !rules.projectMessages.read(person, facts)) return settle({});

  const { rows } = await tx.execute<DigestMessage>(sql`
    select author, at, message, files, total, last_at from (
      select u.full_name as author, m.created_at, to_json(m.created_at)#>>'{}' as at, m.message,
        (select string_agg(f.name, ', ' order by f.position) from ${messageFiles} f where f.message_id = m.id) as files,
        (count(*) over ())::int as total, to_json(max(m.created_at) over ())#>>'{}' as last_at
      from project_messages m
      join ${users} u on u.id = m.user_id
      join ${messageMailDigests} d on d.user_id = ${userId} and d.project_id = m.project_id
      left join project_reads r on r.user_id = ${userId} and r.project_id = m.project_id
      where m.project_id = ${projectId} and m.user_id <> ${userId}
        and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
        and m.created_at > coalesce(d.mailed_up_to, '-infinity'::timestamptz)
      order by m.created_at desc
      limit ${pageLimit(DIGEST_MAX_MESSAGES)}) newest
    order by created_at`);
  const [first] = rows;
  // Read in time, or nothing new since the last mail: nothing to send.
  if (!first) return settle({});

  const [project] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
  const title = project?.title ?? "your project";
  const count = first.total;
  const lines = [
    `${count === 1 ? "A new message" : `${count} new messages`} on ${title}:`,
    "",
    ...rows.map((row) => {
      const text = clip(row.message.replace(/\s+/g, " ").trim(), 300);
      const files = row.files ? `Attached: ${clip(row.files, 300)}` : "";
      return `${row.author}, ${formatDateTime(row.at)}:\n  ${[text, files].filter(Boolean).join("\n  ")}`;
    }),
    ...(count > rows.length ? [`…and ${count - rows.length} earlier.`] : []),
    "",
    `Reply in the thread: ${s.appUrl}/portal/projects/${projectId}`,
  ];
  await enqueueMail(
    tx,
    notificationMail(
      s,
      person,
      "message",
      count === 1 ? `New message on ${title}` : `${count} new messages on ${title}`,
      lines,
    ),
  );
  await settle({ lastSentAt: sqlTimestamp(now), mailedUpTo: sql`${first.last_at}::timestamptz` });
}

// ---------------------------------------------------------------------------
// Preferences (Settings, and the unsubscribe link).
// ---------------------------------------------------------------------------

export async function mailPreferencesOf(db: Db | Tx, user: { id: string; role: Role }) {
  const chosen = await db
    .select({ kind: mailPreferences.kind, enabled: mailPreferences.enabled })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, user.id));
  const byKind = new Map(chosen.map((row) => [row.kind, row.enabled]));
  return {
    items: MAIL_KINDS_BY_ROLE[user.role].map((kind) => ({
      kind,
      label: MAIL_KIND_LABELS[kind],
      enabled: byKind.get(kind) ?? mailKindDefault(kind),
    })),
  };
}

/** Sets the given kinds on or off (the caller has checked they are the person's kinds). */
export async function setMailPreferences(
  db: Db | Tx,
  userId: string,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const values = Object.entries(changes)
    .filter((entry): entry is [NotificationKind, boolean] => typeof entry[1] === "boolean")
    .map(([kind, enabled]) => ({ userId, kind, enabled }));
  if (values.length === 0) return;
  await db
    .insert(mailPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [mailPreferences.userId, mailPreferences.kind],
      set: { enabled: sql`excluded.enabled` },
    });
}
