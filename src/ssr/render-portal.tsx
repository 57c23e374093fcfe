import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { dehydrate, type Query } from "@tanstack/react-query";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import type { PortalRenderInput } from "../../common/portal-render";
import { AppTree } from "../app-tree";
import { componentsLoading } from "../lib/lazy";
import { queryClient } from "../lib/query-client";
import { routeTree } from "../routeTree.gen";
import { beginServerRender, endServerRender, type PortalState } from "./portal-context";

/** Render, fetch what it asked for, render again: at most this many renders per page. */
const MAX_RENDERS = 4;

export type PortalRenderResult =
  | { kind: "redirect"; location: string }
  /** A read failed (a project that is not yours, a server error): the browser renders the page and its error. */
  | { kind: "shell" }
  | {
      kind: "page";
      /** The #root markup, Emotion's style elements inline. */
      body: string;
      state: PortalState;
      /** Matched route ids, outermost first (which chunks the page needs). */
      routeIds: string[];
      title?: string;
      notFound: boolean;
    };

/** Redirects followed within one render (the portal's are at most two: canonical URL, then a guard). */
const MAX_HOPS = 3;

const pathOf = (url: string) => url.split(/[?#]/)[0];

/** The app's router at `url`, as a server renders it. */
const routerAt = (url: string) =>
  createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }), isServer: true });

/**
 * The queries some useQuery of the render wants fetched (`enabled` not false). A render subscribes
 * no observer, and a query built by several useQuery calls keeps the options of the first (the
 * tasks page's closed dialog turns its options read off, its filters want it), so each call's
 * `enabled` is noted as it builds its query in the cache. Renders run one at a time.
 */
const wanted = new Set<string>();
const cache = queryClient.getQueryCache();
const buildQuery = cache.build.bind(cache);
cache.build = ((...args: Parameters<typeof buildQuery>) => {
  const query = buildQuery(...args);
  const enabled = (args[1] as { enabled?: boolean | ((query: ReturnType<typeof buildQuery>) => boolean) }).enabled;
  if ((typeof enabled === "function" ? enabled(query) : enabled) !== false) wanted.add(query.queryHash);
  return query;
}) as typeof cache.build;

/**
 * Queries a render created and nothing has fetched that the app would fetch as it mounts: not one
 * only turned-off useQuery calls hold (`enabled: false` until, say, a client is chosen). Fetched
 * anyway, the new invoice's projects read asked for no client's, failed, and the page was served
 * as the shell.
 */
function unfetched(): Query[] {
  return cache
    .getAll()
    .filter(
      (query) =>
        query.state.status === "pending" &&
        query.state.fetchStatus === "idle" &&
        query.options.queryFn &&
        wanted.has(query.queryHash),
    );
}

export async function renderPortal(input: PortalRenderInput): Promise<PortalRenderResult> {
  queryClient.clear();
  wanted.clear();
  // A failed read is not retried here: the page goes to the browser, which shows the error (below).
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  try {
    // Redirects within the portal are followed here (a table's URL made canonical, then a guard), so the
    // browser makes one request at most: a page whose search was only made canonical is rendered as is,
    // the browser told its canonical URL (src/portal-watch.ts); any other move is one redirect, to where it ends.
    let url = input.url;
    let router = routerAt(url);
    await router.load();
    for (let hop = 1; router._serverResult?.type === "redirect"; hop++) {
      const location = router._serverResult.redirect.options.href ?? "/portal";
      if (hop > MAX_HOPS || !location.startsWith("/portal")) return { kind: "redirect", location };
      url = location;
      router = routerAt(url);
      await router.load();
    }
    if (pathOf(url) !== pathOf(input.url)) return { kind: "redirect", location: url };

    let body = "";
    let context: ReturnType<typeof endServerRender> = { liveKeys: [] };
    for (let pass = 1; ; pass++) {
      beginServerRender(input);
      const cache = createCache({ key: "css" });
      try {
        body = renderToString(
          <CacheProvider value={cache}>
            <AppTree router={router} />
          </CacheProvider>,
        );
      } finally {
        context = endServerRender();
      }
      const wanted = unfetched();
      // A lazy part met for the first time in this process is still loading: rendered again once it is.
      const code = componentsLoading();
      if ((wanted.length === 0 && code.length === 0) || pass === MAX_RENDERS) break;
      // A failed read is the page's error state, as in the browser: fetch() rejects, the render shows it.
      await Promise.allSettled([...wanted.map((query) => query.fetch()), ...code]);
    }

    // An error's view is the browser's to render: TanStack Query retries a failed query as it mounts, so a
    // page hydrated over its error view would draw the loading state instead, and a retry may well succeed.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === "error")
    )
      return { kind: "shell" };

    const state: PortalState = {
      ...(url !== input.url && { url }),
      queries: dehydrate(queryClient),
      mobile: input.mobile,
      sidebarExpanded: input.sidebarExpanded,
      readAt: input.readAt,
      liveKeys: context.liveKeys,
    };
    const matches = router.state.matches;
    return {
      kind: "page",
      body,
      state,
      routeIds: matches.map((match) => match.routeId).filter((id) => id !== "__root__"),
      title: context.title,
      // A path no route matches (globally not found) marks the deepest route that shows it with
      // _notFound; a loader's notFound() sets the match's status.
      notFound: matches.some((match) => match.status === "notFound" || match._notFound === true),
    };
  } finally {
    queryClient.clear();
  }
}
