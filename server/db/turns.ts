import { sql } from "drizzle-orm";
import type { Tx } from "./index";

/**
 * Waits until no other transaction holds `key`'s turn, then holds it until this one ends: writes that
 * read what is taken before they write (a count under a cap, the day's upload volume, a free slug)
 * take turns on it, on every process sharing the database (a PostgreSQL advisory lock).
 */
export async function takeTurn(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
