import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import type { Plan } from "../common/public";
import { AppTree } from "./app-tree";
import { notFound, publicPages, signInPages, unsubscribePage } from "./content/site";
import { type SiteConfig, setSiteConfig } from "./features/site/config";
import { setPlans } from "./features/site/plans";
import { routeTree } from "./routeTree.gen";
import { buildDocument, placeholderSiteConfig } from "./ssr/document";

/** The public pages that show plans: the server embeds the plans in them and renders them again when plans change. */
export const PLAN_PAGES = ["/plans", "/contact"];

/** Renders one URL of the app to HTML (the not-found page for an unknown URL), with these plans. */
export async function render(url: string, siteConfig: SiteConfig, plans: Plan[] = []): Promise<string> {
  setSiteConfig(siteConfig);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  await router.load();
  // Set after the await: renderToString is synchronous, so no other render can change them meanwhile.
  setSiteConfig(siteConfig);
  setPlans(plans);
  const cache = createCache({ key: "css" });
  return renderToString(
    <CacheProvider value={cache}>
      <AppTree router={router} />
    </CacheProvider>,
  );
}

export type RenderDocumentOptions = {
  /** dist/client/index.html as Vite wrote it. */
  template: string;
  /** Route chunks to modulepreload. */
  preloads: string[];
  currency: string;
  plans?: Plan[];
};

/**
 * A public page, a sign-in tab or the unsubscribe page (or, for a path that is none, the 404 page) as a whole HTML
 * document, its run-time values as placeholders for server/http/site.ts.
 */
export async function renderDocument(pagePath: string, options: RenderDocumentOptions): Promise<string> {
  const page = [...publicPages, ...signInPages, unsubscribePage].find((candidate) => candidate.path === pagePath);
  const body = await render(
    page ? pagePath : "/__prerender-not-found__",
    placeholderSiteConfig(options.currency),
    options.plans,
  );
  return buildDocument({
    template: options.template,
    body,
    seo: page?.seo ?? notFound.seo,
    pagePath: page && !("noindex" in page) ? pagePath : null,
    readsQuery: page && "readsQuery" in page ? page.readsQuery : undefined,
    preloads: options.preloads,
    plansData: page ? PLAN_PAGES.includes(pagePath) : false,
  });
}

export { SCRIPT_NEEDED } from "./content/script-needed";
export { company, notFound, publicPages, signInPages, unsubscribePage } from "./content/site";
export { SIGNED_OUT_MARK } from "./lib/signed-out";
export { PLACEHOLDERS } from "./ssr/document";
export { servePortalRenders } from "./ssr/portal-renderer";
