/**
 * The entry every page loads (~1 KB, with Vite's preload helper). The SPA (portal, sign-in) renders
 * at once. A prerendered public page is complete without JavaScript, so the app behind it (React,
 * Chakra, the router: ~140 KB, a second of script on a mid-range phone) is evaluated and hydrated
 * only when the visitor first touches the page: a pointer, a key, a scroll, a focus, or a query
 * string the page reads (the contact form's plan). Its chunks are preloaded once the page has
 * loaded. Until it is live, links work as links, and a press of a button (the menu, a form's
 * submit) is held and replayed once it is, so no tap is lost.
 */
import { APP_CHUNKS_ID, READS_QUERY_ATTRIBUTE } from "./lib/app-chunks";
import { PORTAL_STATE_ID } from "./ssr/portal-context";

// zod builds its fast object parsers with `new Function`, which this site's Content-Security-Policy (no
// 'unsafe-eval') refuses: each page reported a violation as its first schema was made. Its `jitless` setting
// (the same parsing, without the probe) is set here, before any chunk holding zod loads, on the object zod's
// every copy reads its settings from (zod/v4/core's globalConfig).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

/**
 * A version deployed while this page was open has replaced the chunks it knows, so a part it loads late
 * (the app behind a public page, a dialog, the notifications panel) is not found, and Vite reports it.
 * Whether that is a release or the connection, this entry's own file says: every chunk's name is in its
 * importer's content, so a release renames the entry too. Gone, the page loads again to take the new
 * version, as TanStack Router does for a route's own chunk (at most once a minute, so a file really
 * missing shows its part's error rather than reloading forever). Still there, the connection failed,
 * and the part's own error and its Try again keep what the visitor typed.
 */
addEventListener("vite:preloadError", () => {
  fetch(import.meta.url, { method: "HEAD", cache: "no-store" }).then(
    (response) => {
      if (response.status !== 404) return;
      try {
        if (Date.now() - Number(sessionStorage.getItem("chunks-reloaded-at")) < 60_000) return;
        sessionStorage.setItem("chunks-reloaded-at", String(Date.now()));
      } catch {
        return; // without storage to remember a reload by, none is safe from repeating
      }
      location.reload();
    },
    () => {},
  );
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const FIRST_INTERACTION = [
  "pointerdown",
  "pointermove",
  "touchstart",
  "keydown",
  "wheel",
  "scroll",
  "focusin",
  "dragenter",
];
const TEXT_FIELDS =
  "input:not([type]), input[type=text], input[type=email], input[type=search], input[type=tel], input[type=url], input[type=number], input[type=password], textarea";

/**
 * Runs `hydrate` on the visitor's first interaction (or at once with `now`); returns the function
 * that starts it, for other reasons to hydrate. Until it has run, a press of a button, a form's
 * submit and a keyboard shortcut are held and replayed, what was typed, picked, ticked or chosen
 * (files) in a form control is put back through React's own event, and a file dropped on the page
 * does not replace it (dropped again once live, it is taken).
 */
function hydrateOnFirstInteraction(hydrate: (putBackEdits: () => void) => Promise<void>, now = false): () => void {
  let heldButton: HTMLElement | null = null;
  let heldForm: HTMLFormElement | null = null;
  let heldShortcut: KeyboardEvent | null = null;
  /** Each edited control's latest state, as the way to put it back. */
  const edited = new Map<Element, () => void>();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) removeEventListener(type, start, true);
    // Edits are put back as soon as the page is laid out, in that commit's task: a form library setting its
    // default values then has (a key pressed next goes to the app); presses and shortcuts once its effects have
    // run (a dialog's state machine starts in one), when hydrate resolves.
    const putBackEdits = () => {
      for (const [field, putBack] of edited) if (field.isConnected) putBack();
      edited.clear();
    };
    hydrate(putBackEdits)
      .then(() => {
        removeEventListener("click", holdPress, true);
        removeEventListener("submit", holdSubmit, true);
        removeEventListener("input", noteEdit, true);
        removeEventListener("change", noteEdit, true);
        removeEventListener("keydown", holdShortcut, true);
        removeEventListener("dragover", refuseDrop, true);
        removeEventListener("drop", refuseDrop, true);
        putBackEdits();
        // Replayed as a click: on a part React has not hydrated yet, a click makes it hydrate that
        // part at once and run the handler (a submit event would not), and a submit button's click
        // submits its form.
        const press = heldButton ?? heldForm?.querySelector<HTMLElement>("button:not([type]), [type='submit']");
        if (press?.isConnected) press.click();
        else if (heldForm?.isConnected) heldForm.requestSubmit();
        if (heldShortcut) {
          const { target, type, key, code, ctrlKey, metaKey, altKey, shiftKey } = heldShortcut;
          const to = target instanceof Node && target.isConnected ? target : document.body;
          to.dispatchEvent(new KeyboardEvent(type, { key, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true }));
        }
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
  // Ctrl/Cmd/Alt with a key outside a text field: the app's shortcut (the portal's Ctrl+B), not typing.
  const holdShortcut = (event: KeyboardEvent) => {
    const inField = event.target instanceof Element && event.target.matches(TEXT_FIELDS);
    if (!(event.ctrlKey || event.metaKey || event.altKey) || inField || /^(Control|Meta|Alt|Shift)$/.test(event.key))
      return;
    event.preventDefault();
    heldShortcut = event;
  };
  // Hydration keeps what a control shows, but the app's state (and a form library setting its default values)
  // does not know it: it is put back through the event React listens for. A text or choice is first set to
  // something else through the element, whose setter React watches, so React sees the change; a box is ticked
  // by a click, as React listens for; chosen files stay on their input, whose change is sent again.
  // A control changed without a pointer or a key first (a password manager filling a form) starts hydration too.
  const noteEdit = (event: Event) => {
    start();
    const field = event.target as HTMLInputElement;
    if (field.type === "checkbox" || field.type === "radio") {
      const checked = field.checked;
      edited.set(field, () => {
        field.checked = !checked;
        field.click();
      });
    } else if (field.type === "file") {
      edited.set(field, () => field.dispatchEvent(new Event("change", { bubbles: true })));
    } else if (field instanceof HTMLSelectElement || field.matches?.(TEXT_FIELDS)) {
      const value = field.value;
      edited.set(field, () => {
        field.value = "";
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
      });
    }
  };
  // The browser would open a file dropped on a page not yet live in place of the page.
  const refuseDrop = (event: DragEvent) => event.preventDefault();
  addEventListener("click", holdPress, true);
  addEventListener("submit", holdSubmit, true);
  addEventListener("input", noteEdit, true);
  addEventListener("change", noteEdit, true);
  addEventListener("keydown", holdShortcut, true);
  addEventListener("dragover", refuseDrop, true);
  addEventListener("drop", refuseDrop, true);
  if (now) start();
  else for (const type of FIRST_INTERACTION) addEventListener(type, start, { capture: true, passive: true });
  return start;
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

const portalState = document.getElementById(PORTAL_STATE_ID)?.textContent;
if (portalState) {
  // A portal page the server rendered for the signed-in person (server/http/portal-pages.ts): current
  // without its app, which hydrates on the first interaction or when the page's data changes.
  const state = JSON.parse(portalState);
  let watcher: Promise<{ handOver(): void }> | undefined;
  const start = hydrateOnFirstInteraction(async (putBackEdits) => {
    // Without the watcher (its code did not load), the app subscribes and refetches on its own.
    const [{ hydratePortal }, watching] = await Promise.all([
      import("./portal-hydrate"),
      watcher?.catch(() => undefined),
    ]);
    await hydratePortal(root, state, putBackEdits);
    watching?.handOver();
  });
  watcher = import("./portal-watch").then(({ watchPortalPage }) => watchPortalPage(state, start));
  preloadAppChunks();
} else if (root.hasChildNodes()) {
  // At once when the URL asks for what the HTML does not show (the contact form's plan); a query the page
  // does not read (a campaign's utm_source, the sign-in page's return path) waits like any visit.
  const readsQuery = root.getAttribute(READS_QUERY_ATTRIBUTE)?.split(" ") ?? [];
  const showsQuery = [...new URLSearchParams(location.search).keys()].some((key) => readsQuery.includes(key));
  hydrateOnFirstInteraction(
    (putBackEdits) => import("./app").then(({ hydrateApp }) => hydrateApp(root, { onLaidOut: putBackEdits })),
    showsQuery,
  );
  preloadAppChunks();
} else import("./app").then(({ renderApp }) => renderApp(root));
