import { useEffect, useSyncExternalStore } from "react";
import { company } from "../content/shared";
import { notePageTitle } from "../ssr/portal-context";
import { focusLost, mainLandmark } from "./keep-focus";

/** The browser tab's title of a portal or sign-in page: "<Page> · Lagos Studio". */
export const pageTitle = (page: string) => `${page} · ${company.name}`;

/**
 * What a screen reader should hear after a client-side navigation: the new
 * page's name. Single-page navigation moves no focus and loads no document,
 * so without this nothing tells the person that the page changed.
 */
let announcement = "";
const listeners = new Set<() => void>();

function announce(text: string) {
  announcement = text;
  for (const listener of listeners) listener();
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => announcement,
    () => "",
  );
}

/** Whether a page was titled in this document yet: the first is the page loaded, the rest navigations. */
let titledOnce = false;

/**
 * Sets the tab title for the page on screen (undefined while its name is still loading) and announces it.
 * After a navigation whose link left with the page it was on (View Details, Back, a notification), the
 * focus fell to the document's body, and the next Tab would start from the top again: it goes to the
 * page's main landmark instead. A link that stays (the sidebar's) keeps it.
 */
export function usePageTitle(page: string | undefined) {
  // Effects do not run on the server: the document it sends is titled from here.
  if (page) notePageTitle(pageTitle(page));
  useEffect(() => {
    if (!page) return;
    document.title = pageTitle(page);
    announce(document.title);
    const navigated = titledOnce;
    titledOnce = true;
    if (navigated && focusLost()) mainLandmark()?.focus({ preventScroll: true });
  }, [page]);
}
