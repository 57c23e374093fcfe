/**
 * Build-time renderer for the public pages (scripts/prerender.mjs). It must
 * render exactly the tree src/main.tsx hydrates: StrictMode > ChakraProvider
 * > RouterProvider (react-query lives in the portal and auth routes only).
 * A fresh Emotion cache per page makes every page carry all of its own styles.
 */
import { ChakraProvider } from "@chakra-ui/react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { type SiteConfig, setSiteConfig } from "./features/site/config";
import { routeTree } from "./routeTree.gen";
import { system } from "./theme/system";

/** Renders one URL of the app to HTML (the not-found page for an unknown URL). */
export async function render(url: string, siteConfig: SiteConfig): Promise<string> {
  setSiteConfig(siteConfig);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  await router.load();
  const cache = createCache({ key: "css" });
  return renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>,
  );
}

export { company, notFound, publicPages } from "./content/site";
