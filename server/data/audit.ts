import type { Tx } from "../db";
import { auditLog } from "../db/schema";
import type { Actor } from "../rules";

/**
 * The audit log (issue #7): every administrator change, written in the same
 * transaction as the change itself, with who, what, which row, and the
 * fields the change touched before and after (null for a row created or
 * deleted). Changes by clients and developers are not audited.
 */
export type AuditEntry = {
  /** What happened, as `<entity>.<verb>`: "client.deactivate", "invoice.create". */
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function auditAdminChange(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  if (actor?.role !== "admin") return;
  const { action, entity, entityId, before, after } = entry;
  await tx.insert(auditLog).values({ actorId: actor.id, action, entity, entityId, details: { before, after } });
}

/**
 * Whether an edit would leave each field it sends as it was (compared as JSON; a list's order counts).
 * An edit sent again (a second tab, Save pressed twice) then writes, audits and publishes nothing. A
 * field read in another form than it is sent counts as changed, which costs only that write.
 */
export function changesNothing(before: object, sent: object): boolean {
  const kept = before as Record<string, unknown>;
  return Object.entries(sent).every(([field, value]) => JSON.stringify(value) === JSON.stringify(kept[field]));
}
