import { createRouter } from "@tanstack/react-router";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppTree } from "./app-tree";
import { RouteError } from "./components/RouteError";
import { keepFocusThroughDisabling } from "./lib/keep-focus";
import { routeTree } from "./routeTree.gen";

/**
 * Set while a prerendered page hydrates. The visitor may already have scrolled it (scrolling is one of the
 * interactions that start hydration), and restoring the scroll on that first render put them back at the top.
 */
let keepScrollPosition = false;

/** The whole app: loaded by src/main.tsx at once for the SPA, on the first interaction for a prerendered page. */
const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  defaultErrorComponent: RouteError,
  // Back and forward restore a page's position and a new page starts at the top, except on the render that hydrates.
  scrollRestoration: () => !keepScrollPosition,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A button disabled while it works (Chakra's `loading`) gives the keyboard focus back when it is enabled again.
keepFocusThroughDisabling();

/** <html data-hydrated>: the page is live (what tests wait for). */
const markLive = () => {
  document.documentElement.dataset.hydrated = "";
};

/** Called on the app's first commit: for the SPA, the page is then live. */
let committed: () => void = markLive;
let laidOut: () => void = () => {};

const app = <AppTree router={router} onLaidOut={() => laidOut()} onCommit={() => committed()} />;

/** A part of a hydrating page in a Suspense boundary of its own (the portal's route) commits later than the first. */
export type HydrationParts = {
  laidOut?: Promise<void>;
  committed?: Promise<void>;
  /** Run once the whole page is laid out, in that commit's task (before any event can come between). */
  onLaidOut?: () => void;
};

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(app);
}

/**
 * Hydrates a page rendered ahead (a prerendered public page, a portal page the server rendered) in
 * place; resolves once it is live: laid out and its effects run, `parts` included.
 */
export async function hydrateApp(root: HTMLElement, parts: HydrationParts = {}): Promise<void> {
  // router.ssr makes the router render the same tree the server did.
  router.ssr = { manifest: undefined };
  keepScrollPosition = true;
  await router.load();
  const appLaidOut = new Promise<void>((resolve) => {
    laidOut = resolve;
  });
  const appCommitted = new Promise<void>((resolve) => {
    committed = resolve;
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => void hydrateRoot(root, app));
  await appLaidOut;
  await parts.laidOut;
  parts.onLaidOut?.();
  await appCommitted;
  await parts.committed;
  markLive();
  keepScrollPosition = false;
}
