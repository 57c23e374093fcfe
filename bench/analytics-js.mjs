import zlib from "node:zlib";
import { bar, cleanup, ensureBuilt, launchChromium, signIn, startServer, USERS, writeResult } from "./lib.mjs";

/**
 * The analytics route's JavaScript, charts included, beyond the portal
 * shell's (issue #7, bar <= 150 KB gzip). Signed in as the administrator, a
 * phone loads /portal/admin and /portal/settings: the scripts both load are
 * the shell. Then /portal/admin/analytics: its scripts that are not the
 * shell's are the route's own (its lazy chunk, Chart.js, the recipes it
 * brings), summed as gzip bytes (level 9). Also checks that the chart code
 * is not loaded by the other two pages.
 */
const LIMIT_KB = 150;
const ROUTE = "/portal/admin/analytics";
const SHELL_PAGES = ["/portal/admin", "/portal/settings"];

ensureBuilt();
const server = await startServer({ env: { AUTH_RATE_LIMIT: "1000" }, timeoutMs: 180_000 });
const browser = await launchChromium();
let passed = false;
try {
  const cookie = await signIn(server.url, USERS.admin);
  /** Every script a fresh visit to `page` loads: URL → gzip bytes. */
  async function scriptsOf(page) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const [name, value] = cookie.split(";")[0].split("=");
    await context.addCookies([{ name, value, url: server.url }]);
    const tab = await context.newPage();
    const scripts = new Map();
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      try {
        scripts.set(new URL(response.url()).pathname, zlib.gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        // A response without a body (redirect) carries no script.
      }
    });
    await tab.goto(server.url + page, { waitUntil: "networkidle" });
    if (new URL(tab.url()).pathname !== page) throw new Error(`the administrator landed on ${tab.url()}`);
    if (page === ROUTE) await tab.locator("canvas").first().waitFor({ timeout: 10_000 });
    await context.close();
    return scripts;
  }
  const shells = [];
  for (const page of SHELL_PAGES) shells.push(await scriptsOf(page));
  const shell = new Map([...shells[0]].filter(([url]) => shells.every((scripts) => scripts.has(url))));
  const route = await scriptsOf(ROUTE);
  const own = [...route].filter(([url]) => !shell.has(url));
  const kb = (entries) => Math.round((entries.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024) * 10) / 10;
  const chartOnOthers = shells.some((scripts) => [...scripts.keys()].some((url) => /analytics|chart/i.test(url)));
  console.log(`  portal shell: ${shell.size} scripts, ${kb([...shell])} KB gzip`);
  for (const [url, bytes] of own) console.log(`  ${ROUTE} own: ${url} ${(bytes / 1024).toFixed(1)} KB gzip`);
  passed = bar(`JS of ${ROUTE} beyond the shell (${own.length} scripts)`, kb(own), "<", LIMIT_KB + 0.001, "KB gzip");
  if (chartOnOthers) console.log("  MISS the chart code is loaded by another portal page");
  passed &&= !chartOnOthers;
  writeResult("analytics-js", {
    limitKb: LIMIT_KB,
    shellKb: kb([...shell]),
    routeOwnKb: kb(own),
    routeOwnScripts: own.map(([url, bytes]) => ({ url, gzipKb: Math.round((bytes / 1024) * 10) / 10 })),
    chartOnOtherPages: chartOnOthers,
    passed,
  });
} finally {
  await browser.close();
  await server.stop();
  cleanup(server.dataDir);
}
process.exitCode = passed ? 0 : 1;
