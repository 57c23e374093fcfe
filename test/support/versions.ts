import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../server/db";

/** A table whose edit forms send its rows' version back (common/schemas.ts editedVersion). */
type Versioned = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The row's version as its edit form sends it back: its updatedAt now. For an id with no row (a test of
 * the 404), any well-formed version.
 */
export async function versionOf(db: Db, table: Versioned, id: string): Promise<string> {
  const [row] = await db.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  return (row?.updatedAt instanceof Date ? row.updatedAt : new Date()).toISOString();
}
