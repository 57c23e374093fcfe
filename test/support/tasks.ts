import { randomUUID } from "node:crypto";
import type { TaskStatus } from "../../common/domain";
import type { Db } from "../../server/db";
import { tasks } from "../../server/db/schema";

import { userIdOf } from "./server";

/** A task assigned to `assigneeEmail` (or to no one), created by `creatorEmail`, on `projectId` if given; returns its id. */
export async function createTask(
  db: Db,
  options: { creatorEmail: string; assigneeEmail?: string; status?: TaskStatus; title?: string; projectId?: string },
): Promise<string> {
  const [row] = await db
    .insert(tasks)
    .values({
      title: options.title ?? `Test task ${randomUUID().slice(0, 8)}`,
      description: "Made by a test",
      status: options.status ?? "todo",
      createdBy: await userIdOf(db, options.creatorEmail),
      assignedTo: options.assigneeEmail ? await userIdOf(db, options.assigneeEmail) : null,
      projectId: options.projectId ?? null,
    })
    .returning({ id: tasks.id });
  if (!row) throw new Error("task insert returned no row");
  return row.id;
}
