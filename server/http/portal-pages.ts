import { type ChildProcess, spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type {
  FetchAnswer,
  FromRenderer,
  PortalRenderInput,
  RendererInit,
  RenderOutcome,
  ToRenderer,
} from "../../common/portal-render";
import { chooseEncoding, compressBody } from "./compress";
import { HTML } from "./site";

/**
 * Portal pages rendered on the server for the signed-in person (issue #11:
 * the first portal page paints from its HTML). The renderer is a process of
 * its own (src/ssr/portal-renderer.ts, in the build's dist/ssr): loaded, React,
 * Chakra and the portal hold ~50 MB that an idle server should not keep
 * (the idle-memory bar), so it starts with the first portal page asked for
 * and ends after IDLE_MS without one.
 *
 * The renderer reads through this process: each API read a render makes comes
 * back here and is made with `inject`, carrying the cookie of the request
 * being rendered, through the same routes and access rules as the browser's
 * reads. The renderer never holds a cookie, and may only read (GET /api/…).
 *
 * Whenever a page cannot be rendered in time (the renderer is starting, busy,
 * failing or missing), the caller serves the SPA's shell as before: the
 * browser then renders the page itself.
 */

/** The renderer ends after this long without a portal page to render. */
const IDLE_MS = 5 * 60_000;
/** A page not rendered within this long of the renderer being ready is served as the shell. */
const RENDER_TIMEOUT_MS = 5_000;
/** How long a page waits for the renderer to start (~1.5 s on an idle 2-core machine), before it is served as the shell. */
const STARTUP_TIMEOUT_MS = 10_000;
/** Renders waiting beyond this many are served as the shell at once: a burst of page loads never queues for long. */
const MAX_WAITING = 16;

/**
 * A render keeps ~30 MB alive, but with V8's defaults the heap grew to ~120 MB between full
 * collections (renderer RSS ~180 MB after 600 pages). Capped, it collects sooner: ~110 MB RSS
 * for ~5 ms more per page. A page that needed more would end the process, and its visitor
 * gets the shell.
 */
const RENDERER_HEAP = ["--max-old-space-size=96", "--max-semi-space-size=8"];

/** The renderer's process: loads the SSR bundle and serves renders over the IPC channel until disconnected. */
const RENDERER_PROCESS = `
const { servePortalRenders } = await import(process.argv[1]);
servePortalRenders();
`;

/** What the renderer is asked (the server adds the read time), and the request's Cookie header: the reads are made as its session. */
export type PortalPageRequest = Omit<PortalRenderInput, "readAt"> & { cookie: string };

export type PortalPages = {
  /** The page, or where its guard sends the person; undefined when it cannot be rendered now (serve the shell). */
  render(request: PortalPageRequest): Promise<RenderOutcome | undefined>;
  /** Starts the renderer ahead of a first portal page (someone just signed in), so that page need not wait for it. */
  warm(): void;
  close(): Promise<void>;
};

type Waiting = { cookie: string; child: ChildProcess; settle: (outcome: RenderOutcome | undefined) => void };
type Renderer = { child: ChildProcess; ready: Promise<boolean> };

/** Only the API's reads: never the live channel, the auth endpoints, nor any write. */
const mayRead = (path: string) =>
  path.startsWith("/api/") && !path.startsWith("/api/auth/") && !path.startsWith("/api/live") && !path.includes("..");

export function createPortalPages(options: {
  server: FastifyInstance;
  log: FastifyBaseLogger;
  /** dist/ssr/entry-server.js */
  entry: string;
  init: Omit<RendererInit, "type">;
  idleMs?: number;
  timeoutMs?: number;
}): PortalPages {
  const { server, log } = options;
  const idleMs = options.idleMs ?? IDLE_MS;
  const timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let renderer: Renderer | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function send(child: ChildProcess, message: ToRenderer) {
    if (child.connected) child.send(message);
  }

  async function answerFetch(child: ChildProcess, message: Extract<FromRenderer, { type: "fetch" }>) {
    const request = waiting.get(message.id);
    let answer: FetchAnswer = { type: "fetched", fetchId: message.fetchId, status: 404, body: "" };
    if (request?.child === child && mayRead(message.path)) {
      try {
        const response = await server.inject({
          method: "GET",
          url: message.path,
          headers: { cookie: request.cookie, accept: "application/json" },
        });
        answer = { ...answer, status: response.statusCode, body: response.body };
      } catch (error) {
        log.error({ err: error, path: message.path }, "a portal page's read failed");
        answer = { ...answer, status: 500 };
      }
    }
    send(child, answer);
  }

  function start(): Renderer {
    const child = spawn(
      process.execPath,
      [...RENDERER_HEAP, "--input-type=module", "--eval", RENDERER_PROCESS, pathToFileURL(options.entry).href],
      {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        serialization: "json",
      },
    );
    let markReady: (ready: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => {
      markReady = resolve;
    });
    child.on("message", (message: FromRenderer) => {
      if (message.type === "ready") markReady(true);
      else if (message.type === "fetch") void answerFetch(child, message);
      else if (message.type === "rendered") settle(message.id, message.outcome);
      else if (message.type === "failed") {
        log.error({ reason: message.message }, "rendering a portal page failed; the shell was served");
        settle(message.id, undefined);
      }
    });
    child.on("error", (error) => log.error({ err: error }, "the portal renderer could not start"));
    child.on("exit", (code, signal) => {
      markReady(false);
      if (renderer?.child === child) renderer = undefined;
      const left = [...waiting].filter(([, request]) => request.child === child);
      if (left.length > 0) log.error({ code, signal }, "the portal renderer stopped while rendering");
      for (const [id] of left) settle(id, undefined);
    });
    send(child, { type: "init", ...options.init });
    return { child, ready };
  }

  function settle(id: number, outcome: RenderOutcome | undefined) {
    const request = waiting.get(id);
    if (!request) return;
    waiting.delete(id);
    request.settle(outcome);
    if (waiting.size === 0) armIdleTimer();
  }

  function armIdleTimer() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, idleMs);
    idleTimer.unref();
  }

  function stop() {
    const current = renderer;
    renderer = undefined;
    if (current?.child.connected) current.child.disconnect();
  }

  return {
    warm() {
      if (closed || renderer) return;
      renderer = start();
      if (waiting.size === 0) armIdleTimer();
    },
    async render(request) {
      if (closed || waiting.size >= MAX_WAITING) return undefined;
      clearTimeout(idleTimer);
      renderer ??= start();
      const { child, ready } = renderer;
      const id = nextId++;
      let timer: NodeJS.Timeout | undefined;
      const outcome = new Promise<RenderOutcome | undefined>((resolve) => {
        waiting.set(id, {
          cookie: request.cookie,
          child,
          settle: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
        });
      });
      const starting = setTimeout(() => {
        log.warn({ url: request.url }, "the portal renderer took too long to start; the shell was served");
        settle(id, undefined);
      }, STARTUP_TIMEOUT_MS);
      const isReady = await ready;
      clearTimeout(starting);
      if (!isReady) settle(id, undefined);
      if (!waiting.has(id)) return outcome;
      timer = setTimeout(() => {
        log.warn({ url: request.url, ms: timeoutMs }, "a portal page took too long to render; the shell was served");
        settle(id, undefined);
        // Renders run one at a time: a renderer stuck on one would fail every page after it. The next starts anew.
        if (renderer?.child === child) {
          renderer = undefined;
          child.kill();
        }
      }, timeoutMs);
      send(child, {
        type: "render",
        id,
        url: request.url,
        mobile: request.mobile,
        sidebarExpanded: request.sidebarExpanded,
        readAt: Date.now(),
      });
      return outcome;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const id of [...waiting.keys()]) settle(id, undefined);
      stop();
    },
  };
}

/** The phone's layout for phones: Client Hints when the browser sends them, else the user agent. */
export function looksMobile(request: FastifyRequest): boolean {
  const hint = request.headers["sec-ch-ua-mobile"];
  if (typeof hint === "string") return hint.trim() === "?1";
  return /Mobi|Android|iPhone|iPod/i.test(request.headers["user-agent"] ?? "");
}

/** The sidebar's remembered state (src/features/portal/useSidebarState.ts): expanded unless its cookie says not. */
export function sidebarExpanded(cookieHeader: string | undefined): boolean {
  return !/(?:^|;\s*)sidebar_state=false(?:;|$)/.test(cookieHeader ?? "");
}

/** A page made for one person: compressed as the browser allows, and never stored by a browser or proxy. */
export async function sendPersonalDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status: number,
): Promise<FastifyReply> {
  reply
    .status(status)
    .headers({ "content-type": HTML, "cache-control": "private, no-store", vary: "accept-encoding, cookie" });
  const body = Buffer.from(html);
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  if (!encoding) return reply.send(body);
  return reply.header("content-encoding", encoding).send(await compressBody(body, encoding));
}
