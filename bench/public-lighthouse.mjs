import {
  bar,
  benchmarkIndexOf,
  cleanup,
  describeSummary,
  ensureBuilt,
  launchLighthouseChrome,
  lighthouseRun,
  ROUNDS,
  startServer,
  summary,
  writeResult,
} from "./lib.mjs";

/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU
 * throttling) on four public pages served by the built product, and on the
 * sign-in page (/auth, prerendered since S13; an app shell before, at 65).
 * Each page ROUNDS times; bars on the medians: performance >= 95;
 * accessibility, best practices and SEO = 100.
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium).
 */
const PAGES = ["/", "/services/web-app-development", "/plans", "/contact", "/auth"];
const BARS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

ensureBuilt();
const server = await startServer();
const chrome = await launchLighthouseChrome();
const results = {};
let pass = true;
try {
  for (const page of PAGES) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const lhr = await lighthouseRun(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(BARS),
      });
      const { categories, audits } = lhr;
      const scores = Object.fromEntries(
        Object.keys(BARS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
      );
      const metrics = {
        fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        benchmarkIndex: benchmarkIndexOf(lhr),
      };
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id);
      rounds.push({ scores, metrics, failingAudits: failing });
      console.log(
        `${page} round ${round + 1}: ${JSON.stringify(scores)} ${JSON.stringify(metrics)}${failing.length ? ` failing: ${failing.join(", ")}` : ""}`,
      );
    }
    const medians = Object.fromEntries(
      Object.keys(BARS).map((key) => [key, summary(rounds.map((round) => round.scores[key]))]),
    );
    const tbtMs = summary(rounds.map((round) => round.metrics.tbtMs));
    const benchmarkIndex = summary(rounds.map((round) => round.metrics.benchmarkIndex));
    console.log(
      `${page}: performance ${describeSummary(medians.performance)}, TBT ${describeSummary(tbtMs)} ms, benchmark index ${describeSummary(benchmarkIndex)}`,
    );
    results[page] = { medians, tbtMs, benchmarkIndex, rounds };
    for (const [key, limit] of Object.entries(BARS))
      pass = bar(`${key} on ${page}, median`, medians[key].median, ">=", limit, "") && pass;
  }
} finally {
  await chrome.kill();
  await server.stop();
  cleanup(server.dataDir);
}
writeResult("public-lighthouse", { bars: BARS, pages: results });
process.exitCode = pass ? 0 : 1;
