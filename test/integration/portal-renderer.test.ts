import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RendererInit } from "../../common/portal-render";
import { createPortalPages, type PortalPages } from "../../server/http/portal-pages";

/**
 * The keeper of the portal renderer's process (server/http/portal-pages.ts),
 * with stand-in renderers speaking its IPC protocol: what the renderer may
 * read through the server (API reads only, as the person whose page it is),
 * and what happens when it fails, dies or idles. The real renderer is
 * exercised end to end by e2e/portal-pages.e2e.ts.
 */
const INIT: Omit<RendererInit, "type"> = {
  template: "<html></html>",
  siteConfig: { whatsappNumber: "2348012345678", currency: "NGN", social: {} },
  watchChunks: [],
  baseChunks: [],
  routeChunks: {},
};

/**
 * A renderer that, for each page, reads every path of `reads` through the server and answers with
 * what came back, or that `behaviour` says otherwise ("crash" exits mid-render, "hang" never answers).
 */
const STAND_IN = `
export function servePortalRenders() {
  const pending = new Map();
  let next = 1;
  const read = (id, path) => new Promise((resolve) => {
    const fetchId = next++;
    pending.set(fetchId, resolve);
    process.send({ type: "fetch", id, fetchId, path });
  });
  process.on("message", async (message) => {
    if (message.type === "init") process.send({ type: "ready" });
    else if (message.type === "fetched") pending.get(message.fetchId)?.(message);
    else if (message.type === "render") {
      const behaviour = new URL(message.url, "http://x").searchParams.get("behaviour");
      if (behaviour === "crash") process.exit(3);
      if (behaviour === "hang") return;
      const reads = JSON.parse(new URL(message.url, "http://x").searchParams.get("reads") ?? "[]");
      const answers = [];
      for (const path of reads) {
        const answer = await read(message.id, path);
        answers.push({ path, status: answer.status, body: answer.body });
      }
      process.send({ type: "rendered", id: message.id, outcome: { kind: "page", status: 200, html: JSON.stringify({ pid: process.pid, answers }) } });
    }
  });
  process.on("disconnect", () => process.exit(0));
}
`;

let dir: string;
let entry: string;
let server: FastifyInstance;
const made: PortalPages[] = [];

function pages(options: { idleMs?: number; timeoutMs?: number } = {}): PortalPages {
  const keeper = createPortalPages({ server, log: server.log, entry, init: INIT, ...options });
  made.push(keeper);
  return keeper;
}

/** Renders `url` with the person's cookie; the stand-in's answer parsed. */
async function render(keeper: PortalPages, url: string, cookie = "session=abc") {
  const outcome = await keeper.render({ url, cookie, mobile: false, sidebarExpanded: true });
  if (outcome?.kind !== "page") return outcome;
  return JSON.parse(outcome.html) as { pid: number; answers: { path: string; status: number; body: string }[] };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "portal-renderer-"));
  entry = path.join(dir, "renderer.mjs");
  writeFileSync(entry, STAND_IN);
  server = Fastify({ logger: false });
  server.get("/api/whoami", async (request) => ({ cookie: request.headers.cookie ?? null }));
  server.get("/api/auth/get-session", async () => ({ session: "secret" }));
  server.get("/api/live", async () => ({ live: true }));
  server.get("/portal", async () => "a page");
  await server.ready();
});
afterEach(async () => {
  for (const keeper of made.splice(0)) await keeper.close();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the portal renderer's keeper", () => {
  it("makes the renderer's reads as the person whose page it is, through the API's routes", async () => {
    const result = await render(pages(), `/portal?reads=${encodeURIComponent('["/api/whoami"]')}`, "session=amaka");
    expect(result && "answers" in result ? result.answers : undefined).toEqual([
      { path: "/api/whoami", status: 200, body: JSON.stringify({ cookie: "session=amaka" }) },
    ]);
  });

  it("lets the renderer read nothing but the API: not the auth endpoints, the live channel or a page", async () => {
    const reads = [
      "/api/auth/get-session",
      "/api/live",
      "/portal",
      "/api/../portal",
      "https://example.test/api/whoami",
    ];
    const result = await render(pages(), `/portal?reads=${encodeURIComponent(JSON.stringify(reads))}`);
    const answers = result && "answers" in result ? result.answers : [];
    expect(answers.map((answer) => [answer.path, answer.status, answer.body])).toEqual(
      reads.map((path) => [path, 404, ""]),
    );
  });

  it("answers undefined (serve the shell) when the renderer dies or hangs, and starts a new one for the next page", async () => {
    const keeper = pages({ timeoutMs: 500 });
    const first = await render(keeper, "/portal");
    const firstPid = first && "pid" in first ? first.pid : 0;
    expect(firstPid).toBeGreaterThan(0);
    expect(await render(keeper, "/portal?behaviour=hang")).toBeUndefined();
    expect(await render(keeper, "/portal?behaviour=crash")).toBeUndefined();
    const after = await render(keeper, "/portal");
    expect(after && "pid" in after ? after.pid : firstPid).not.toBe(firstPid);
  });

  it("ends the renderer after its idle time, and starts it again with the next page", async () => {
    const keeper = pages({ idleMs: 300 });
    const first = await render(keeper, "/portal");
    const pid = first && "pid" in first ? first.pid : 0;
    expect(alive(pid)).toBe(true);
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    const again = await render(keeper, "/portal");
    expect(again && "pid" in again ? again.pid : pid).not.toBe(pid);
  });
});
