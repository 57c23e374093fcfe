import type { DehydratedState, QueryKey } from "@tanstack/react-query";

/**
 * What a portal page rendered on the server (src/ssr/render-portal.tsx) and
 * the browser hydrating it must agree on, beyond the data: the few values a
 * component reads from the browser during its first render. On the server
 * they come from the request; while the browser hydrates, from the state the
 * server embedded; after hydration, from the browser itself.
 */

/** <script id="portal-state" type="application/json"> in a server-rendered portal page. */
export const PORTAL_STATE_ID = "portal-state";

export type PortalState = {
  /** The page's canonical URL (its search made whole) when it was asked for by another. */
  url?: string;
  /** The queries the page was rendered with (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** The layout the server rendered: the phone's (drawer) or the sidebar's, guessed from the request. */
  mobile: boolean;
  /** Whether the sidebar was rendered expanded (its 7-day cookie). */
  sidebarExpanded: boolean;
  /** Server time (ms) before the page's first read: the live channel reports any change since. */
  readAt: number;
  /** The live queries on the page, subscribed before hydration (src/portal-entry.ts). */
  liveKeys: QueryKey[];
};

type Rendering = {
  mobile: boolean;
  sidebarExpanded: boolean;
  liveKeys: Map<string, QueryKey>;
  title?: string;
};

let rendering: Rendering | undefined;
let hydrating: PortalState | undefined;

/** Server: the values of the request being rendered, until `endServerRender`. Renders run one at a time. */
export function beginServerRender(values: { mobile: boolean; sidebarExpanded: boolean }): void {
  rendering = { ...values, liveKeys: new Map() };
}

/** Server: what the render noted (its live keys, its title), clearing it for the next render. */
export function endServerRender(): { liveKeys: QueryKey[]; title?: string } {
  const done = rendering;
  rendering = undefined;
  return { liveKeys: [...(done?.liveKeys.values() ?? [])], title: done?.title };
}

/**
 * Browser: the state a server-rendered page is hydrated with. Kept: a part of the page that hydrates
 * later (in a Suspense boundary) must render as the server did too, and only hydration reads it.
 */
export function setHydratingState(state: PortalState): void {
  hydrating = state;
}

let portalLaidOut: () => void = () => {};
let portalCommitted: () => void = () => {};
const laidOut = new Promise<void>((resolve) => {
  portalLaidOut = resolve;
});
const committed = new Promise<void>((resolve) => {
  portalCommitted = resolve;
});

/** The portal's layout (src/routes/portal/route.tsx), a Suspense boundary, is in the page, then its effects have run. */
export const markPortalLaidOut = () => portalLaidOut();
export const markPortalCommitted = () => portalCommitted();
/** When a hydrating portal page's own part is laid out, and live (src/app.tsx HydrationParts). */
export const portalParts = () => ({ laidOut, committed });

export const isServerRender = () => rendering !== undefined;

/** The small-screen layout as the first render must draw it: the server's guess, on the server and while hydrating. */
export function firstRenderMobile(): boolean {
  return rendering?.mobile ?? hydrating?.mobile ?? false;
}

/** The sidebar's remembered state on the server (the request's cookie); undefined in the browser. */
export function serverSidebarExpanded(): boolean | undefined {
  return rendering?.sidebarExpanded;
}

/** A live query rendered on the server: the page subscribes to it before hydrating. */
export function noteLiveKey(key: QueryKey): void {
  rendering?.liveKeys.set(JSON.stringify(key), key);
}

/** The page's title as its header names it, for the document the server sends. */
export function notePageTitle(title: string): void {
  if (rendering) rendering.title = title;
}

/**
 * Browser: the scrolling boxes (data-start-at-end) the page, before its app ran, opened at their end
 * (src/portal-watch.ts). Hydrating, such a box at the top was scrolled there by the reader, not left unopened.
 */
export const openedAtEndBeforeApp = new WeakSet<Element>();
