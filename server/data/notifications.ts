import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { NOTIFICATIONS_COUNTED_MAX, type NotificationKind } from "../../common/api";
import { PROJECT_STATUS_LABELS, type ProjectStatus, TASK_STATUS_LABELS } from "../../common/domain";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import {
  milestones,
  notifications,
  projectDevelopers,
  projects,
  serviceOrders,
  services,
  tasks,
  users,
} from "../db/schema";
import { type Change, publishChange, type Topic } from "../functions/changes";
import { beforeCursor } from "../http/cursor";
import { invalidate, type LiveCollection } from "../live/collection";
import { type Actor, type ProjectFacts, rules } from "../rules";
import { mailNotification } from "./mail";

/**
 * The notification centre (issue #8 item 4). A notification is made in the
 * event's own transaction, one row per recipient: the people the rules let
 * read what it is about at that moment, never the actor. When shown, the rows
 * are filtered again by what the person may read now (a developer taken off a
 * project no longer sees its notifications). An invoice's due date passing is
 * no request's event: the mail worker's sweep tells it (remindOverdueInvoices).
 */

type Person = { id: string; role: "admin" | "client" | "developer" };
type Db_ = Db | Tx;

export type NotificationInput = {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  entity: "project" | "milestone" | "invoice" | "order" | "task" | "enquiry";
  entityId: string;
  projectId?: string | null;
};

/** Inserts one notification per recipient (the actor left out) and tells their bells. */
export async function notify(tx: Tx, recipients: readonly string[], actorId: string | null, input: NotificationInput) {
  const userIds = [...new Set(recipients)].filter((userId) => userId !== actorId);
  if (userIds.length === 0) return;
  const values = userIds.map((userId) => ({ ...input, projectId: input.projectId ?? null, userId }));
  if (input.kind === "message") {
    // One unread message notification per project per person: a newer message refreshes it.
    await tx
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.projectId],
        targetWhere: sql`kind = 'message' and read_at is null`,
        set: { title: sql`excluded.title`, body: sql`excluded.body`, createdAt: sql`now()` },
      });
  } else {
    await tx.insert(notifications).values(values);
  }
  await publishNotifications(tx, userIds);
  await mailNotification(tx, userIds, input);
}

/**
 * Tells these people's bells that their notices changed (inserted, or deleted with what they were about:
 * `id`). NOTIFY payloads are limited (8000 bytes): a long list goes in several changes.
 */
export async function publishNotifications(
  tx: Db_,
  userIds: readonly string[],
  change: { op: "insert" | "delete"; id: string } = { op: "insert", id: "" },
) {
  for (let i = 0; i < userIds.length; i += 100)
    await publishChange(tx, { topic: "notifications", ...change, userIds: userIds.slice(i, i + 100) });
}

/** Who counts as an administrator to tell: the role, and an account still active. */
const isActiveAdmin = and(eq(users.role, "admin"), isNull(users.archivedAt));

const activeAdmins = (tx: Db_) =>
  tx.select({ id: users.id, role: users.role }).from(users).where(isActiveAdmin) as Promise<Person[]>;

/**
 * A project's title and the people who may be told about it: its client, its developers, the active
 * administrators. One statement: it runs inside the event's transaction, before the commit that sends
 * the event to live views, so each round trip saved there is a live push sent sooner.
 */
async function projectAudience(
  tx: Db_,
  projectId: string,
): Promise<{ title: string; facts: ProjectFacts; people: Person[] } | null> {
  const [project] = await tx
    .select({
      title: projects.title,
      clientId: projects.clientId,
      // text[]: both drivers read it as an array of strings (uuid[] is not parsed by every driver).
      // The outer project named with its table: in a one-table select Drizzle writes columns bare,
      // and a bare "id" would be the subquery's own table's if it had one.
      developerIds: sql<string[]>`array(
        select ${projectDevelopers.developerId}::text from ${projectDevelopers}
        where ${projectDevelopers.projectId} = ${projects}.id)`,
      // Told: those of them not deactivated (a deactivated person keeps their place on the project, and would
      // find the whole backlog in their bell on being reactivated).
      clientActive: sql<boolean>`exists(
        select 1 from ${users} where ${users.id} = ${projects}.client_id and ${users.archivedAt} is null)`,
      activeDeveloperIds: sql<string[]>`array(
        select ${projectDevelopers.developerId}::text from ${projectDevelopers}
        join ${users} on ${users.id} = ${projectDevelopers.developerId} and ${users.archivedAt} is null
        where ${projectDevelopers.projectId} = ${projects}.id)`,
      adminIds: sql<string[]>`array(select ${users.id}::text from ${users} where ${isActiveAdmin})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  const facts = { clientId: project.clientId, developerIds: project.developerIds };
  const people: Person[] = [
    ...(project.clientActive ? [{ id: project.clientId, role: "client" as const }] : []),
    ...project.activeDeveloperIds.map((id) => ({ id, role: "developer" as const })),
    ...project.adminIds.map((id) => ({ id, role: "admin" as const })),
  ];
  return { title: project.title, facts, people };
}

/** Everyone on the project the given rule lets read it (client, developers, administrators), and its title. */
async function projectRecipients(
  tx: Db_,
  projectId: string,
  allowed: (actor: Actor, facts: ProjectFacts) => boolean = rules.projects.read,
): Promise<{ title: string; recipients: string[] } | null> {
  const found = await projectAudience(tx, projectId);
  if (!found) return null;
  return {
    title: found.title,
    recipients: found.people.filter((person) => allowed(person, found.facts)).map((person) => person.id),
  };
}

/** Active administrators (new bookings and enquiries). */
export async function adminRecipients(tx: Db_, allowed: (actor: Actor) => boolean): Promise<string[]> {
  return (await activeAdmins(tx)).filter((person) => allowed(person)).map((person) => person.id);
}

/** The people among `candidates` (ids) the rule lets read the row. */
export async function peopleWhoMay(
  tx: Db_,
  candidates: readonly (string | null | undefined)[],
  allowed: (actor: Actor) => boolean,
): Promise<string[]> {
  const ids = [...new Set(candidates.filter((c): c is string => !!c))];
  if (ids.length === 0) return [];
  const people = (await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.archivedAt)))) as Person[];
  return people.filter((person) => allowed(person)).map((person) => person.id);
}

// ---------------------------------------------------------------------------
// One line per event in the routes.
// ---------------------------------------------------------------------------

const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * `author` is the signed-in sender as their session holds them (a changed name invalidates the
 * session at once), so the message's transaction does not read them again before its commit.
 */
export async function notifyMessage(
  tx: Tx,
  author: { id: string; fullName: string },
  projectId: string,
  message: string,
  fileNames: readonly string[] = [],
) {
  // A message of only files is told by its files' names.
  const shown = message || `📎 ${fileNames.join(", ")}`;
  const project = await projectRecipients(tx, projectId, rules.projectMessages.read);
  if (!project) return;
  await notify(tx, project.recipients, author.id, {
    kind: "message",
    title: `New message on ${project.title}`,
    body: clip(`${author.fullName}: ${shown}`),
    link: `/portal/projects/${projectId}`,
    entity: "project",
    entityId: projectId,
    projectId,
  });
}

export async function notifyMilestone(tx: Tx, actor: Actor, milestoneId: string, event: "added" | "paid") {
  const [milestone] = await tx
    .select({ title: milestones.title, projectId: milestones.projectId })
    .from(milestones)
    .where(eq(milestones.id, milestoneId));
  if (!milestone) return;
  const project = await projectRecipients(tx, milestone.projectId, rules.milestones.read);
  if (!project) return;
  await notify(tx, project.recipients, actor?.id ?? null, {
    kind: event === "added" ? "milestone_added" : "milestone_paid",
    title: event === "added" ? "Milestone added" : "Milestone paid",
    body: `${milestone.title} on ${project.title}`,
    link: `/portal/projects/${milestone.projectId}`,
    entity: "milestone",
    entityId: milestoneId,
    projectId: milestone.projectId,
  });
}

/** A project as its notices need it: after the change, with its people. */
type ProjectNotice = { id: string; title: string; clientId: string; developerIds: readonly string[] };

/**
 * Tells `people` (of the project's client and developers) about it: those the rules let read it,
 * which on the project's own people is all of them, written once for every project notice.
 */
async function notifyAboutProject(
  tx: Tx,
  actor: Actor,
  project: ProjectNotice,
  people: readonly Person[],
  notice: Pick<NotificationInput, "kind" | "title" | "body">,
) {
  const facts = { clientId: project.clientId, developerIds: project.developerIds };
  const readers = people.filter((person) => rules.projects.read(person, facts)).map((person) => person.id);
  await notify(tx, readers, actor?.id ?? null, {
    ...notice,
    link: `/portal/projects/${project.id}`,
    entity: "project",
    entityId: project.id,
    projectId: project.id,
  });
}

const developersOf = (ids: readonly string[]): Person[] => ids.map((id) => ({ id, role: "developer" }));

/**
 * People who joined a project (issue #11's portal: a project made for a client, a developer put on
 * one): each is told once, in their own words, and reads it on the project's page.
 */
export async function notifyProjectJoined(
  tx: Tx,
  actor: Actor,
  project: ProjectNotice,
  joined: { client: boolean; developerIds: readonly string[] },
) {
  if (joined.client)
    await notifyAboutProject(tx, actor, project, [{ id: project.clientId, role: "client" }], {
      kind: "project_added",
      title: `A new project: ${project.title}`,
      body: "Follow its progress, milestones and messages on its page.",
    });
  await notifyAboutProject(tx, actor, project, developersOf(joined.developerIds), {
    kind: "project_added",
    title: `You were added to ${project.title}`,
    body: "Its messages and files are open to you now.",
  });
}

/** A project's status changed (completed, on hold…): its client and developers. */
export async function notifyProjectStatus(tx: Tx, actor: Actor, project: ProjectNotice & { status: ProjectStatus }) {
  const people: Person[] = [{ id: project.clientId, role: "client" }, ...developersOf(project.developerIds)];
  await notifyAboutProject(tx, actor, project, people, {
    kind: "project_status",
    title: `${project.title} is now ${PROJECT_STATUS_LABELS[project.status].toLowerCase()}`,
    body: "See the project's page for what changed.",
  });
}

/**
 * What an invoice's client is told. A corrected invoice is issued anew (its new amount or due date
 * is what they owe), so it goes by the same kind and the same e-mail choice as a new one.
 */
const INVOICE_NOTICES = {
  issued: { kind: "invoice_issued", done: "issued", body: "A new invoice is ready in Invoices." },
  updated: { kind: "invoice_issued", done: "updated", body: "Its amount, project or due date changed: see Invoices." },
  paid: { kind: "invoice_paid", done: "paid", body: "Thank you: the invoice is marked paid." },
  withdrawn: { kind: "invoice_issued", done: "withdrawn", body: "It was issued by mistake: you do not owe it." },
  overdue: { kind: "invoice_overdue", done: "overdue", body: "Its due date has passed and it is not paid yet." },
} as const;

/**
 * An invoice issued, corrected, paid, withdrawn or fallen overdue (no actor: the worker's sweep): its
 * client (administrators see the payments console).
 */
export async function notifyInvoice(
  tx: Tx,
  actor: Actor,
  invoice: { id: string; invoiceNumber: string; clientId: string },
  event: keyof typeof INVOICE_NOTICES,
) {
  const facts = { clientId: invoice.clientId };
  const recipients = await peopleWhoMay(tx, [invoice.clientId], (a) => rules.invoices.read(a, facts));
  const notice = INVOICE_NOTICES[event];
  await notify(tx, recipients, actor?.id ?? null, {
    kind: notice.kind,
    title: `Invoice ${invoice.invoiceNumber} ${notice.done}`,
    body: notice.body,
    link: "/portal/invoices",
    entity: "invoice",
    entityId: invoice.id,
    projectId: null,
  });
}

/** A booking approved or cancelled, or a subscription ended: its client, told `title`. */
export async function notifyOrderStatus(tx: Tx, actor: Actor, order: { id: string; clientId: string }, title: string) {
  const facts = { clientId: order.clientId };
  await notify(
    tx,
    await peopleWhoMay(tx, [order.clientId], (a) => rules.serviceOrders.read(a, facts)),
    actor?.id ?? null,
    {
      kind: "order_status",
      title,
      body: await serviceTitleOf(tx, order.id),
      link: "/portal/order-services",
      entity: "order",
      entityId: order.id,
      projectId: null,
    },
  );
}

async function serviceTitleOf(tx: Tx, orderId: string): Promise<string> {
  const [row] = await tx
    .select({ title: services.title })
    .from(serviceOrders)
    .innerJoin(services, eq(services.id, serviceOrders.serviceId))
    .where(eq(serviceOrders.id, orderId));
  return row?.title ?? "";
}

/** A new booking: administrators (who may act on it). */
export async function notifyNewOrder(tx: Tx, actor: Actor, order: { id: string; clientId: string }) {
  const facts = { clientId: order.clientId };
  await notify(tx, await adminRecipients(tx, (a) => rules.serviceOrders.update(a, facts)), actor?.id ?? null, {
    kind: "order_new",
    title: "New booking",
    body: await serviceTitleOf(tx, order.id),
    link: "/portal/admin/bookings",
    entity: "order",
    entityId: order.id,
    projectId: null,
  });
}

/** A pending booking its client took back: the administrators who would have acted on it. */
export async function notifyOrderWithdrawn(tx: Tx, actor: Actor, order: { id: string; clientId: string }) {
  const facts = { clientId: order.clientId };
  await notify(tx, await adminRecipients(tx, (a) => rules.serviceOrders.update(a, facts)), actor?.id ?? null, {
    kind: "order_withdrawn",
    title: "Booking cancelled by the client",
    body: await serviceTitleOf(tx, order.id),
    link: "/portal/admin/bookings",
    entity: "order",
    entityId: order.id,
    projectId: null,
  });
}

/** A new enquiry from the public site: administrators (there is no actor). */
export async function notifyEnquiry(tx: Tx, enquiry: { id: string; firstName: string; lastName: string }) {
  await notify(tx, await adminRecipients(tx, rules.enquiries.read), null, {
    kind: "enquiry_new",
    title: "New enquiry",
    body: clip(`From ${enquiry.firstName} ${enquiry.lastName}`),
    link: "/portal/admin/enquiries",
    entity: "enquiry",
    entityId: enquiry.id,
    projectId: null,
  });
}

/**
 * A task written: assigned to someone new (they hear it) or moved to another
 * status (its assignee and the administrator who created it hear it), each
 * only if the rules let them read it. `before`: the task before the write
 * (null for a new one).
 */
export async function notifyTaskChange(
  tx: Tx,
  actor: Actor,
  taskId: string,
  before: { assignedTo: string | null; status: string } | null | undefined,
) {
  const [task] = await tx
    .select({
      title: tasks.title,
      assignedTo: tasks.assignedTo,
      status: tasks.status,
      createdBy: tasks.createdBy,
      projectClientId: projects.clientId,
    })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.id, taskId));
  if (!task) return;
  const assigned = task.assignedTo !== null && task.assignedTo !== (before?.assignedTo ?? null);
  const moved = !!before && before.status !== task.status;
  if (!assigned && !moved) return;
  // Told: the assignee, and the task's creator when it moves (a client following it is not).
  const facts = { assignedTo: task.assignedTo, projectClientId: task.projectClientId };
  const candidates = assigned ? [task.assignedTo] : [task.assignedTo, task.createdBy];
  await notify(tx, await peopleWhoMay(tx, candidates, (a) => rules.tasks.read(a, facts)), actor?.id ?? null, {
    kind: assigned ? "task_assigned" : "task_status",
    title: assigned ? "Task assigned to you" : `Task moved to ${TASK_STATUS_LABELS[task.status]}`,
    body: task.title,
    link: "/portal/my-tasks",
    entity: "task",
    entityId: taskId,
    projectId: null,
  });
}

// ---------------------------------------------------------------------------
// Reads: only what the person may read now.
// ---------------------------------------------------------------------------

/** The rules' scopes as a filter over notifications: checked again at every read. */
function visible(actor: NonNullable<Actor>): SQL {
  const mine = eq(notifications.userId, actor.id);
  if (actor.role === "admin") return mine;
  const onProject =
    actor.role === "client"
      ? sql`exists (select 1 from ${projects} p where p.id = ${notifications.projectId} and p.client_id = ${actor.id})`
      : sql`exists (select 1 from ${projectDevelopers} d where d.project_id = ${notifications.projectId} and d.developer_id = ${actor.id})`;
  const clauses: SQL[] = [sql`(${notifications.entity} in ('project', 'milestone') and ${onProject})`];
  // An invoice of theirs, or one withdrawn (deleted) since: its notices were its client's, and the last says so.
  if (rules.invoices.scope(actor).kind === "client")
    clauses.push(
      sql`(${notifications.entity} = 'invoice' and not exists (select 1 from invoices i where i.id = ${notifications.entityId} and i.client_id <> ${actor.id}))`,
    );
  if (rules.serviceOrders.scope(actor).kind === "client")
    clauses.push(
      sql`(${notifications.entity} = 'order' and exists (select 1 from service_orders o where o.id = ${notifications.entityId} and o.client_id = ${actor.id}))`,
    );
  if (rules.tasks.scope(actor).kind === "assignee")
    clauses.push(
      sql`(${notifications.entity} = 'task' and exists (select 1 from tasks t where t.id = ${notifications.entityId} and t.assigned_to = ${actor.id}))`,
    );
  return and(mine, sql`(${sql.join(clauses, sql` or `)})`) as SQL;
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export function listNotifications(db: Db, actor: NonNullable<Actor>, options: { limit: number; after?: string }) {
  const after = beforeCursor(notifications, options.after, {
    scope: { column: notifications.userId, equals: actor.id },
  });
  return db
    .select(columns)
    .from(notifications)
    .where(and(visible(actor), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageLimit(options.limit));
}

/**
 * The person's unread notifications, counted up to NOTIFICATIONS_COUNTED_MAX (the bell shows "99+"):
 * an administrator who never opens the bell gathers tens of thousands, and each new one refetches
 * this count. At most that many rows, on notifications_user_unread_idx.
 */
export async function unreadNotifications(db: Db, actor: NonNullable<Actor>): Promise<number> {
  const unread = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(visible(actor), isNull(notifications.readAt)))
    .limit(NOTIFICATIONS_COUNTED_MAX)
    .as("unread");
  const [row] = await db.select({ unread: sql<number>`count(*)::int` }).from(unread);
  return row?.unread ?? 0;
}

/** Marks one of the person's own notifications read; false when it is not theirs (or not visible now). */
export async function markNotificationRead(db: Db, actor: NonNullable<Actor>, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), visible(actor)));
    if (!row) return false;
    if (!row.readAt) {
      await tx.update(notifications).set({ readAt: sql`now()` }).where(eq(notifications.id, id));
      await publishNotifications(tx, [actor.id]);
    }
    return true;
  });
}

export async function markAllNotificationsRead(db: Db, actor: NonNullable<Actor>): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length > 0) await publishNotifications(tx, [actor.id]);
  });
}

/** The thread read to its end: its message notification is read too (the bell and the badge clear together). */
export async function readMessageNotification(tx: Tx, userId: string, projectId: string): Promise<void> {
  const updated = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.projectId, projectId),
        eq(notifications.kind, "message"),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (updated.length > 0) await publishNotifications(tx, [userId]);
}

export const notificationsKey = ["notifications"] as const;

/** The bell of the people `whose` names for a change of `topic`: their tabs refetch it, and no one else's. */
function bellOn<T extends Topic>(
  topic: T,
  whose: (change: Extract<Change, { topic: T }>) => readonly (string | null | undefined)[],
): LiveCollection<T> {
  return {
    topic,
    async authorize(_db, actor, key) {
      if (key.length !== 1 || key[0] !== notificationsKey[0]) return undefined;
      return actor !== null;
    },
    async resolve(_db, change) {
      const recipients = new Set(whose(change).filter((id) => id));
      if (recipients.size === 0) return [];
      return [
        { key: notificationsKey, pushFor: (actor) => (actor && recipients.has(actor.id) ? invalidate : undefined) },
      ];
    },
  };
}

/** A change to someone's notifications: made or read. */
export const notificationsLive = bellOn("notifications", (change) => change.userIds);

/*
 * A bell shows only the notices its person may read now (`visible`): a change of access changes its
 * count and list without a notification changing. Its badge stayed on "1 unread" over an empty panel.
 */

/** A task reassigned or deleted: its notices leave the assignee's bell it was taken from (or come back). */
export const notificationsTasksLive = bellOn("tasks", (change) =>
  change.op === "delete" || (change.op === "update" && change.assignedTo !== change.previousAssignedTo)
    ? [change.previousAssignedTo, change.assignedTo]
    : [],
);

/**
 * Developers assigned or taken off, or the project given to another client: its notices (messages,
 * milestones) leave or join their bells. The change names everyone assigned before or after.
 */
export const notificationsProjectsLive = bellOn("projects", (change) => [
  ...(change.assignmentsChanged ? change.developerIds : []),
  ...(change.previousClientId ? [change.previousClientId, change.clientId] : []),
]);

/** An invoice moved to another client: its notices go with it. */
export const notificationsInvoicesLive = bellOn("invoices", (change) =>
  change.previousClientId ? [change.previousClientId, change.clientId] : [],
);
