import { uuidParam } from "../../common/schemas";
import { getMessage, getProjectFacts } from "../data/projects";
import type { Db } from "../db";
import type { Change } from "../functions/changes";
import { type Actor, rules } from "../rules";

/**
 * The live queries the hub knows: which query keys a client may subscribe
 * to, who may, and which keys a committed change touches. Keys are the SPA's
 * TanStack Query keys, so a pushed row lands in the right cache entry.
 */
export type LiveKey = readonly (string | number)[];

export type ResolvedChange = {
  keys: LiveKey[];
  op: Change["op"];
  row: unknown;
  /** Checked for every subscriber at delivery time, against the row's current facts. */
  canRead(actor: Actor): boolean;
};

type LiveQuery = {
  /** Returns true when `key` is this query's shape and `actor` may see it. */
  authorize(db: Db, actor: Actor, key: LiveKey): Promise<boolean | undefined>;
};

type TopicHandler = (db: Db, change: Change) => Promise<ResolvedChange | undefined>;

export const projectMessagesKey = (projectId: string) => ["projects", projectId, "messages"] as const;

const queries: LiveQuery[] = [
  {
    async authorize(db, actor, key) {
      if (key.length !== 3 || key[0] !== "projects" || key[2] !== "messages") return undefined;
      const projectId = uuidParam.safeParse(key[1]);
      if (!projectId.success) return false;
      const facts = await getProjectFacts(db, projectId.data);
      return !!facts && rules.projectMessages.read(actor, facts);
    },
  },
];

const topics: Record<Change["topic"], TopicHandler> = {
  async project_messages(db, change) {
    const [row, facts] = await Promise.all([
      change.op === "delete" ? { id: change.id } : getMessage(db, change.id),
      getProjectFacts(db, change.projectId),
    ]);
    if (!row || !facts) return undefined;
    return {
      keys: [projectMessagesKey(change.projectId)],
      op: change.op,
      row,
      canRead: (actor) => rules.projectMessages.read(actor, facts),
    };
  },
};

/** True when the key names a known live query the actor may read; false when denied or unknown. */
export async function authorizeKey(db: Db, actor: Actor, key: LiveKey): Promise<boolean> {
  for (const query of queries) {
    const verdict = await query.authorize(db, actor, key);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

export function resolveChange(db: Db, change: Change): Promise<ResolvedChange | undefined> {
  const handler = topics[change.topic];
  return handler ? handler(db, change) : Promise.resolve(undefined);
}
