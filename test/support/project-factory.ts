import { randomUUID } from "node:crypto";
import { assignDevelopers } from "../../server/data/projects";
import type { Db } from "../../server/db";
import { projectMessages, projects } from "../../server/db/schema";
import { userIdOf } from "./server";

/**
 * Small factories for project-detail tests: a fresh project for a given
 * client (and developers), and messages in its thread at known times, so the
 * tests do not depend on the demo seed's projects or threads.
 */

export async function createProject(
  db: Db,
  options: { clientEmail: string; developerEmails?: string[]; title?: string },
): Promise<string> {
  const clientId = await userIdOf(db, options.clientEmail);
  const [row] = await db
    .insert(projects)
    .values({ title: options.title ?? `Test project ${randomUUID().slice(0, 8)}`, clientId, progress: 10 })
    .returning({ id: projects.id });
  if (!row) throw new Error("project insert returned no row");
  for (const email of options.developerEmails ?? []) {
    await assignDevelopers(db, [{ projectId: row.id, developerId: await userIdOf(db, email) }]);
  }
  return row.id;
}

/**
 * `count` messages from `authorEmail`, one second apart, ending now, plus
 * `sameInstant` more sharing the newest one's timestamp (ties are ordered by id).
 * Returns their ids oldest first.
 */
export async function createMessages(
  db: Db,
  projectId: string,
  authorEmail: string,
  count: number,
  sameInstant = 0,
): Promise<string[]> {
  const userId = await userIdOf(db, authorEmail);
  const now = Date.now();
  const values = [
    ...Array.from({ length: count }, (_, i) => ({ at: new Date(now - (count - 1 - i) * 1000), n: i })),
    ...Array.from({ length: sameInstant }, (_, i) => ({ at: new Date(now), n: count + i })),
  ].map(({ at, n }) => ({ projectId, userId, message: `Message ${n + 1}`, createdAt: at }));
  if (values.length === 0) return [];
  const rows = await db
    .insert(projectMessages)
    .values(values)
    .returning({ id: projectMessages.id, createdAt: projectMessages.createdAt });
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => row.id);
}
