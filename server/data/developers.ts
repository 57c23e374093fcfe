import { and, type SQL, sql } from "drizzle-orm";
import { type AdminPage, DEVELOPER_DETAIL_LIMIT, type DeveloperSort, type DevelopersQuery } from "../../common/admin";
import type { Db, Tx } from "../db";
import { lastWordOf, users } from "../db/schema";
import { accountState, getPerson, hasRole, type PersonLock, type PersonRow, peopleTable } from "./people";
import { listProjects } from "./projects";
import { listTasks } from "./tasks";

/** Reads of developers for the admin console (issue #7): the table and a developer's page. */

/** Each sort, as its index (server/db/schema.ts users_role_*_idx) has it. */
const sortExpressions: Record<DeveloperSort, SQL> = {
  name: sql`lower(${users.fullName})`,
  joined: sql`${users.createdAt}`,
};

export type DeveloperRow = { id: string; fullName: string; email: string; createdAt: Date; archivedAt: Date | null };

/** One page of the developers table, searched by the start of the name or e-mail. */
export const listDevelopers: (db: Db, query: DevelopersQuery) => Promise<AdminPage<PersonRow>> = peopleTable({
  name: "developers",
  people: (search) => and(hasRole("developer"), search),
  searched: [sql`lower(${users.fullName})`, lastWordOf(users.fullName), sql`lower(${users.email})`],
  sorts: sortExpressions,
});

export function getDeveloper(db: Db | Tx, id: string, options: { lock?: PersonLock } = {}) {
  return getPerson(db, id, ["developer"], options);
}

/** A developer's page: their profile, the projects they are on and their tasks (each newest first, bounded). */
export async function getDeveloperDetail(db: Db, id: string) {
  const profile = await getDeveloper(db, id);
  if (!profile) return undefined;
  const limit = DEVELOPER_DETAIL_LIMIT;
  const [developerProjects, developerTasks, account] = await Promise.all([
    listProjects(db, { kind: "developer", developerId: id }, { limit }),
    listTasks(db, { kind: "assignee", userId: id }, { limit }),
    accountState(db, id),
  ]);
  return { profile: { ...profile, ...account }, projects: developerProjects, tasks: developerTasks };
}
