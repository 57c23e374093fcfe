import type { QueryKey } from "@tanstack/react-query";

/**
 * The live channel: one WebSocket per tab carrying every subscription. A
 * subscription is a TanStack Query key; the server pushes committed changes
 * for it, and after every (re)subscription the query is refetched so nothing
 * missed while disconnected stays missing.
 */
export type LiveChange = { type: "change"; key: QueryKey; op: "insert" | "update" | "delete"; row: { id: string } };
/** "Refetch this key": what counters and aggregates receive instead of rows. */
type Invalidate = { type: "invalidate"; key: QueryKey };
/** The key's whole value, replacing what the tab holds (presence: who is on a project page). */
type Value = { type: "value"; key: QueryKey; value: unknown };
type ServerMessage =
  | { type: "profile" }
  | { type: "subscribed"; key: QueryKey }
  | { type: "error"; key?: QueryKey; code: string; message: string }
  | LiveChange
  | Invalidate
  | Value;

export type ChangeHandler = (change: LiveChange | Invalidate | Value) => void;
/** A subscription's first answer came (after a reconnect, every subscription's does again). */
type SubscribedHandler = () => void;

/** The server's spelling of a key (server/live/collection.ts, canonicalKey): strings lower-cased. */
const keyId = (key: QueryKey) =>
  JSON.stringify(key.map((part) => (typeof part === "string" ? part.toLowerCase() : part)));

/** The channel a tab announces its sign-out on to the browser's other tabs (BroadcastChannel), and the message. */
export const SESSION_BROADCAST = "lagos-studio-session";
export const SIGNED_OUT = "signed-out";

/** The close code of a socket whose session is gone (server/live/hub.ts). */
const SESSION_ENDED = 4401;

/**
 * A key subscribed before anything on the page uses it: a server-rendered page's, held from load
 * until its app subscribes (src/portal-watch.ts). `stale` once a change arrived or may have been
 * missed; `last` the latest whole value pushed (presence), which its taker has not seen.
 */
type Hold = { handler: ChangeHandler; ack: SubscribedHandler; stale: boolean; last?: Value; onStale: () => void };

export class LiveClient {
  private socket: WebSocket | undefined;
  private readonly handlers = new Map<string, Set<ChangeHandler>>();
  /** Everyone on a key hears its answer: each refetches what it shows (a badge and a page may share one key). */
  private readonly acks = new Map<string, Set<SubscribedHandler>>();
  /** The `since` of a subscription not yet answered: sent with its subscribe, however often that is sent. */
  private readonly since = new Map<string, number>();
  private readonly holds = new Map<string, Hold>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closedByUs = false;
  private readonly sessionEndListeners = new Set<() => void>();
  private readonly profileListeners = new Set<() => void>();

  /**
   * Subscribes to `key`: `onChange` receives what the server pushes, `onSubscribed` is called when
   * the server has answered (and again after every reconnect; the caller refetches to close the gap).
   * A key already subscribed only gains the handler: no new answer comes for it. A held key is taken
   * over: its hold ends; if it saw a change, `onSubscribed` is called at once (the caller refetches),
   * and the latest whole value it was pushed is handed on.
   */
  subscribe(key: QueryKey, onChange: ChangeHandler, onSubscribed: SubscribedHandler): () => void {
    const id = keyId(key);
    const hold = this.holds.get(id);
    if (hold) {
      this.holds.delete(id);
      this.detach(id, hold);
      const { stale, last } = hold;
      queueMicrotask(() => {
        if (last) onChange(last);
        if (stale) onSubscribed();
      });
    }
    const unsubscribe = this.add(key, onChange, onSubscribed);
    return unsubscribe;
  }

  /**
   * Holds `key` for a page whose copy of it was read at `since` (server time, ms): the server
   * answers "invalidate" at once if a change this person may see touched it since then (or if it
   * cannot tell), and pushes what changes after. Any of these, or a reconnect (changes may have been
   * missed), marks the hold stale and calls `onStale`; so does a whole value pushed (presence: the
   * page did not render one). The first `subscribe` to the key takes it over.
   */
  hold(key: QueryKey, since: number, onStale: () => void): void {
    const id = keyId(key);
    if (this.holds.has(id) || this.handlers.has(id)) return;
    let answers = 0;
    const hold: Hold = {
      handler: (message) => {
        if (message.type === "value") {
          hold.last = message;
          hold.onStale();
        } else markStale();
      },
      ack: () => {
        if (++answers > 1) markStale();
      },
      stale: false,
      onStale,
    };
    const markStale = () => {
      hold.stale = true;
      hold.onStale();
    };
    this.holds.set(id, hold);
    this.since.set(id, since);
    this.add(key, hold.handler, hold.ack);
  }

  /** Ends the holds nothing took over (the page's app has long subscribed to what it shows). */
  releaseHolds(): void {
    for (const [id, hold] of this.holds) {
      this.holds.delete(id);
      this.detach(id, hold);
      if (this.handlers.get(id)?.size === 0) this.drop(id);
    }
  }

  private add(key: QueryKey, onChange: ChangeHandler, onSubscribed: SubscribedHandler): () => void {
    const id = keyId(key);
    let set = this.handlers.get(id);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(id, set);
    }
    set.add(onChange);
    const acks = this.acks.get(id) ?? new Set();
    this.acks.set(id, acks);
    acks.add(onSubscribed);
    this.connect();
    if (isNew) this.sendSubscribe(id);
    return () => {
      set.delete(onChange);
      acks.delete(onSubscribed);
      if (set.size === 0 && this.handlers.get(id) === set) this.drop(id);
    };
  }

  /** Takes a hold's handler and answer off its key, leaving the key subscribed. */
  private detach(id: string, hold: Hold): void {
    this.handlers.get(id)?.delete(hold.handler);
    this.acks.get(id)?.delete(hold.ack);
  }

  private drop(id: string): void {
    this.handlers.delete(id);
    this.acks.delete(id);
    this.since.delete(id);
    this.send({ type: "unsubscribe", key: JSON.parse(id) });
  }

  private sendSubscribe(id: string): void {
    const since = this.since.get(id);
    const key = JSON.parse(id);
    this.send(since === undefined ? { type: "subscribe", key } : { type: "subscribe", key, since });
  }

  /**
   * Keeps the channel open while a listener is registered (the portal shell,
   * on every page, subscribed to anything or not), and calls it when the
   * server ends the session: the hub closes with SESSION_ENDED on sign-out
   * elsewhere, a password change, deactivation or expiry.
   */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndListeners.add(listener);
    this.connect();
    return () => {
      this.sessionEndListeners.delete(listener);
    };
  }

  /**
   * Calls `listener` when what this person's session carries changed on the server (their role,
   * name, company or e-mail, by them elsewhere or by an administrator): the tab reads it again.
   */
  onProfileChanged(listener: () => void): () => void {
    this.profileListeners.add(listener);
    return () => {
      this.profileListeners.delete(listener);
    };
  }

  /** Closes the channel (sign-out); the next subscription opens a new one with the new cookie. */
  reset(): void {
    this.closedByUs = true;
    this.socket?.close();
    this.socket = undefined;
    clearTimeout(this.timer);
  }

  /** Tells the others on a presence key this tab is typing (repeat while typing), or has stopped. */
  typing(key: QueryKey, active: boolean): void {
    if (this.handlers.has(keyId(key))) this.send({ type: "typing", key, active });
  }

  private connect(): void {
    if (this.socket || typeof WebSocket === "undefined") return;
    this.closedByUs = false;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      for (const id of this.handlers.keys()) this.sendSubscribe(id);
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "profile") {
        for (const listener of [...this.profileListeners]) listener();
      } else if (message.type === "change" || message.type === "invalidate" || message.type === "value") {
        for (const handler of this.handlers.get(keyId(message.key)) ?? []) handler(message);
      } else if (message.type === "error" && message.key) {
        // Refused or revoked (not found, or no longer yours): a held key's page must hear it from its app.
        this.holds.get(keyId(message.key))?.handler({ type: "invalidate", key: message.key });
      } else if (message.type === "subscribed") {
        const id = keyId(message.key);
        this.since.delete(id);
        for (const ack of [...(this.acks.get(id) ?? [])]) ack();
      }
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = undefined;
      if (this.closedByUs) return;
      if (event.code === SESSION_ENDED) {
        for (const listener of [...this.sessionEndListeners]) listener();
        return;
      }
      if (this.handlers.size === 0 && this.sessionEndListeners.size === 0) return;
      const delay = Math.min(10_000, 250 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

export const live = new LiveClient();
