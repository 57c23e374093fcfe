import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { milestones, users } from "../db/schema";
import type { LiveCollection } from "../live/collection";
import { rules } from "../rules";
import { authorizeProjectKey, getProjectFacts } from "./projects";

/** Reads of a project's milestones shared by the REST routes and the live hub, so both send the same shape. */

const milestoneColumns = {
  id: milestones.id,
  projectId: milestones.projectId,
  title: milestones.title,
  description: milestones.description,
  amountMinor: milestones.amount,
  dueDate: milestones.dueDate,
  status: milestones.status,
  paymentStatus: milestones.paymentStatus,
  paidDate: milestones.paidDate,
  createdBy: milestones.createdBy,
  creatorName: users.fullName,
  createdAt: milestones.createdAt,
  updatedAt: milestones.updatedAt,
};

export type MilestoneView = Awaited<ReturnType<typeof listMilestones>>[number];

const selectMilestones = (db: Db) =>
  db.select(milestoneColumns).from(milestones).innerJoin(users, eq(users.id, milestones.createdBy));

/**
 * A project's milestones by due date, those without one last (spec §7), on
 * milestones_project_due_idx. Not paged: a project holds at most
 * MILESTONES_PER_PROJECT_MAX of them.
 */
export function listMilestones(db: Db, projectId: string) {
  return selectMilestones(db)
    .where(eq(milestones.projectId, projectId))
    .orderBy(sql`${milestones.dueDate} asc nulls last`, asc(milestones.createdAt), asc(milestones.id));
}

export async function getMilestone(db: Db, id: string) {
  const [row] = await selectMilestones(db).where(eq(milestones.id, id));
  return row;
}

/** The project a milestone belongs to and its state: what the routes need before a change. */
export async function getMilestoneFacts(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ projectId: milestones.projectId, status: milestones.status, paymentStatus: milestones.paymentStatus })
    .from(milestones)
    .where(eq(milestones.id, id));
  if (!row) return undefined;
  const project = await getProjectFacts(db, row.projectId);
  return project ? { ...row, project } : undefined;
}

export async function countMilestones(db: Db | Tx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(milestones)
    .where(eq(milestones.projectId, projectId));
  return row?.count ?? 0;
}

export const projectMilestonesKey = (projectId: string) => ["projects", projectId, "milestones"] as const;

/** A project's milestones are live for everyone who may read them, checked again at every delivery. */
export const milestonesLive: LiveCollection<"milestones"> = {
  topic: "milestones",
  authorize: authorizeProjectKey("milestones", rules.milestones.read),
  async resolve(db, change) {
    const [row, facts] = await Promise.all([
      change.op === "delete" ? { id: change.id } : getMilestone(db, change.id),
      getProjectFacts(db, change.projectId),
    ]);
    if (!row || !facts) return [];
    // One push object for everyone allowed: the hub serialises it once.
    const push = { op: change.op, row };
    return [
      {
        key: projectMilestonesKey(change.projectId),
        pushFor: (actor) => (rules.milestones.read(actor, facts) ? push : undefined),
      },
    ];
  },
};
