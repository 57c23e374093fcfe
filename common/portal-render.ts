import type { SiteConfig } from "./site-domain";

/**
 * The messages between the server (server/http/portal-pages.ts) and the portal
 * renderer's process (src/ssr/portal-renderer.ts), over its IPC channel.
 */

/** What a portal page is rendered from, besides the person's data (which the renderer reads through the server). */
export type PortalRenderInput = {
  /** Path and query of the page, e.g. /portal/projects/abc. */
  url: string;
  /** The small-screen layout (a guess from the request: the server cannot measure the window). */
  mobile: boolean;
  /** Whether the sidebar is expanded (its cookie). */
  sidebarExpanded: boolean;
  /** Server time before the render's first read. */
  readAt: number;
};

/** Sent by the server once, first: what every render needs. */
export type RendererInit = {
  type: "init";
  /** dist/client/index.html with the run-time settings filled in. */
  template: string;
  siteConfig: SiteConfig;
  /** Chunks a server-rendered portal page runs at once (src/portal-watch.ts), preloaded with the entry. */
  watchChunks: string[];
  /** Chunks every server-rendered portal page hydrates with (the app, the portal's hydration), preloaded after load. */
  baseChunks: string[];
  /** Chunks of each portal route, by route id. */
  routeChunks: Record<string, string[]>;
};
export type RenderRequest = { type: "render"; id: number } & PortalRenderInput;
/** The server's answer to one of a render's reads. */
export type FetchAnswer = { type: "fetched"; fetchId: number; status: number; body: string };
export type ToRenderer = RendererInit | RenderRequest | FetchAnswer;

export type RenderOutcome =
  | { kind: "redirect"; location: string }
  /** Not rendered here (a read failed): serve the SPA's shell, the browser renders the page. */
  | { kind: "shell" }
  | { kind: "page"; html: string; status: 200 | 404 };
export type FromRenderer =
  | { type: "ready" }
  /** A read the render makes, as the person whose page it is: `path` is an API path (GET). */
  | { type: "fetch"; id: number; fetchId: number; path: string }
  | { type: "rendered"; id: number; outcome: RenderOutcome }
  | { type: "failed"; id: number; message: string };
