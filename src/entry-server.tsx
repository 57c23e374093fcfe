/**
 * Build-time renderer for the public pages (scripts/prerender.mjs). It must
 * render exactly the tree src/main.tsx hydrates: StrictMode > ChakraProvider
 * > QueryClientProvider > RouterProvider. A fresh Emotion cache per page
 * makes every page carry all of its own styles.
 */
import { ChakraProvider } from "@chakra-ui/react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { type SiteConfig, setSiteConfig } from "./features/site/config";
import { routeTree } from "./routeTree.gen";
import { system } from "./theme/system";

/** Renders one URL of the app to HTML (the not-found page for an unknown URL). */
export async function render(url: string, siteConfig: SiteConfig): Promise<string> {
  setSiteConfig(siteConfig);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  await router.load();
  const cache = createCache({ key: "css" });
  return renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>,
  );
}

export { company, notFound, publicPages } from "./content/site";
