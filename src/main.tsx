import { ChakraProvider } from "@chakra-ui/react";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { routeTree } from "./routeTree.gen";
import { system } from "./theme/system";

const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// Keep this tree identical to src/entry-server.tsx, which prerenders the public pages.
const app = (
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
  </StrictMode>
);
if (root.hasChildNodes()) {
  // A prerendered public page: load the route's code, then hydrate the server HTML in place
  // (router.ssr makes the router render the same Suspense-free tree the server did).
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
