import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { routeTree } from "./routeTree.gen";
import { system } from "./theme/system";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
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
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
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
