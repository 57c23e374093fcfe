import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PresenceViewer } from "../../common/api";
import { uuidParam } from "../../common/schemas";
import { compareText } from "../../common/text";
import type { Db } from "../db";
import { users } from "../db/schema";
import type { Actor, ProjectFacts } from "../rules";
import type { LiveKey } from "./collection";

/**
 * Who is on a project page now, and who is typing (issue #8). Never stored:
 * each server process keeps the viewers of its own sockets and tells the
 * others on PRESENCE_CHANNEL (NOTIFY, so it crosses processes sharing one
 * PostgreSQL); every process merges what it hears. A process announces each
 * change at once and repeats its whole state every HEARTBEAT_MS, so the
 * viewers of a process that died fade out after REMOTE_TTL_MS.
 *
 * A viewer is a subscription to ["projects", id, "presence"]: the hub
 * authorises it like the thread, and re-checks the rules for every
 * subscriber at every delivery.
 */

export const PRESENCE_CHANNEL = "app_presence";
export const HEARTBEAT_MS = 10_000;
export const REMOTE_TTL_MS = 25_000;
/** How long one typing signal lasts; the SPA repeats it every few seconds while the person types. */
export const TYPING_MS = 5_000;
/** Viewers one process announces per project: a NOTIFY payload holds 8,000 bytes. */
const MAX_ANNOUNCED = 60;

export type Viewer = PresenceViewer;

export const presenceKey = (projectId: string) => ["projects", projectId, "presence"] as const;

/** The project id of a presence key, or undefined when the key is not one (or its id is not a UUID). */
export function presenceProject(key: LiveKey): string | undefined {
  if (key.length !== 3 || key[0] !== "projects" || key[2] !== "presence") return undefined;
  const id = uuidParam.safeParse(key[1]);
  return id.success ? id.data : undefined;
}

/** One local viewer of a project: every socket (tab) they have on it, and until when they are typing. */
type LocalViewer = { name: string; sockets: Set<PresenceSocket>; typingUntil: number; typingTimer?: NodeJS.Timeout };

/** What the board needs of a hub connection. */
export type PresenceSocket = { userId: string; actor: Actor; send(frame: string): void };

type Announcement = { origin: string; projectId: string; viewers: [string, string, 0 | 1][] };

type PresenceOptions = {
  db: Db;
  listen(channel: string, callback: (payload: string) => void): Promise<void>;
  facts(projectId: string): Promise<ProjectFacts | undefined>;
  mayRead(actor: Actor, facts: ProjectFacts): boolean;
  /** A subscriber the rules no longer allow: the hub drops the subscription. */
  revoke(socket: PresenceSocket, key: LiveKey): void;
  onError(error: unknown): void;
};

export async function createPresenceBoard(options: PresenceOptions) {
  const origin = randomUUID();
  const local = new Map<string, Map<string, LocalViewer>>();
  const remote = new Map<string, Map<string, { viewers: Viewer[]; at: number }>>();
  /** The last list sent per project, so an unchanged merge sends nothing. */
  const lastSent = new Map<string, string>();

  function localViewers(projectId: string): Viewer[] {
    const now = Date.now();
    return [...(local.get(projectId) ?? new Map<string, LocalViewer>()).entries()].map(([userId, viewer]) => ({
      userId,
      name: viewer.name,
      typing: viewer.typingUntil > now,
    }));
  }

  /** Everyone on the project across processes: one entry per person, typing if typing anywhere. */
  function merged(projectId: string): Viewer[] {
    const byUser = new Map<string, Viewer>();
    const now = Date.now();
    const lists = [localViewers(projectId)];
    for (const entry of remote.get(projectId)?.values() ?? [])
      if (now - entry.at < REMOTE_TTL_MS) lists.push(entry.viewers);
    for (const list of lists) {
      for (const viewer of list) {
        const seen = byUser.get(viewer.userId);
        byUser.set(viewer.userId, seen ? { ...seen, typing: seen.typing || viewer.typing } : viewer);
      }
    }
    return [...byUser.values()].sort((a, b) => compareText(a.name, b.name) || compareText(a.userId, b.userId));
  }

  /** The project's local subscribers, and its viewers as they are now; undefined when there is nothing to send. */
  function toSend(projectId: string, force: boolean) {
    const sockets = [...(local.get(projectId)?.values() ?? [])].flatMap((viewer) => [...viewer.sockets]);
    const viewers = merged(projectId);
    const text = JSON.stringify(viewers);
    if (!force && lastSent.get(projectId) === text) return undefined;
    if (sockets.length === 0) {
      lastSent.delete(projectId);
      return undefined;
    }
    return { sockets, viewers, text };
  }

  /** Sends the project's viewers to its local subscribers the rules still allow (checked now, per delivery). */
  async function deliver(projectId: string, force = false) {
    if (!toSend(projectId, force)) return;
    const facts = await options.facts(projectId);
    // The list is taken again after the await: two deliveries' facts can come back in either order,
    // and a list taken before would let an older one (a join) arrive after a newer one (typing).
    const now = toSend(projectId, force);
    if (!now) return;
    lastSent.set(projectId, now.text);
    const key = presenceKey(projectId);
    const frame = JSON.stringify({ type: "value", key, value: now.viewers });
    for (const socket of now.sockets) {
      if (facts && options.mayRead(socket.actor, facts)) socket.send(frame);
      else options.revoke(socket, key);
    }
  }

  async function announce(projectId: string) {
    const viewers = localViewers(projectId)
      .slice(0, MAX_ANNOUNCED)
      .map((viewer): [string, string, 0 | 1] => [viewer.userId, viewer.name.slice(0, 60), viewer.typing ? 1 : 0]);
    const message: Announcement = { origin, projectId, viewers };
    await options.db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(message)})`);
  }

  /** A local change: tell this process's subscribers and the other processes. */
  function changed(projectId: string) {
    Promise.all([deliver(projectId), announce(projectId)]).catch(options.onError);
  }

  await options.listen(PRESENCE_CHANNEL, (payload) => {
    let message: Announcement;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (message.origin === origin || typeof message.projectId !== "string") return;
    const entries = remote.get(message.projectId) ?? new Map();
    if (message.viewers.length === 0) entries.delete(message.origin);
    else {
      const viewers = message.viewers.map(([userId, name, typing]) => ({ userId, name, typing: typing === 1 }));
      entries.set(message.origin, { viewers, at: Date.now() });
    }
    if (entries.size === 0) remote.delete(message.projectId);
    else remote.set(message.projectId, entries);
    if (local.has(message.projectId)) deliver(message.projectId).catch(options.onError);
  });

  // Heartbeat: repeat this process's viewers, and fade out those of processes that stopped repeating theirs.
  const heartbeat = setInterval(() => {
    for (const projectId of local.keys()) announce(projectId).catch(options.onError);
    const now = Date.now();
    for (const [projectId, entries] of remote) {
      let expired = false;
      for (const [from, entry] of entries) {
        if (now - entry.at >= REMOTE_TTL_MS) {
          entries.delete(from);
          expired = true;
        }
      }
      if (entries.size === 0) remote.delete(projectId);
      if (expired && local.has(projectId)) deliver(projectId).catch(options.onError);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function nameOf(userId: string): Promise<string> {
    const [row] = await options.db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
    return row?.name ?? "Someone";
  }

  return {
    /** A socket subscribed to the project's presence key (already authorised by the hub). */
    async join(socket: PresenceSocket, projectId: string) {
      const name = await nameOf(socket.userId);
      const viewers = local.get(projectId) ?? new Map<string, LocalViewer>();
      local.set(projectId, viewers);
      const viewer = viewers.get(socket.userId);
      if (viewer) {
        viewer.sockets.add(socket);
        // Someone opening a second tab changes nothing for others; this tab still needs the list.
        await deliver(projectId, true);
        return;
      }
      viewers.set(socket.userId, { name, sockets: new Set([socket]), typingUntil: 0 });
      changed(projectId);
    },

    leave(socket: PresenceSocket, projectId: string) {
      const viewers = local.get(projectId);
      const viewer = viewers?.get(socket.userId);
      if (!viewers || !viewer?.sockets.delete(socket)) return;
      if (viewer.sockets.size > 0) return;
      clearTimeout(viewer.typingTimer);
      viewers.delete(socket.userId);
      if (viewers.size === 0) local.delete(projectId);
      changed(projectId);
    },

    /** A typing signal from a socket on the project: typing for TYPING_MS, or stopped (sent, cleared). */
    typing(socket: PresenceSocket, projectId: string, active: boolean) {
      const viewer = local.get(projectId)?.get(socket.userId);
      if (!viewer?.sockets.has(socket)) return;
      const wasTyping = viewer.typingUntil > Date.now();
      clearTimeout(viewer.typingTimer);
      viewer.typingUntil = active ? Date.now() + TYPING_MS : 0;
      if (active) {
        viewer.typingTimer = setTimeout(() => changed(projectId), TYPING_MS + 10);
        viewer.typingTimer.unref();
      }
      if (wasTyping !== active) changed(projectId);
    },

    close() {
      clearInterval(heartbeat);
      for (const viewers of local.values()) for (const viewer of viewers.values()) clearTimeout(viewer.typingTimer);
    },
  };
}

export type PresenceBoard = Awaited<ReturnType<typeof createPresenceBoard>>;
