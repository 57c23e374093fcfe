/**
 * The portal renderer's process (started by server/http/portal-pages.ts with
 * an IPC channel): renders one portal page at a time and sends back its whole
 * HTML document. It holds React, Chakra and the portal's code (~50 MB), which
 * is why it is a process of its own that the server ends when no portal page
 * has been asked for a while.
 *
 * It never sees the person's cookie: each API read a render makes is sent to
 * the server process, which makes it as the person whose page this is
 * (`fetch` below), through the same routes and access rules as the browser.
 */
import type {
  FetchAnswer,
  FromRenderer,
  RendererInit,
  RenderOutcome,
  RenderRequest,
  ToRenderer,
} from "../../common/portal-render";
import { setSiteConfig } from "../features/site/config";
import { buildPortalDocument } from "./document";
import { renderPortal } from "./render-portal";

/**
 * To the server. A render can finish after the server has gone (a test server closed mid-render):
 * the channel is then closed, nobody is left to answer, and the message is dropped rather than
 * crashing on EPIPE before "disconnect" ends this process.
 */
function post(message: FromRenderer) {
  if (!process.connected) return;
  process.send?.(message, undefined, undefined, () => {});
}

/** Runs the renderer on this process's IPC channel until the server disconnects it. */
export function servePortalRenders(): void {
  let init: RendererInit | undefined;
  let current: number | undefined;
  let nextFetchId = 1;
  const answers = new Map<number, (answer: FetchAnswer) => void>();
  const queue: RenderRequest[] = [];
  let busy = false;

  // The app's `api` calls fetch with same-origin paths: each becomes a read the server makes for this page's person.
  globalThis.fetch = async (input: RequestInfo | URL, options?: RequestInit) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = options?.method ?? "GET";
    if (current === undefined || method !== "GET" || !path.startsWith("/api/")) {
      throw new TypeError(`the portal renderer only reads: ${method} ${path}`);
    }
    const fetchId = nextFetchId++;
    const answer = await new Promise<FetchAnswer>((resolve) => {
      answers.set(fetchId, resolve);
      post({ type: "fetch", id: current as number, fetchId, path });
    });
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
  };

  async function render(request: RenderRequest) {
    if (!init) throw new Error("the portal renderer was not initialised");
    const result = await renderPortal(request);
    if (result.kind !== "page") return result;
    const chunks = new Set(init.baseChunks);
    for (const id of result.routeIds) for (const file of init.routeChunks[id] ?? []) chunks.add(file);
    const html = buildPortalDocument({
      template: init.template,
      body: result.body,
      title: result.title,
      state: result.state,
      watchChunks: init.watchChunks,
      preloads: [...chunks],
    });
    return { kind: "page" as const, html, status: result.notFound ? (404 as const) : (200 as const) };
  }

  async function drain() {
    if (busy) return;
    busy = true;
    try {
      for (let request = queue.shift(); request; request = queue.shift()) {
        current = request.id;
        try {
          const outcome: RenderOutcome = await render(request);
          post({ type: "rendered", id: request.id, outcome });
        } catch (error) {
          post({ type: "failed", id: request.id, message: error instanceof Error ? error.message : String(error) });
        } finally {
          current = undefined;
        }
      }
    } finally {
      busy = false;
    }
  }

  process.on("message", (message: ToRenderer) => {
    if (message.type === "init") {
      init = message;
      setSiteConfig(message.siteConfig);
      post({ type: "ready" });
    } else if (message.type === "render") {
      queue.push(message);
      void drain();
    } else if (message.type === "fetched") {
      answers.get(message.fetchId)?.(message);
      answers.delete(message.fetchId);
    }
  });
  // The server went away (or ended this process on purpose): nothing left to do.
  process.on("disconnect", () => process.exit(0));
}
