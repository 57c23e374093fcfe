import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { firstRenderMobile, serverSidebarExpanded } from "../../ssr/portal-context";

/** The sidebar's element (the mobile drawer's content, or the desktop aside), which its toggle controls. */
export const SIDEBAR_ID = "portal-sidebar";

const COOKIE = "sidebar_state";
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const MOBILE_QUERY = "(max-width: 767px)";

function readCookie(): boolean {
  const onServer = serverSidebarExpanded();
  if (onServer !== undefined) return onServer;
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === "true" : true;
}

function subscribeMobile(onChange: () => void) {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * True below the 768px breakpoint, where the sidebar becomes a drawer. A page rendered on the server
 * hydrates with the server's guess (from the request), then follows the window.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, () => window.matchMedia(MOBILE_QUERY).matches, firstRenderMobile);
}

/**
 * The sidebar's expanded/collapsed state (remembered for 7 days in a cookie)
 * and, on small screens, the drawer's open state (never remembered). Ctrl/Cmd+B
 * toggles whichever applies.
 */
export function useSidebarState() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(readCookie);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const setExpandedAndRemember = useCallback((next: boolean) => {
    setExpanded(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support; the value is a fixed boolean
    document.cookie = `${COOKIE}=${next}; path=/; max-age=${MAX_AGE_SECONDS}; SameSite=Lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setDrawerOpen((open) => !open);
    else setExpandedAndRemember(!expanded);
  }, [isMobile, expanded, setExpandedAndRemember]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        // Not behind an open dialog (a form, a confirmation): the drawer would open over it, a second trap
        // for the focus. In the drawer itself it closes the drawer.
        const dialog =
          event.target instanceof Element ? event.target.closest("[role='dialog'], [role='alertdialog']") : null;
        if (dialog && dialog.id !== SIDEBAR_ID) return;
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // Leaving the small layout closes the drawer so it does not reappear when the window shrinks again.
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  return { isMobile, expanded, drawerOpen, setDrawerOpen, toggle };
}
