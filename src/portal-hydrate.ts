import { hydrate, type Query } from "@tanstack/react-query";
import { hydrateApp } from "./app";
import { queryClient } from "./lib/query-client";
import { type PortalState, portalParts, setHydratingState } from "./ssr/portal-context";

/** A query the page was rendered with that no screen took up by then is let go (below). */
const UNCLAIMED_AFTER_MS = 10_000;

/**
 * Hydrates a portal page the server rendered (src/ssr/render-portal.tsx): the
 * query cache gets the data the page was rendered with, so the first render
 * here is the server's, then the app runs as if it had loaded the page itself.
 *
 * That data is current: the live channel said what changed since it was read
 * (src/portal-watch.ts), and the app's subscriptions refetch those keys as
 * they take them over. So a query the page was rendered with stays fresh
 * while it is on screen (no refetch as it mounts); once off screen, it is
 * like any other.
 */
export async function hydratePortal(root: HTMLElement, state: PortalState, onLaidOut: () => void): Promise<void> {
  hydrate(queryClient, state.queries);
  const cache = queryClient.getQueryCache();
  const rendered = new Set<Query>();
  for (const { queryHash } of state.queries.queries) {
    const query = cache.get(queryHash);
    if (query) rendered.add(query);
  }
  const letGo = (query: Query) => {
    rendered.delete(query);
    if (rendered.size === 0) stopWatching();
  };
  const stopWatching = cache.subscribe((event) => {
    if (event.type === "observerRemoved" && event.query.getObserversCount() === 0) letGo(event.query);
  });
  const defaults = queryClient.getDefaultOptions();
  const otherwise = defaults.queries?.staleTime ?? 0;
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) =>
        rendered.has(query) ? Number.POSITIVE_INFINITY : typeof otherwise === "function" ? otherwise(query) : otherwise,
    },
  });
  setHydratingState(state);
  await hydrateApp(root, { ...portalParts(), onLaidOut });
  setTimeout(() => {
    for (const query of [...rendered]) if (query.getObserversCount() === 0) letGo(query);
  }, UNCLAIMED_AFTER_MS);
}
