import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { noteLiveKey } from "../ssr/portal-context";
import { type LiveChange, live } from "./live-client";

export { type ChangeHandler, type LiveChange, live } from "./live-client";

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
  if (enabled) noteLiveKey(options.queryKey);
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
 * Refetches `target` (every query under it; by default the live key itself) whenever the server
 * pushes a change on `liveKey`, and once subscribed (to close the gap with the first fetch). For
 * lists whose rows are paged and sorted on the server, and for counters: a pushed row cannot be placed.
 */
export function useLiveRefetch(liveKey: QueryKey, target: QueryKey = liveKey, enabled = true) {
  const queryClient = useQueryClient();
  const liveId = JSON.stringify(liveKey);
  const targetId = JSON.stringify(target);
  if (enabled) noteLiveKey(liveKey);
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(targetId) });
    return live.subscribe(JSON.parse(liveId), refetch, refetch);
  }, [liveId, targetId, enabled, queryClient]);
}

/**
 * A value the server pushes whole and keeps no copy of (presence): undefined
 * until the first push, then the latest. Not a query: there is nothing to
 * refetch, and the server sends the current value on every (re)subscription.
 */
export function useLiveValue<T>(key: QueryKey, enabled = true): T | undefined {
  const [value, setValue] = useState<T>();
  const id = JSON.stringify(key);
  if (enabled) noteLiveKey(key);
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
