import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AdminPage, StaffQuery, StaffSort } from "../../common/admin";
import type { Db, Tx } from "../db";
import { lastWordOf, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { getPerson, type PersonLock, type PersonRow, peopleTable } from "./people";

/** Staff for the admin console (issue #7): administrators and developers, one table. */

export const STAFF_ROLE_SQL = sql`${users.role} in ('admin', 'developer')`;

/** Each sort, as its partial index (server/db/schema.ts users_staff_*_idx) has it. */
const sortExpressions: Record<StaffSort, SQL> = {
  name: sql`lower(${users.fullName})`,
  role: sql`${users.role}`,
  joined: sql`${users.createdAt}`,
};

export const listStaff: (db: Db, query: StaffQuery) => Promise<AdminPage<PersonRow>> = peopleTable({
  name: "staff",
  people: (search) => and(STAFF_ROLE_SQL, search),
  searched: [sql`lower(${users.fullName})`, lastWordOf(users.fullName), sql`lower(${users.email})`],
  sorts: sortExpressions,
});

export function getStaffMember(db: Db | Tx, id: string, options: { lock?: PersonLock } = {}) {
  return getPerson(db, id, ["admin", "developer"], options);
}

export const LAST_ADMIN = "There must always be at least one administrator: make someone else an administrator first";

/**
 * Every active administrator's id, their rows locked (in id order) until the
 * transaction ends. A demotion or removal takes these locks before the
 * target's row, so two concurrent ones queue here and the second counts the
 * administrators after the first has committed (READ COMMITTED re-reads a
 * row it waited for, and a demoted one no longer matches). FOR NO KEY UPDATE:
 * an administrator's audit entry or notification written meanwhile (a foreign
 * key to their row) neither waits for this nor makes it wait in a cycle.
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.archivedAt)))
    .orderBy(asc(users.id))
    .for("no key update");
  return admins.map((admin) => admin.id);
}

/** Refuses a change that would leave no active administrator (`admins` from lockActiveAdmins). */
export function keepAnAdministrator(admins: readonly string[], leaving: string): void {
  if (!admins.some((id) => id !== leaving)) throw new HttpError(409, "last_admin", LAST_ADMIN);
}
