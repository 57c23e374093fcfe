import { useEffect } from "react";
import type { PageSeo } from "../../content/shared";

/**
 * Keeps the tab title right during client-side navigation. The full head
 * (description, canonical, Open Graph) is written by the prerender step.
 */
export function PageMeta({ seo }: { seo: PageSeo }) {
  useEffect(() => {
    document.title = seo.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", seo.description);
  }, [seo.title, seo.description]);
  return null;
}
