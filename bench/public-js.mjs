import zlib from "node:zlib";
import { bar, cleanup, ensureBuilt, launchChromium, startServer, writeResult } from "./lib.mjs";

/**
 * JavaScript a public page makes the browser load: every script response
 * (entry, modulepreloads, lazy chunks) for a mobile visit, measured as gzip
 * bytes (level 9) of each script's body. Bar: <= 150 KB per page. Also checks
 * that no portal or admin chunk is loaded by a public page.
 */
const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/web-app-development",
  "/plans",
  "/contact",
  "/this-page-does-not-exist",
];
const LIMIT_KB = 150;
const PORTAL_CHUNK =
  /\/assets\/(portal|admin|PortalShell|dashboard|invoices|my-tasks|order-services|settings|analytics|bookings|clients|developers|payments|staff|subscriptions|tasks)[-.]/i;

ensureBuilt();
const server = await startServer();
const browser = await launchChromium();
const results = {};
let pass = true;
try {
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const tab = await context.newPage();
    const scripts = new Map();
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      try {
        const body = await response.body();
        scripts.set(response.url(), { gzip: zlib.gzipSync(body, { level: 9 }).length, raw: body.length });
      } catch {
        // A response without a body (redirect) carries no script.
      }
    });
    await tab.goto(server.url + page, { waitUntil: "networkidle" });
    await tab.mouse.wheel(0, 4000);
    await tab.waitForTimeout(800);
    const gzipKb = [...scripts.values()].reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const portalChunks = [...scripts.keys()].filter((url) => PORTAL_CHUNK.test(url)).map((url) => url.split("/").pop());
    results[page] = { scripts: scripts.size, gzipKb: Math.round(gzipKb * 10) / 10, portalChunks };
    pass = bar(`JS on ${page} (${scripts.size} scripts)`, gzipKb, "<", LIMIT_KB + 0.001, "KB gzip") && pass;
    if (portalChunks.length) {
      console.log(`  MISS portal/admin chunks loaded on ${page}: ${portalChunks.join(", ")}`);
      pass = false;
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  cleanup(server.dataDir);
}
writeResult("public-js", { limitKb: LIMIT_KB, pages: results });
process.exitCode = pass ? 0 : 1;
