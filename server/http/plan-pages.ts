import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { Plan } from "../../common/public";
import type { Config } from "../config";
import { listPlans } from "../data/catalogue";
import type { Database } from "../db";
import { CHANGES_CHANNEL, type Change } from "../functions/changes";
import { ROOT } from "../paths";
import { applyRuntimeConfig, HTML, makeDocument, type SiteDocuments } from "./site";

/**
 * The public pages showing plans (/plans, and /contact for its plan field)
 * follow the `plans` table (issue #7 item 10): rendered at start-up from the
 * database with the build's server renderer (dist/ssr, src/entry-server.tsx),
 * the plans embedded as JSON (<script id="plans-data">, read by
 * src/features/site/plans.ts) so the page hydrates from exactly what its HTML
 * shows, and rendered again on every committed `plans` change — NOTIFY
 * reaches every process sharing the database. A new document, a new ETag.
 */

export const PLANS_DATA_PLACEHOLDER = "<!--plans-data-->";

/**
 * Pages whose markup shows plans, rendered again; the others (/contact: its plan field loads
 * after hydration, for ?plan= visits only) keep their built markup and get the plans embedded.
 */
const RENDERED_PAGES = new Set(["/plans"]);

type RenderOptions = { template: string; preloads: string[]; currency: string; plans?: Plan[] };
type Renderer = { renderDocument(pagePath: string, options: RenderOptions): Promise<string> };

/** The plans as a JSON script element, `<` escaped so no text can close it. */
export function plansScript(plans: Plan[]): string {
  return `<script id="plans-data" type="application/json">${JSON.stringify(plans).replaceAll("<", "\\u003c")}</script>`;
}

export const SSR_ENTRY = path.join(ROOT, "dist/ssr/entry-server.js");

/**
 * The server renderer, or null when the build has none. It runs in a child
 * process started for each render, which exits after it: loaded, React,
 * Chakra and every public page hold ~50 MB, which a server that renders a
 * page only when plans change should not keep (the idle-memory bar; a worker
 * thread gave back only part of it). A render costs a process start and the
 * module's load, a second or so.
 */
export function loadRenderer(file = SSR_ENTRY): Renderer | null {
  if (!existsSync(file)) return null;
  const entry = pathToFileURL(file).href;
  return { renderDocument: (pagePath, options) => renderInChild(entry, pagePath, options) };
}

const RENDER_CHILD = `
const input = [];
for await (const chunk of process.stdin) input.push(chunk);
const { entry, pagePath, options } = JSON.parse(Buffer.concat(input).toString("utf8"));
const renderer = await import(entry);
const html = await renderer.renderDocument(pagePath, options);
process.stdout.write(html, () => process.exit(0));
`;

function renderInChild(entry: string, pagePath: string, options: RenderOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "--eval", RENDER_CHILD], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      errors = (errors + chunk.toString("utf8")).slice(-2000);
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(output).toString("utf8"));
      else reject(new Error(`the page renderer exited with code ${code}: ${errors.trim()}`));
    });
    child.stdin.end(JSON.stringify({ entry, pagePath, options }));
  });
}

export type PlanPagesOptions = {
  site: SiteDocuments;
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  clientDir: string;
  renderer: Renderer | null;
};

/**
 * Renders the plan pages, and again after every plans change. Neither start-up
 * nor the change waits for a render (a second or more: the renderer's process
 * starts each time); a request for a plan page waits for the one under way
 * (`settled`), so no visitor is served plans the database no longer has once
 * the change has been heard.
 */
export async function registerPlanPages(
  options: PlanPagesOptions,
): Promise<{ rerender: () => Promise<void>; settled: () => Promise<void> }> {
  const { site, database, config, log } = options;
  if (site.planPages.length === 0) return { rerender: async () => {}, settled: async () => {} };
  const template = readFileSync(path.join(options.clientDir, "index.html"), "utf8");
  const { renderer } = options;
  if (!renderer) log.warn("dist/ssr is missing: /plans keeps its built HTML, plans embedded (run `npm run build`)");

  let first = true;
  async function render(): Promise<void> {
    const started = performance.now();
    const plans = await listPlans(database.db, config.currency);
    for (const page of site.planPages) {
      const built =
        renderer && RENDERED_PAGES.has(page.path)
          ? applyRuntimeConfig(
              await renderer.renderDocument(page.path, {
                template,
                preloads: page.preloads,
                currency: config.currency,
                plans,
              }),
              config,
            )
          : page.html;
      const html = built.replace(PLANS_DATA_PLACEHOLDER, () => plansScript(plans));
      // Each page as soon as it is ready; a re-render compresses faster than the start-up one.
      site.pages.set(page.path, await makeDocument(html, HTML, first ? 10 : 5));
    }
    first = false;
    log.debug({ ms: Math.round(performance.now() - started), plans: plans.length }, "plan pages rendered");
  }

  // One render at a time; changes arriving during one are covered by one more after it.
  let running: Promise<void> | null = null;
  let again = false;
  function rerender(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await render();
        } catch (error) {
          log.error({ err: error }, "rendering the plan pages failed; the previous ones are served");
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  await database.listen(CHANGES_CHANNEL, (payload) => {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    if (change.topic === "plans") void rerender();
  });
  // A plan changed while the notifications were lost is rendered all the same.
  database.onListenerResumed(() => void rerender());
  void rerender();
  return { rerender, settled: () => running ?? Promise.resolve() };
}
