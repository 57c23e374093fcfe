import { QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The one TanStack Query cache, for the portal and the auth page only.
 * Public pages never import this module (nor react-query), so their
 * bundle stays small; route guards reach it with a dynamic import.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => logFailedRead(query.queryKey, error) }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    // A save made while the browser says it is offline is sent all the same and fails at once, with the
    // form's message and what was typed kept (a message offers Retry). Paused until the browser is back
    // online (TanStack's default), it spun with no word, then went through unseen, perhaps pages later.
    mutations: { networkMode: "always" },
  },
});

/**
 * Spec §8: a failed read is logged. A warning, not an error: the screen has handled it (its empty state,
 * or a message saying it failed: README), and a failed read is not a fault in the page. Queries are
 * logged by the cache; a read outside one (a list's next page, older messages) calls this itself.
 */
export function logFailedRead(key: QueryKey, error: unknown): void {
  console.warn("Could not load", JSON.stringify(key), error);
}

/**
 * Called by a latency-compensated write before it shows its change: a refetch
 * in flight would land over the change, so it is cancelled, but only over data
 * already loaded. A first load cancelled goes back to pending with nothing to
 * start it again, and the screen would stay on its skeleton for good. Returns
 * whether the data is loaded (the change can be shown); when it is not, the
 * write's onSettled refetches with `refetchUnlessShown`, as the load in flight
 * may have read the rows before the write.
 */
export async function cancelRefetchOverLoaded(client: QueryClient, queryKey: QueryKey): Promise<boolean> {
  if (client.getQueryData(queryKey) === undefined) return false;
  await client.cancelQueries({ queryKey, exact: true });
  return true;
}

/** The other half of `cancelRefetchOverLoaded`: a write that could not be shown refetches once it settles. */
export function refetchUnlessShown(client: QueryClient, queryKey: QueryKey, shown: boolean | undefined): void {
  if (!shown) void client.invalidateQueries({ queryKey, exact: true });
}
