import { QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The one TanStack Query cache, for the portal and the auth page only.
 * Public pages never import this module (nor react-query), so their
 * bundle stays small; route guards reach it with a dynamic import.
 */
export const queryClient = new QueryClient({
  // Spec §8: a failed load is logged (its screen shows the empty state, or says it failed: README). A
  // warning, not an error: the screen has handled it, and a failed read is not a fault in the page.
  queryCache: new QueryCache({
    onError: (error, query) => console.warn("Could not load", JSON.stringify(query.queryKey), error),
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    // A save made while the browser says it is offline is sent all the same and fails at once, with the
    // form's message and what was typed kept (a message offers Retry). Paused until the browser is back
    // online (TanStack's default), it spun with no word, then went through unseen, perhaps pages later.
    mutations: { networkMode: "always" },
  },
});

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
