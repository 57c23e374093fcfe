import { live, SESSION_BROADCAST, SIGNED_OUT } from "./lib/live-client";
import { openedAtEndBeforeApp, type PortalState } from "./ssr/portal-context";

/** After hydrating, holds the app has not taken over by then are let go: it subscribes to what it shows. */
const RELEASE_AFTER_MS = 10_000;

/**
 * A server-rendered portal page before its app has loaded (src/main.tsx):
 * the page is complete and current, and stays current without the app (a
 * page with a part only a script draws hydrates at once, below). It
 * holds the page's live keys with the time its data was read, so the server
 * says at once if anything changed since, and pushes what changes after;
 * either makes the page hydrate, and the app's subscriptions, taking the
 * keys over, refetch what changed (src/lib/live-client.ts). A session ended
 * by the server or by a sign-out in another tab reloads the page, which the
 * server then sends to /auth; so does a change to the person (their role,
 * name or company), which the server then renders anew. A couple of KB: the
 * live client alone.
 */
export function watchPortalPage(state: PortalState, hydrate: () => void) {
  if (state.url) history.replaceState(history.state, "", state.url);
  // What the app does as it opens a screen, done here for the page as rendered: a thread opens at the newest.
  for (const box of document.querySelectorAll<HTMLElement>("[data-start-at-end]")) {
    box.scrollTop = box.scrollHeight;
    openedAtEndBeforeApp.add(box);
  }
  for (const key of state.liveKeys) live.hold(key, state.readAt, hydrate);
  // A part only a script can draw (a chart's canvas) is blank in the page as sent: the app draws it at once,
  // not on the reader's first touch, which a reader who only looks never makes.
  if (document.querySelector("[data-drawn-by-script]")) hydrate();
  // Both may come for one sign-out (this tab hears the other's message, and its socket closes): reload once.
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    location.reload();
  };
  const stopFollowingSession = live.onSessionEnded(leave);
  // Their role, name or company changed: the page as rendered shows the old ones (a role, its navigation).
  const stopFollowingProfile = live.onProfileChanged(leave);
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(SESSION_BROADCAST) : undefined;
  if (channel) channel.onmessage = (event) => event.data === SIGNED_OUT && leave();

  return {
    /** Called once the app has hydrated: it follows the session itself now. */
    handOver() {
      stopFollowingSession();
      stopFollowingProfile();
      channel?.close();
      setTimeout(() => live.releaseHolds(), RELEASE_AFTER_MS);
    },
  };
}
