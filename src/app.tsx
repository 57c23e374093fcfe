import { ChakraProvider } from "@chakra-ui/react";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { routeTree } from "./routeTree.gen";
import { system } from "./theme/system";

/**
 * Set while a prerendered page hydrates. The visitor may already have scrolled it (scrolling is one of the
 * interactions that start hydration), and restoring the scroll on that first render put them back at the top.
 */
let keepScrollPosition = false;

/** The whole app: loaded by src/main.tsx at once for the SPA, on the first interaction for a prerendered page. */
const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  // Back and forward restore a page's position and a new page starts at the top, except on the render that hydrates.
  scrollRestoration: () => !keepScrollPosition,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

let hydrated: () => void = () => {};

/** Marks <html data-hydrated> once the page's first render has committed (what tests wait for). Renders nothing. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    hydrated();
  }, []);
  return null;
}

// Keep this tree identical to src/entry-server.tsx, which prerenders the public pages (MarkHydrated renders nothing).
const app = (
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
    <MarkHydrated />
  </StrictMode>
);

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(app);
}

/** Hydrates a prerendered public page in place; resolves once it is live. */
export async function hydrateApp(root: HTMLElement): Promise<void> {
  // router.ssr makes the router render the same Suspense-free tree the server did.
  router.ssr = { manifest: undefined };
  keepScrollPosition = true;
  await router.load();
  const done = new Promise<void>((resolve) => {
    hydrated = resolve;
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => void hydrateRoot(root, app));
  await done;
  keepScrollPosition = false;
}
