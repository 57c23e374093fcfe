import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import type { AdminTableQuery } from "../../common/admin-table";
import type { Role } from "../../common/domain";
import { INVITATION_DAYS, SIGN_OUT_YOURSELF } from "../../common/people";
import { endPasswordLinks, RESET_LANDING } from "../auth";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import {
  accounts,
  auditLog,
  invoices,
  milestones,
  projectDevelopers,
  projectFiles,
  projectMessages,
  projects,
  serviceOrders,
  tasks,
  users,
  verifications,
} from "../db/schema";
import {
  offsetPlaceholder,
  prefixSearchPlaceholders,
  type TableShape,
  tableOrder,
  tablePage,
  tablePageRead,
  totalCount,
} from "../http/admin-table";
import { conflict, HttpError, notFound } from "../http/errors";
import { refetchedOn } from "../live/collection";
import type { Mailer } from "../mail";
import { type Actor, rules } from "../rules";
import { auditAdminChange } from "./audit";
import { endEverySession, endingSessionsOf } from "./sessions";

/**
 * People for the admin console (issue #7), shared by the clients, developers
 * and staff screens: one table read, one way to remove someone (deleted when
 * they own nothing, deactivated and kept when they do), one way to reactivate,
 * and one invitation (a new account whose e-mailed link sets its password).
 */

export const personColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  companyName: users.companyName,
  role: users.role,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  archivedAt: users.archivedAt,
};

export type PersonRow = {
  id: string;
  fullName: string;
  email: string;
  companyName: string | null;
  role: Role;
  emailVerified: boolean;
  createdAt: Date;
  archivedAt: Date | null;
};

/**
 * People of `role`, the role written into the statement rather than passed as a value: a prepared
 * read's generic plan then knows whose rows it reads. Given as a parameter, PostgreSQL's generic
 * plan costs a third of the users (role = $1 on three roles), cannot use the staff tables'
 * partial indexes, and so every run of a developers page was planned again (bench/admin-large.mjs,
 * plannedEachRun).
 */
export function hasRole(role: Role): SQL {
  return sql`${users.role} = ${sql.raw(`'${role}'`)}`;
}

/**
 * A people table's reads (developers, staff): `people` picks the rows, given the search (a
 * prefix of `searched`) when there is one; `sorts` are the columns' indexed expressions. Its page
 * and its count are prepared reads (server/db/prepared.ts).
 */
export function peopleTable<C extends string>(table: {
  name: string;
  people: (search: SQL | undefined) => SQL | undefined;
  searched: SQL[];
  sorts: Record<C, SQL>;
}) {
  const filter = (searched: boolean) => table.people(searched ? prefixSearchPlaceholders(table.searched) : undefined);
  const page = preparedRead(`${table.name}Page`, (db, shape: TableShape<C>) =>
    db
      .select(personColumns)
      .from(users)
      .where(filter(shape.search))
      .orderBy(...tableOrder(table.sorts[shape.sort], shape.dir, users.id))
      .limit(pageLimit(shape.pageSize))
      .offset(offsetPlaceholder(shape.paged)),
  );
  const count = preparedRead(`${table.name}Count`, (db, shape: { search: boolean }) =>
    db.select({ total: totalCount() }).from(users).where(filter(shape.search)),
  );
  return async (db: Db, query: AdminTableQuery<C>) => {
    const { shape, values } = tablePageRead(query);
    const [rows, [counted]] = await Promise.all([page(db, shape, values), count(db, { search: shape.search }, values)]);
    return tablePage<PersonRow>(rows, counted?.total ?? 0, query);
  };
}

/**
 * How a person's row is locked until the transaction ends: to remove them (FOR UPDATE, which also
 * makes a concurrent insert of a row that refers to them, a notification, an audit entry, a message,
 * wait for the decision), or to change them (FOR NO KEY UPDATE, as their update takes: other changes
 * and removals wait, rows that refer to them do not, so a transaction that has written such a row
 * never waits here on one that waits for it).
 */
export type PersonLock = "remove" | "change";
export const personLockStrength = { remove: "update", change: "no key update" } as const;

/** A person of one of `roles`, optionally locked for the rest of the transaction (PersonLock). */
export async function getPerson(
  db: Db | Tx,
  id: string,
  roles: readonly Role[],
  options: { lock?: PersonLock } = {},
): Promise<PersonRow | undefined> {
  const base = db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.id, id),
        sql`${users.role} in (${sql.join(
          roles.map((role) => sql`${role}`),
          sql`, `,
        )})`,
      ),
    );
  const [row] = options.lock ? await base.for(personLockStrength[options.lock]) : await base;
  return row;
}

/** Whether the person has chosen a password (an invited account has not; one who signed up has), in SQL. */
const passwordChosen = (id: string) =>
  sql`exists (select 1 from ${accounts} where ${accounts.userId} = ${id} and ${accounts.password} is not null)`;

/** A person page's Account line: whether they chose a password, and on how many devices they are signed in now. */
export async function accountState(db: Db, id: string): Promise<{ hasPassword: boolean; signedInDevices: number }> {
  const { rows } = await db.execute<{ hasPassword: boolean; signedInDevices: number }>(sql`
    select ${passwordChosen(id)} as "hasPassword",
      -- On sessions_user_created_idx.
      (select count(*)::int from sessions where user_id = ${id} and expires_at > now()) as "signedInDevices"`);
  const [row] = rows;
  return { hasPassword: row?.hasPassword === true, signedInDevices: Number(row?.signedInDevices ?? 0) };
}

/** Whether the person has chosen a password (passwordChosen). */
export async function hasPassword(db: Db | Tx, id: string): Promise<boolean> {
  const { rows } = await db.execute<{ chosen: boolean }>(sql`select ${passwordChosen(id)} as chosen`);
  return rows[0]?.chosen === true;
}

/**
 * True when deleting the person would lose something of theirs: projects,
 * invoices, orders, messages, milestones they created, tasks they hold or
 * created, projects they are assigned to, files they uploaded, and the changes
 * the audit log says they made (deleted, its entries would name nobody).
 */
export async function hasRecords(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<boolean>`${exists(db.select({ x: sql`1` }).from(projects).where(eq(projects.clientId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(invoices).where(eq(invoices.clientId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(serviceOrders).where(eq(serviceOrders.clientId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(projectMessages).where(eq(projectMessages.userId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(milestones).where(eq(milestones.createdBy, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(tasks).where(eq(tasks.assignedTo, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(tasks).where(eq(tasks.createdBy, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(projectDevelopers).where(eq(projectDevelopers.developerId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(projectFiles).where(eq(projectFiles.uploaderId, userId)))}
      or ${exists(db.select({ x: sql`1` }).from(auditLog).where(eq(auditLog.actorId, userId)))}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.any === true;
}

/** How an entity's audit entries name it and which of its fields they keep. */
export type PersonAudit<T extends { archivedAt: Date | null }> = {
  entity: string;
  audited: (row: T) => Record<string, unknown>;
};

/**
 * Removes `before` (locked by the caller in `tx`): deleted when they own
 * nothing; otherwise deactivated (archived_at set, records kept, their unused
 * password links ended: endPasswordLinks). Either way
 * every session of theirs ends: the sessions delete trigger tells every
 * process to close their live sockets; the caller runs this in endingSessionsOf,
 * so no request after its answer is served as them.
 */
export async function removePerson<T extends { id: string; archivedAt: Date | null }>(
  tx: Tx,
  actor: Actor,
  before: T,
  { entity, audited }: PersonAudit<T>,
): Promise<{ outcome: "deleted" | "deactivated"; person: T }> {
  if (!(await hasRecords(tx, before.id))) {
    await tx.delete(users).where(eq(users.id, before.id));
    await auditAdminChange(tx, actor, {
      action: `${entity}.delete`,
      entity,
      entityId: before.id,
      before: audited(before),
      after: null,
    });
    return { outcome: "deleted", person: before };
  }
  let after = before;
  if (!before.archivedAt) {
    const [updated] = await tx
      .update(users)
      .set({ archivedAt: sql`now()` })
      .where(eq(users.id, before.id))
      .returning({ archivedAt: users.archivedAt });
    after = { ...before, archivedAt: updated?.archivedAt ?? new Date() };
    await auditAdminChange(tx, actor, {
      action: `${entity}.deactivate`,
      entity,
      entityId: before.id,
      before: audited(before),
      after: audited(after),
    });
  }
  await endEverySession(tx, before.id);
  await endPasswordLinks(tx, before.id);
  return { outcome: "deactivated", person: after };
}

/** Lets a deactivated person (locked by the caller in `tx`) sign in again; a no-op for an active one. */
export async function reactivatePerson<T extends { id: string; archivedAt: Date | null }>(
  tx: Tx,
  actor: Actor,
  before: T,
  { entity, audited }: PersonAudit<T>,
): Promise<T> {
  if (!before.archivedAt) return before;
  await tx.update(users).set({ archivedAt: null }).where(eq(users.id, before.id));
  const after = { ...before, archivedAt: null };
  await auditAdminChange(tx, actor, {
    action: `${entity}.reactivate`,
    entity,
    entityId: before.id,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

export const EMAIL_TAKEN = "An account with this e-mail already exists";

const emailTaken = () => new HttpError(409, "email_taken", EMAIL_TAKEN, { email: EMAIL_TAKEN });

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type Invitation = { fullName: string; email: string; companyName?: string | undefined; role: Role };

const ROLE_WORDS: Record<Role, string> = {
  admin: "an administrator",
  developer: "a developer",
  client: "a client",
};

/** A set-your-password token for `userId`, valid INVITATION_DAYS: better-auth's reset token, written in `tx`. */
async function issueInvitation(tx: Tx, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

/** The invitation mail, once its token is committed: the link is the password reset page. */
async function mailInvitation(
  { mailer, config }: { mailer: Mailer; config: Config },
  person: { fullName: string; email: string; role: Role },
  token: string,
) {
  const link = `${config.appUrl}${RESET_LANDING}&token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: person.email,
    subject: "You are invited to the Lagos Studio Client Portal",
    text: `Hello ${person.fullName},\n\nLagos Studio has made you an account on the Client Portal as ${ROLE_WORDS[person.role]}. Open this link to choose your password and sign in; it is valid for ${INVITATION_DAYS} days:\n\n${link}\n\nIf you were not expecting this, ignore this e-mail.`,
    link,
  });
}

/**
 * A new account made by an administrator, with an invitation: the account
 * (unverified, no password) and a set-your-password token valid for
 * INVITATION_DAYS are written in one transaction with the audit entry; the
 * mail goes out through the one mailer once they are committed. The link is
 * the password reset page: using it sets the password and marks the e-mail
 * verified (server/auth onPasswordReset).
 */
export async function invitePerson(
  deps: { db: Db; mailer: Mailer; config: Config },
  actor: Actor,
  invitation: Invitation,
  entity: string,
) {
  const id = randomUUID();
  const person = {
    id,
    fullName: invitation.fullName,
    email: invitation.email,
    companyName: invitation.companyName?.trim() || null,
    role: invitation.role,
  };
  let token = "";
  try {
    await deps.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
      if (taken) throw emailTaken();
      await tx.insert(users).values({ ...person, emailVerified: false });
      token = await issueInvitation(tx, id);
      await auditAdminChange(tx, actor, {
        action: `${entity}.create`,
        entity,
        entityId: id,
        before: null,
        after: { fullName: person.fullName, email: person.email, companyName: person.companyName, role: person.role },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await mailInvitation(deps, person, token);
  return { id, fullName: person.fullName, email: person.email, role: person.role };
}

export const ALREADY_SIGNED_UP = "They have already chosen a password: they sign in, or use Forgot password.";
export const SIGNED_UP_UNCONFIRMED =
  "They signed up themselves and have not confirmed their e-mail yet: the sign-in page sends them a new confirmation link.";
export const REACTIVATE_FIRST = "This account is deactivated: reactivate it before inviting them again.";

/**
 * The invitation again, for someone who has not chosen a password yet (the link expired or went
 * astray): a new link valid INVITATION_DAYS, audited. Earlier links keep working until they expire;
 * they went to the same address. `roles`: who the screen asking manages (a client's page, Staff…).
 */
export async function reinvitePerson(
  deps: { db: Db; mailer: Mailer; config: Config },
  actor: Actor,
  id: string,
  { roles, entity, what }: { roles: readonly Role[]; entity: string; what: string },
): Promise<{ id: string; fullName: string; email: string; role: Role }> {
  const { person, token } = await deps.db.transaction(async (tx) => {
    const person = await getPerson(tx, id, roles, { lock: "change" });
    if (!person) throw notFound(what);
    if (person.archivedAt) throw conflict(REACTIVATE_FIRST);
    if (person.emailVerified) throw conflict(ALREADY_SIGNED_UP);
    if (await hasPassword(tx, person.id)) throw conflict(SIGNED_UP_UNCONFIRMED);
    const token = await issueInvitation(tx, person.id);
    await auditAdminChange(tx, actor, {
      action: `${entity}.reinvite`,
      entity,
      entityId: person.id,
      before: null,
      after: { email: person.email, validDays: INVITATION_DAYS },
    });
    return { person, token };
  });
  await mailInvitation(deps, person, token);
  return { id: person.id, fullName: person.fullName, email: person.email, role: person.role };
}

/**
 * Every session of someone the screen asking manages ends (a lost phone, a shared computer): deleting
 * the rows fires the sessions trigger, which drops them from every process's cache and closes their
 * live sockets, so their open pages go to the sign-in page at once (server/data/sessions.ts). Their
 * password stays. Audited when there was a session to end; an administrator's own account is
 * refused (Settings and Logout).
 */
export async function signOutPerson(
  context: { db: Db; sessions: SessionCache },
  actor: Actor,
  id: string,
  { roles, entity, what }: { roles: readonly Role[]; entity: string; what: string },
): Promise<{ ended: number }> {
  return endingSessionsOf(context, id, async (tx) => {
    const person = await getPerson(tx, id, roles, { lock: "change" });
    if (!person) throw notFound(what);
    if (person.id === actor?.id) throw conflict(SIGN_OUT_YOURSELF);
    const ended = await endEverySession(tx, person.id);
    if (ended > 0)
      await auditAdminChange(tx, actor, {
        action: `${entity}.sign_out`,
        entity,
        entityId: person.id,
        before: { sessions: ended },
        after: { sessions: 0 },
      });
    return { ended };
  });
}

/**
 * The live key of the admin console's people (Clients, Developers, Staff and a person's page): any
 * "people" change (migration 0040's triggers: someone added, removed, deactivated, reactivated, given
 * another role or renamed) tells administrators to refetch what they show.
 */
export const adminPeopleKey = ["admin", "people"] as const;
export const adminPeopleLive = refetchedOn(adminPeopleKey, "people", rules.adminConsole.use);
