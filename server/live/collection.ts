import type { Db } from "../db";
import type { Change, Op, Topic } from "../functions/changes";
import type { Actor } from "../rules";

/** A live query's key: the SPA's TanStack Query key, so a pushed row lands in the right cache entry. */
export type LiveKey = readonly (string | number)[];

/** What one subscriber receives for a change: a row to merge, or "refetch this key" (counters, aggregates). */
export type Push = { op: Op; row: unknown } | { invalidate: true };

/**
 * "Refetch this key": one object for every collection, so the hub serialises it once per key
 * however many subscribers receive it (server/live/hub.ts keeps one frame per push per delivery).
 */
export const invalidate: Push = { invalidate: true };

/** One key a change touches, and what each subscriber of it receives (nothing when the rules say no). */
export type Delivery = { key: LiveKey; pushFor(actor: Actor): Push | undefined };

/**
 * How a collection is live: a declaration next to its reads, listed in
 * server/live/registry.ts. The hub knows nothing about any collection.
 * - `authorize`: undefined when `key` is not this collection's shape; else
 *   whether `actor` may subscribe to it now.
 * - `resolve`: for a committed change of `topic`, the keys it touches and a
 *   per-subscriber push, decided by the access rules at delivery time (the
 *   row is read once per change, not once per subscriber).
 */
export type LiveCollection<T extends Topic = Topic> = {
  topic: T;
  authorize(db: Db, actor: Actor, key: LiveKey): Promise<boolean | undefined>;
  resolve(db: Db, change: Extract<Change, { topic: T }>): Promise<Delivery[]>;
};

/**
 * One spelling per key: strings lower-cased (ids are UUIDs or lower-case
 * names), so "ABC…" and "abc…" are one subscription, and a subscription in
 * upper case receives what the lower-case key is pushed.
 */
export function canonicalKey(key: LiveKey): LiveKey {
  return key.map((part) => (typeof part === "string" ? part.toLowerCase() : part));
}

/**
 * A key every subscriber refetches on any change of `topic` (an admin console's counters and tables:
 * what they show is read afresh, whichever row changed), or only on those `concerns` picks, for
 * whoever `mayRead` lets subscribe, and judged again at each change.
 */
export function refetchedOn<T extends Topic>(
  key: LiveKey,
  topic: T,
  mayRead: (actor: Actor) => boolean,
  concerns: (change: Extract<Change, { topic: T }>) => boolean = () => true,
): LiveCollection<T> {
  const isKey = (asked: LiveKey) => asked.length === key.length && key.every((part, i) => asked[i] === part);
  return {
    topic,
    async authorize(_db, actor, asked) {
      if (!isKey(asked)) return undefined;
      return mayRead(actor);
    },
    async resolve(_db, change) {
      if (!concerns(change)) return [];
      return [{ key, pushFor: (actor) => (mayRead(actor) ? invalidate : undefined) }];
    },
  };
}
