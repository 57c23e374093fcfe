import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { readCookie, type SessionResolver } from "../auth/resolver";
import type { SessionCache } from "../auth/session-cache";
import { getProjectFacts } from "../data/projects";
import type { Database } from "../db";
import { CHANGES_CHANNEL, type Change } from "../functions/changes";
import { errorBody } from "../http/errors";
import { type Actor, rules } from "../rules";
import { canonicalKey, type Delivery, type LiveKey } from "./collection";
import { createPresenceBoard, type PresenceSocket, presenceProject } from "./presence";
import { RecentDeliveries } from "./recent";
import { authorizeKey, resolveChange } from "./registry";

export const LIVE_PATH = "/api/live";
const TOO_MANY_SOCKETS = "Too many open connections: close some tabs and try again";
export const MAX_SUBSCRIPTIONS = 200;
/**
 * Frames one person may send per window over all their sockets: a page sends a few (a subscribe a
 * list, a typing signal every few seconds), a reconnect up to MAX_SUBSCRIPTIONS at once, and a
 * restarted server is reconnected by each open tab. Each frame can cost a query (a subscribe's check)
 * or a push to every viewer (typing), and the HTTP writes' limit does not see them. Past it the socket
 * that sent the frame is closed; the count outlives the person's sockets until its window ends, so
 * reconnecting does not start it afresh.
 */
export const FRAMES_PER_WINDOW = 1_000;
const FRAME_WINDOW_MS = 10_000;
const TOO_MANY_FRAMES = "Too many live messages: slow down";
/** A tab that vanished without closing (a crash, a lost network) is dropped within two pings: presence fades as fast. */
const PING_INTERVAL_MS = 15_000;

/** What a client may send on the live channel. */
const liveKey = z
  .array(z.union([z.string().max(200), z.number()]))
  .min(1)
  .max(8);
const clientMessage = z.discriminatedUnion("type", [
  /** `since`: server time (ms) the subscriber's copy was read at; a change it missed since then is answered with "invalidate". */
  z.strictObject({ type: z.literal("subscribe"), key: liveKey, since: z.number().int().nonnegative().optional() }),
  z.strictObject({ type: z.literal("unsubscribe"), key: liveKey }),
  /** On a presence key the socket is subscribed to: typing now, or stopped (sent or cleared). */
  z.strictObject({ type: z.literal("typing"), key: liveKey, active: z.boolean() }),
]);

/** What the server sends; mirrored by src/lib/live-client.ts. */
export type ServerMessage =
  | { type: "subscribed"; key: LiveKey }
  | { type: "error"; key?: LiveKey; code: string; message: string }
  | { type: "change"; key: LiveKey; op: Change["op"]; row: unknown }
  | { type: "invalidate"; key: LiveKey }
  /** The key's whole value, replacing what the client holds (presence). */
  | { type: "value"; key: LiveKey; value: unknown }
  /** What the session carries changed (role, name, company, e-mail): the tab reads its profile again. */
  | { type: "profile" };

type Connection = PresenceSocket & {
  socket: WebSocket;
  cookie: string;
  userId: string;
  actor: Actor;
  expiresAt: number;
  keys: Set<string>;
  /** Subscriptions still being authorised: they count against the limit already. */
  pending: Set<string>;
  alive: boolean;
  /** A refused frame is logged once per connection: a client sending nothing but bad frames cannot flood the log. */
  warned: boolean;
  /**
   * Invalidations of this person's sessions or profile that arrived and are not re-checked yet
   * (recheckUser): meanwhile `actor` may be out of date (a role just taken away), so pushes wait in
   * `deferred` and are judged again with the actor re-read.
   */
  unchecked: number;
  deferred: Delivery[];
};

/** Pushes a socket keeps while its person is re-checked; past it the socket ends and its tab catches up on reconnecting. */
const MAX_DEFERRED = MAX_SUBSCRIPTIONS;

type HubOptions = {
  database: Database;
  resolver: SessionResolver;
  sessions: SessionCache;
  allowedOrigins: string[];
  /** Open sockets one person may hold (LIVE_SOCKETS_PER_USER): a tab each, with room for many tabs and devices. */
  maxSocketsPerUser: number;
  /**
   * Bytes a socket may have waiting to be written (LIVE_MAX_BUFFERED_KB) once the system's buffers are
   * full: a reader that stopped reading (a frozen tab, a client that never reads) would otherwise hold
   * every push made since in the server's memory.
   */
  maxBufferedBytes: number;
};

/**
 * The live-query hub: one WebSocket per tab, authenticated by the session
 * cookie. Clients subscribe by query key; committed changes arrive through
 * LISTEN and are pushed to each subscriber the access rules allow, checked
 * per event against the row's current facts.
 */
export async function registerLiveHub(app: FastifyInstance, options: HubOptions) {
  const { database, resolver, sessions } = options;
  const db = database.db;
  const subscribers = new Map<string, Set<Connection>>();
  const connectionsByUser = new Map<string, Set<Connection>>();
  /**
   * Frames each person has sent in their current window (FRAMES_PER_WINDOW), and whether going past it was
   * logged (once a window: a person reopening sockets cannot flood the log); ended windows go at each ping.
   */
  const framesByUser = new Map<string, { count: number; since: number; logged: boolean }>();
  const recent = new RecentDeliveries();

  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // A frame over maxPayload (or a broken one) ends its socket: the client's fault, so one warning line, no stack.
    errorHandler(error, socket, request) {
      request.log.warn({ reason: error.message, code: (error as { code?: unknown }).code }, "live frame refused");
      socket.terminate();
    },
  });

  /**
   * A frame is a message, or one already serialised and encoded (sent as text all the same). A socket
   * whose reader has fallen too far behind is ended at once, not closed: a close frame would wait
   * behind what it has not read. Its tab reconnects and catches up as after any lost connection
   * (subscribe's `since`).
   */
  const send = (connection: Connection, message: ServerMessage | string | Buffer) => {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > options.maxBufferedBytes) {
      app.log.warn(
        { userId: connection.userId, bufferedBytes: connection.socket.bufferedAmount },
        "live socket not reading: ended",
      );
      connection.socket.terminate();
      return;
    }
    if (Buffer.isBuffer(message)) connection.socket.send(message, { binary: false });
    else connection.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  };

  const presence = await createPresenceBoard({
    db,
    listen: (channel, callback) => database.listen(channel, callback),
    facts: (projectId) => getProjectFacts(db, projectId),
    mayRead: (actor, facts) => rules.projectMessages.read(actor, facts),
    revoke: (socket, key) => {
      unsubscribe(socket as Connection, JSON.stringify(key));
      send(socket as Connection, { type: "error", key, code: "not_found", message: "Not found" });
    },
    onError: (error) => app.log.error({ err: error }, "live presence failed"),
  });
  app.addHook("onClose", async () => presence.close());

  function unsubscribe(connection: Connection, id: string) {
    if (!connection.keys.delete(id)) return;
    const projectId = presenceProject(JSON.parse(id));
    if (projectId) presence.leave(connection, projectId);
    const set = subscribers.get(id);
    set?.delete(connection);
    if (set?.size === 0) subscribers.delete(id);
  }

  function drop(connection: Connection) {
    for (const id of [...connection.keys]) unsubscribe(connection, id);
    const mine = connectionsByUser.get(connection.userId);
    mine?.delete(connection);
    if (mine?.size === 0) connectionsByUser.delete(connection.userId);
  }

  /** Counts a frame against its sender's window; true once they have sent more than the window allows. */
  function tooManyFrames(connection: Connection) {
    const now = Date.now();
    let budget = framesByUser.get(connection.userId);
    if (!budget || now - budget.since >= FRAME_WINDOW_MS) {
      budget = { count: 0, since: now, logged: false };
      framesByUser.set(connection.userId, budget);
    }
    budget.count += 1;
    if (budget.count <= FRAMES_PER_WINDOW) return false;
    if (!budget.logged) {
      budget.logged = true;
      app.log.warn({ userId: connection.userId }, "live frames past the limit: sockets closed");
    }
    return true;
  }

  async function handleMessage(connection: Connection, raw: string) {
    let parsed: z.infer<typeof clientMessage>;
    try {
      parsed = clientMessage.parse(JSON.parse(raw));
    } catch {
      if (!connection.warned) {
        connection.warned = true;
        app.log.warn({ userId: connection.userId }, "live frame refused: not a live message");
      }
      send(connection, { type: "error", code: "bad_message", message: "Unrecognised live message" });
      return;
    }
    const key = canonicalKey(parsed.key);
    const id = JSON.stringify(key);
    if (parsed.type === "unsubscribe") return unsubscribe(connection, id);
    if (parsed.type === "typing") {
      const projectId = presenceProject(key);
      if (projectId && connection.keys.has(id)) presence.typing(connection, projectId, parsed.active);
      return;
    }
    if (connection.keys.has(id) || connection.pending.has(id)) {
      if (connection.keys.has(id)) send(connection, { type: "subscribed", key });
      return;
    }
    // Counted before the awaited check, so a burst of subscribes cannot slip past the limit.
    if (connection.keys.size + connection.pending.size >= MAX_SUBSCRIPTIONS) {
      send(connection, { type: "error", key, code: "too_many", message: "Too many subscriptions" });
      return;
    }
    connection.pending.add(id);
    let allowed = false;
    try {
      // Judged as the person is when it ends: a re-check that replaced their actor meanwhile (a role just
      // taken away) looked at the keys they held then, which this one was not yet among.
      for (let actor: Actor | undefined; actor !== connection.actor; ) {
        actor = connection.actor;
        allowed = await authorizeKey(db, actor, key);
      }
    } finally {
      connection.pending.delete(id);
    }
    if (!allowed) {
      // Same answer for "does not exist" and "not yours": ids reveal nothing.
      send(connection, { type: "error", key, code: "not_found", message: "Not found" });
      return;
    }
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.keys.add(id);
    const set = subscribers.get(id) ?? new Set();
    subscribers.set(id, set);
    set.add(connection);
    const projectId = presenceProject(key);
    if (projectId) {
      // Joined before the answer, so a typing signal sent on "subscribed" finds its viewer.
      await presence.join(connection, projectId);
      // Unsubscribed or closed while joining: leave again.
      if (!connection.keys.has(id)) presence.leave(connection, projectId);
    }
    send(connection, { type: "subscribed", key });
    // Checked after the socket joined the key's subscribers: a change delivered before reaches it as this
    // invalidate, one delivered after as a push (one delivered in between as both, which is harmless).
    if (parsed.since !== undefined && recent.changedSince(id, parsed.since, connection.actor)) {
      send(connection, { type: "invalidate", key });
    }
  }

  async function deliver(change: Change) {
    const now = Date.now();
    for (const delivery of await resolveChange(db, change)) {
      const keyId = JSON.stringify(delivery.key);
      recent.record(keyId, delivery);
      const set = subscribers.get(keyId);
      if (!set) continue;
      // Most subscribers receive the same push: serialise and encode each distinct one once.
      const frames = new Map<unknown, Buffer>();
      for (const connection of set) {
        if (connection.expiresAt <= now) {
          connection.socket.close(4401, "Session expired");
          continue;
        }
        if (connection.unchecked > 0) {
          defer(connection, delivery);
          continue;
        }
        const push = delivery.pushFor(connection.actor);
        if (!push) continue;
        let frame = frames.get(push);
        if (!frame) {
          frame = Buffer.from(
            JSON.stringify(
              "invalidate" in push
                ? { type: "invalidate", key: delivery.key }
                : { type: "change", key: delivery.key, op: push.op, row: push.row },
            ),
          );
          frames.set(push, frame);
        }
        send(connection, frame);
      }
    }
  }

  function defer(connection: Connection, delivery: Delivery) {
    if (connection.deferred.length >= MAX_DEFERRED) {
      connection.socket.terminate();
      return;
    }
    connection.deferred.push(delivery);
  }

  /**
   * A user's sessions or role changed: re-check each of their sockets and subscriptions. When the
   * person changed (`wholeUser`: role, name, company, e-mail), their open tabs are told to read it.
   * What was pushed to a socket meanwhile is judged with the actor re-read, and told as "invalidate"
   * (its row may be out of date by now): a demoted administrator's socket heard the dashboard change
   * of their own demotion, delivered before this re-check.
   */
  async function recheckUser(userId: string, wholeUser: boolean) {
    for (const connection of connectionsByUser.get(userId) ?? []) {
      const arrived = connection.unchecked;
      try {
        const { session } = await resolver.resolve(connection.cookie);
        if (!session) {
          connection.socket.close(4401, "Signed out");
          continue;
        }
        connection.actor = { id: session.user.id, role: session.user.role };
        connection.expiresAt = session.expiresAt;
        for (const id of [...connection.keys]) {
          if (!(await authorizeKey(db, connection.actor, JSON.parse(id)))) unsubscribe(connection, id);
        }
        // After the keys a new role no longer reads are gone, so the tab's refetches see the new scope.
        if (wholeUser) send(connection, { type: "profile" });
      } catch (error) {
        // Not re-checked, so not to be trusted with pushes: its tab reconnects and subscribes afresh.
        app.log.error({ err: error }, "live session re-check failed");
        connection.socket.terminate();
        continue;
      } finally {
        // Those that arrived during this re-check have one of their own to come.
        connection.unchecked -= arrived;
      }
      if (connection.unchecked === 0) pushDeferred(connection);
    }
  }

  function pushDeferred(connection: Connection) {
    const keys = new Map<string, LiveKey>();
    for (const delivery of connection.deferred.splice(0)) {
      const id = JSON.stringify(delivery.key);
      if (connection.keys.has(id) && delivery.pushFor(connection.actor)) keys.set(id, delivery.key);
    }
    for (const key of keys.values()) send(connection, { type: "invalidate", key });
  }

  await database.listen(CHANGES_CHANNEL, (payload) => {
    let change: Change;
    try {
      change = JSON.parse(payload);
    } catch {
      return;
    }
    deliver(change).catch((error) => app.log.error({ err: error }, "live delivery failed"));
  });
  sessions.onUserInvalidationArrived((userId) => {
    for (const connection of connectionsByUser.get(userId) ?? []) connection.unchecked += 1;
  });
  /**
   * One re-check of a person at a time, each after the one before: two at once would each take away
   * the invalidations they began with, some twice, and an older session read could end last.
   */
  const rechecks = new Map<string, Promise<void>>();
  function queueRecheck(userId: string, wholeUser: boolean) {
    const next = (rechecks.get(userId) ?? Promise.resolve())
      .then(() => recheckUser(userId, wholeUser))
      .catch((error) => app.log.error({ err: error }, "live session re-check failed"))
      .finally(() => {
        if (rechecks.get(userId) === next) rechecks.delete(userId);
      });
    rechecks.set(userId, next);
    return next;
  }
  sessions.onUserInvalidated(queueRecheck);
  /**
   * Anyone's sessions or role may have changed unheard (the database's notifications were lost for a
   * while): every socket is held and re-checked, as if its person's invalidation had arrived.
   */
  sessions.onEveryoneInvalidated(() => {
    for (const [userId, mine] of connectionsByUser) {
      for (const connection of mine) connection.unchecked += 1;
      void queueRecheck(userId, true);
    }
  });
  /** Changes made while the notifications were lost were never pushed: every tab reads its keys again. */
  database.onListenerResumed(() => {
    for (const mine of connectionsByUser.values())
      for (const connection of mine)
        for (const id of connection.keys) send(connection, { type: "invalidate", key: JSON.parse(id) });
  });

  /** Each upgrade's `readMark`, taken before its session is first read. */
  const upgradeMarks = new WeakMap<FastifyRequest, number>();

  const pinger = setInterval(() => {
    const now = Date.now();
    for (const [userId, budget] of framesByUser) {
      if (now - budget.since >= FRAME_WINDOW_MS) framesByUser.delete(userId);
    }
    for (const set of connectionsByUser.values()) {
      for (const connection of set) {
        // A session that ends while none of its socket's keys changes is ended here, within a ping.
        if (connection.expiresAt <= now) connection.socket.close(4401, "Session expired");
        else if (!connection.alive) connection.socket.terminate();
        else {
          connection.alive = false;
          connection.socket.ping();
        }
      }
    }
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook("onClose", async () => clearInterval(pinger));

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // Browsers send cookies on cross-site WebSocket requests; only our own pages may connect.
      preValidation: async (request, reply) => {
        upgradeMarks.set(request, sessions.readMark());
        const origin = request.headers.origin;
        if (!origin || !options.allowedOrigins.includes(origin)) {
          return reply.status(403).send(errorBody("forbidden_origin", "This origin may not open the live channel"));
        }
        const session = await request.session();
        if (!session) return reply.status(401).send(errorBody("unauthorized", "Sign in to continue"));
        if ((connectionsByUser.get(session.user.id)?.size ?? 0) >= options.maxSocketsPerUser) {
          return reply.status(429).send(errorBody("too_many_connections", TOO_MANY_SOCKETS));
        }
      },
    },
    async (socket, request) => {
      const session = await request.session();
      const cookie = readCookie(request.headers.cookie, resolver.cookieName);
      if (!session || !cookie) return socket.close(4401, "Sign in to continue");
      // Checked again with no await before the add below: upgrades racing past the check above stop here.
      if ((connectionsByUser.get(session.user.id)?.size ?? 0) >= options.maxSocketsPerUser) {
        return socket.close(4429, TOO_MANY_SOCKETS);
      }
      const connection: Connection = {
        send: (frame) => send(connection, frame),
        socket,
        cookie,
        userId: session.user.id,
        actor: { id: session.user.id, role: session.user.role },
        expiresAt: session.expiresAt,
        keys: new Set(),
        pending: new Set(),
        alive: true,
        warned: false,
        unchecked: 0,
        deferred: [],
      };
      const mine = connectionsByUser.get(connection.userId) ?? new Set();
      connectionsByUser.set(connection.userId, mine);
      mine.add(connection);
      // Invalidated after its session was read, and perhaps re-checked before it was here to be: once more.
      if (sessions.invalidatedSince(connection.userId, upgradeMarks.get(request) ?? -1)) {
        connection.unchecked += 1;
        void queueRecheck(connection.userId, true);
      }
      socket.on("pong", () => {
        connection.alive = true;
      });
      socket.on("message", (data) => {
        // A socket being closed reads on until its peer answers: what it sends meanwhile is not acted on.
        if (socket.readyState !== socket.OPEN) return;
        if (tooManyFrames(connection)) return socket.close(4429, TOO_MANY_FRAMES);
        handleMessage(connection, data.toString()).catch((error) =>
          app.log.error({ err: error }, "live message failed"),
        );
      });
      socket.on("close", () => drop(connection));
    },
  );

  return {
    connectionCount: () => [...connectionsByUser.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
