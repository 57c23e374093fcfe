import type { Tx } from "../db";
import { takeTurn } from "../db/turns";
import { conflict } from "./errors";

/**
 * A creation sent again with the id its sender chose (its answer was lost, or it was sent twice at once):
 * true when the row `id` exists and is this creation's (`same`: the fields that say whose and where),
 * false when there is none yet. Two sends at once take turns on the id, so the second finds the first's
 * row. An id taken by another row is a 409 with `taken`: it is not this creation's to answer with.
 * Messages, milestones, orders, invoices, and the admin console's projects, tasks and services are
 * created this way (README, "A creation sent again").
 */
export async function createdBefore<Row extends Record<string, unknown>>(
  tx: Tx,
  creation: { kind: string; id: string; taken: string },
  /** The row by its id (none or one). */
  read: () => Promise<Row[]>,
  same: Row,
): Promise<boolean> {
  await takeTurn(tx, `${creation.kind}:${creation.id}`);
  const [row] = await read();
  if (!row) return false;
  if (Object.keys(same).some((field) => row[field] !== same[field])) throw conflict(creation.taken);
  return true;
}
