import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import {
  bar,
  benchmarkIndexOf,
  cleanup,
  describeSummary,
  ensureBuilt,
  launchChromium,
  launchLighthouseChrome,
  lighthouseRun,
  ROUNDS,
  rssMb,
  signIn,
  startServer,
  summary,
  USERS,
  writeResult,
} from "./lib.mjs";

/**
 * A signed-in client's first portal page, /portal (issue #11): the JavaScript
 * it makes a phone load (gzip bytes of every script, bar <= 300 KB) and
 * Lighthouse's mobile preset with the session cookie, ROUNDS times (bars on
 * the medians: performance >= 90, LCP < 2 s).
 */
const PAGE = "/portal";
const BARS = { jsKb: 300, performance: 90, lcpMs: 2_000 };

ensureBuilt();
const server = await startServer({ env: { AUTH_RATE_LIMIT: "1000" } });
let passed = true;
try {
  const cookie = await signIn(server.url, USERS.client);

  const browser = await launchChromium();
  let jsKb;
  let scriptCount;
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const [name, value] = cookie.split(";")[0].split("=");
    await context.addCookies([{ name, value, url: server.url }]);
    const tab = await context.newPage();
    const scripts = new Map();
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      try {
        scripts.set(response.url(), zlib.gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        // A response without a body (redirect) carries no script.
      }
    });
    await tab.goto(server.url + PAGE, { waitUntil: "networkidle" });
    if (new URL(tab.url()).pathname !== PAGE) throw new Error(`the signed-in client landed on ${tab.url()}`);
    jsKb = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    scriptCount = scripts.size;
  } finally {
    await browser.close();
  }
  passed = bar(`JS on ${PAGE} (${scriptCount} scripts)`, jsKb, "<", BARS.jsKb + 0.001, "KB gzip") && passed;

  const chrome = await launchLighthouseChrome();
  const performance = [];
  const lcp = [];
  const benchmarkIndexes = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const lhr = await lighthouseRun(
        `${server.url}${PAGE}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
        { extends: "lighthouse:default", settings: { extraHeaders: { Cookie: cookie } } },
      );
      if (new URL(lhr.finalDisplayedUrl).pathname !== PAGE)
        throw new Error(`Lighthouse landed on ${lhr.finalDisplayedUrl}`);
      performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      lcp.push(Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0));
      benchmarkIndexes.push(benchmarkIndexOf(lhr));
      console.log(
        `  round ${round + 1}: performance ${performance.at(-1)}, LCP ${lcp.at(-1)} ms, benchmark index ${benchmarkIndexes.at(-1)}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  // The page is rendered by a child process the server keeps while people use
  // the portal: what both hold after the rounds is the memory a signed-in
  // portal costs the machine.
  const rendererPid = childPids(server.child.pid)[0];
  const memoryMb = {
    server: Math.round(rssMb(server.child.pid)),
    renderer: rendererPid ? Math.round(rssMb(rendererPid)) : null,
  };
  console.log(`  resident memory after the rounds: server ${memoryMb.server} MB, renderer ${memoryMb.renderer} MB`);
  const perf = summary(performance);
  const lcpMs = summary(lcp);
  const benchmarkIndex = summary(benchmarkIndexes);
  console.log(
    `  performance ${describeSummary(perf)}; LCP ${describeSummary(lcpMs)} ms; benchmark index ${describeSummary(benchmarkIndex)}`,
  );
  passed = bar("Lighthouse performance, median", perf.median, ">=", BARS.performance, "") && passed;
  passed = bar("LCP, median", lcpMs.median, "<", BARS.lcpMs, "ms") && passed;
  writeResult("portal-first-page", {
    page: PAGE,
    jsKb: Math.round(jsKb * 10) / 10,
    scripts: scriptCount,
    performance: perf,
    lcpMs,
    benchmarkIndex,
    memoryMb,
    bars: {
      jsKb: `<= ${BARS.jsKb}`,
      performance: `>= ${BARS.performance} (median)`,
      lcpMs: `< ${BARS.lcpMs} (median)`,
    },
    passed,
  });
} finally {
  await server.stop();
  cleanup(server.dataDir);
}
process.exitCode = passed ? 0 : 1;

function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
