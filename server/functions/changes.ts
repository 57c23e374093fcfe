import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db";

/**
 * A committed change that live views may need. Published with NOTIFY inside
 * the writing transaction, so Postgres delivers it only after commit, to every
 * server process sharing the database.
 */
export type Change = {
  topic: "project_messages";
  op: "insert" | "update" | "delete";
  id: string;
  projectId: string;
};

export const CHANGES_CHANNEL = "app_changes";

export async function publishChange(db: Db | Tx, change: Change): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}
