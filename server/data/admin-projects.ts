import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { projectDevelopers, projects, users } from "../db/schema";
import { projectColumns } from "./projects";

/** A project as the administrators' edit dialog loads it (issue #7): the portal's fields and its developers. */
export async function getAdminProject(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const base = db
    .select({ ...projectColumns, updatedAt: projects.updatedAt })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(eq(projects.id, id));
  const [row] = options.lock ? await base.for("update", { of: projects }) : await base;
  if (!row) return undefined;
  const developers = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, companyName: users.companyName })
    .from(projectDevelopers)
    .innerJoin(users, eq(users.id, projectDevelopers.developerId))
    .where(eq(projectDevelopers.projectId, id))
    .orderBy(asc(users.fullName), asc(users.id));
  return { ...row, developers };
}

export type AdminProjectRow = NonNullable<Awaited<ReturnType<typeof getAdminProject>>>;
