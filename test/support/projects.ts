import { eq } from "drizzle-orm";
import { assignDevelopers } from "../../server/data/projects";
import type { Db } from "../../server/db";
import { projects, users } from "../../server/db/schema";

async function userId(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Adds `count` projects for the client with e-mail `clientEmail`, two at each
 * creation time (so paging has ties to break by id), an hour apart from
 * `from`; every `assignEvery`-th one is assigned to `developerEmail`.
 * Returns their ids.
 */
export async function addProjects(
  db: Db,
  options: {
    clientEmail: string;
    count: number;
    title?: string;
    from?: Date;
    developerEmail?: string;
    assignEvery?: number;
    status?: "active" | "completed" | "on_hold" | "cancelled";
  },
): Promise<string[]> {
  const clientId = await userId(db, options.clientEmail);
  const from = options.from ?? new Date("2025-06-01T09:00:00Z");
  const rows = await db
    .insert(projects)
    .values(
      Array.from({ length: options.count }, (_, i) => ({
        title: `${options.title ?? "Paged project"} ${i + 1}`,
        clientId,
        status: options.status ?? (i % 3 === 0 ? "completed" : "active"),
        createdAt: new Date(from.getTime() + Math.floor(i / 2) * 3_600_000),
      })),
    )
    .returning({ id: projects.id });
  if (options.developerEmail) {
    const developerId = await userId(db, options.developerEmail);
    const every = options.assignEvery ?? 1;
    const assigned = rows.filter((_, i) => i % every === 0);
    await assignDevelopers(
      db,
      assigned.map((row) => ({ projectId: row.id, developerId })),
    );
  }
  return rows.map((row) => row.id);
}
