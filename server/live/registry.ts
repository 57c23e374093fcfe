import { milestonesLive } from "../data/milestones";
import { projectMessagesLive } from "../data/projects";
import { tasksLive } from "../data/tasks";
import type { Db } from "../db";
import type { Change, Topic } from "../functions/changes";
import type { Actor } from "../rules";
import type { Delivery, LiveCollection, LiveKey } from "./collection";

/** Every live collection. Adding one: declare it next to its reads, then list it here. */
const collections: LiveCollection[] = [projectMessagesLive, tasksLive, milestonesLive] as LiveCollection[];

const byTopic = new Map<Topic, LiveCollection>(collections.map((collection) => [collection.topic, collection]));

/** True when the key names a live query the actor may read now; false when denied or unknown. */
export async function authorizeKey(db: Db, actor: Actor, key: LiveKey): Promise<boolean> {
  for (const collection of collections) {
    const verdict = await collection.authorize(db, actor, key);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

export function resolveChange(db: Db, change: Change): Promise<Delivery[]> {
  const collection = byTopic.get(change.topic);
  return collection ? collection.resolve(db, change as never) : Promise.resolve([]);
}
