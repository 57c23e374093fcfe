/**
 * The entry every page loads (~1 KB, with Vite's preload helper). The SPA (portal, sign-in) renders
 * at once. A prerendered public page is complete without JavaScript, so the app behind it (React,
 * Chakra, the router: ~140 KB, a second of script on a mid-range phone) is evaluated and hydrated
 * only when the visitor first touches the page: a pointer, a key, a scroll, a focus, or a query
 * string the page reads (the contact form's plan). Its chunks are preloaded once the page has
 * loaded. Until it is live, links work as links, and a press of a button (the menu, a form's
 * submit) is held and replayed once it is, so no tap is lost.
 */
import { APP_CHUNKS_ID } from "./lib/app-chunks";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const FIRST_INTERACTION = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"];

function hydrateOnFirstInteraction(page: HTMLElement) {
  let heldButton: HTMLElement | null = null;
  let heldForm: HTMLFormElement | null = null;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) removeEventListener(type, start, true);
    import("./app")
      .then(({ hydrateApp }) => hydrateApp(page))
      .then(() => {
        removeEventListener("click", holdPress, true);
        removeEventListener("submit", holdSubmit, true);
        // Replayed as a click: on a part React has not hydrated yet, a click makes it hydrate that
        // part at once and run the handler (a submit event would not), and a submit button's click
        // submits its form.
        const press = heldButton ?? heldForm?.querySelector<HTMLElement>("button:not([type]), [type='submit']");
        if (press?.isConnected) press.click();
        else if (heldForm?.isConnected) heldForm.requestSubmit();
      })
      .catch(() => {
        // The app's code did not load (the network dropped): the next interaction tries again.
        started = false;
        for (const type of FIRST_INTERACTION) addEventListener(type, start, { capture: true, passive: true });
      });
  };
  const holdPress = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>("button, [role='button']");
    if (!button || target?.closest("a[href]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldButton = button;
    start();
  };
  // A form submitted before hydration would go to the page's own URL as a GET, fields in the query.
  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    heldForm = event.target as HTMLFormElement;
    start();
  };
  addEventListener("click", holdPress, true);
  addEventListener("submit", holdSubmit, true);
  if (location.search) start();
  else for (const type of FIRST_INTERACTION) addEventListener(type, start, { capture: true, passive: true });
}

/**
 * Preloads the chunks the page lists, after its load event and one per idle period. As
 * <link rel="modulepreload"> tags in the HTML, the parser issued all the requests in one task,
 * 50-250 ms of main thread on a throttled phone, while the page was first painting. Not a plain
 * prefetch: that halves the main thread's work after load (no compiling), but the visitor's first
 * interaction then waits for the compile too (page live after a median 458 ms here, against 354).
 */
function preloadAppChunks() {
  const list = document.getElementById(APP_CHUNKS_ID)?.textContent;
  const files: string[] = list ? JSON.parse(list) : [];
  const idle = (callback: () => void) =>
    "requestIdleCallback" in window ? requestIdleCallback(callback) : setTimeout(callback, 1);
  const next = () => {
    const file = files.shift();
    if (!file) return;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = file;
    document.head.append(link);
    idle(next);
  };
  if (document.readyState === "complete") idle(next);
  else addEventListener("load", () => idle(next), { once: true });
}

if (root.hasChildNodes()) {
  hydrateOnFirstInteraction(root);
  preloadAppChunks();
} else import("./app").then(({ renderApp }) => renderApp(root));
