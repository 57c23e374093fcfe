import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

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
  | { type: "subscribed"; key: QueryKey }
  | { type: "error"; key?: QueryKey; code: string; message: string }
  | LiveChange
  | Invalidate
  | Value;

export type ChangeHandler = (change: LiveChange | Invalidate | Value) => void;

/** The server's spelling of a key (server/live/collection.ts, canonicalKey): strings lower-cased. */
const keyId = (key: QueryKey) =>
  JSON.stringify(key.map((part) => (typeof part === "string" ? part.toLowerCase() : part)));

/** The close code of a socket whose session is gone (server/live/hub.ts). */
const SESSION_ENDED = 4401;

class LiveClient {
  private socket: WebSocket | undefined;
  private readonly handlers = new Map<string, Set<ChangeHandler>>();
  private readonly acks = new Map<string, () => void>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closedByUs = false;
  private readonly sessionEndListeners = new Set<() => void>();

  subscribe(key: QueryKey, onChange: ChangeHandler, onSubscribed: () => void): () => void {
    const id = keyId(key);
    let set = this.handlers.get(id);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(id, set);
    }
    set.add(onChange);
    this.acks.set(id, onSubscribed);
    this.connect();
    if (isNew) this.send({ type: "subscribe", key });
    return () => {
      set.delete(onChange);
      if (set.size === 0) {
        this.handlers.delete(id);
        this.acks.delete(id);
        this.send({ type: "unsubscribe", key });
      }
    };
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
      for (const id of this.handlers.keys()) socket.send(JSON.stringify({ type: "subscribe", key: JSON.parse(id) }));
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "change" || message.type === "invalidate" || message.type === "value") {
        for (const handler of this.handlers.get(keyId(message.key)) ?? []) handler(message);
      } else if (message.type === "subscribed") {
        this.acks.get(keyId(message.key))?.();
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

/** Applies a pushed row to a cached list: replace by id, append new, drop deleted. */
export function applyToList<T extends { id: string }>(list: T[] | undefined, change: LiveChange): T[] | undefined {
  if (!list) return list;
  const row = change.row as T;
  if (change.op === "delete") return list.filter((item) => item.id !== row.id);
  const index = list.findIndex((item) => item.id === row.id);
  if (index === -1) return [...list, row];
  return list.map((item, i) => (i === index ? row : item));
}

/**
 * useQuery plus a live subscription to the same key. `apply` merges a pushed
 * change into the cached data (defaults to list semantics).
 */
export function useLiveQuery<T>(
  options: UseQueryOptions<T, Error, T, QueryKey> & { queryKey: QueryKey },
  apply: (data: T | undefined, change: LiveChange) => T | undefined = applyToList as never,
) {
  const queryClient = useQueryClient();
  const id = JSON.stringify(options.queryKey);
  const enabled = options.enabled !== false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's JSON stands for the key
  useEffect(() => {
    if (!enabled) return;
    const key = options.queryKey;
    return live.subscribe(
      key,
      (change) => {
        if (change.type === "invalidate") void queryClient.invalidateQueries({ queryKey: key, exact: true });
        else if (change.type === "change") queryClient.setQueryData<T>(key, (data) => apply(data, change));
      },
      // The subscription may have started after the first fetch read the rows: refetch to close the gap.
      () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
    );
  }, [id, enabled, queryClient]);
  return useQuery(options);
}

/**
 * A value the server pushes whole and keeps no copy of (presence): undefined
 * until the first push, then the latest. Not a query: there is nothing to
 * refetch, and the server sends the current value on every (re)subscription.
 */
export function useLiveValue<T>(key: QueryKey, enabled = true): T | undefined {
  const [value, setValue] = useState<T>();
  const id = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's JSON stands for the key
  useEffect(() => {
    if (!enabled) return;
    setValue(undefined);
    return live.subscribe(
      key,
      (message) => {
        if (message.type === "value") setValue(message.value as T);
      },
      () => {},
    );
  }, [id, enabled]);
  return value;
}
