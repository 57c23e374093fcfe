import { useEffect } from "react";
import type { PageSeo } from "../../content/shared";

/** Whether a page was shown in this document yet: the first is the page loaded, the rest navigations. */
let shownOnce = false;

/**
 * Keeps the tab title right during client-side navigation. The full head
 * (description, canonical, Open Graph) is written by the prerender step.
 * After a navigation the focus goes to the new page's main landmark: from a
 * header or footer link that stays, a screen reader heard nothing of the new page.
 */
export function PageMeta({ seo }: { seo: PageSeo }) {
  useEffect(() => {
    document.title = seo.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", seo.description);
    if (shownOnce) document.getElementById("main")?.focus({ preventScroll: true });
    shownOnce = true;
  }, [seo.title, seo.description]);
  return null;
}
