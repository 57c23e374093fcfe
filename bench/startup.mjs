import { rmSync } from "node:fs";
import path from "node:path";
import { bar, cleanup, ensureBuilt, percentile, ROOT, startServer, tempDir, writeResult } from "./lib.mjs";

/**
 * Startup time as an operator sees it: `node scripts/start.mjs` until
 * /api/health answers. The first start is what `npm install && npm start`
 * costs on a fresh clone: the build (dist/'s stamp removed, so start.mjs
 * rebuilds everything), an empty DATA_DIR (create the embedded database,
 * migrate, seed). The restart opens that same directory on the built
 * product. ROUNDS of each; median and range printed.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const start = [path.join(ROOT, "scripts/start.mjs")];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const range = (values) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;

ensureBuilt();
const first = [];
const restart = [];
for (let round = 1; round <= ROUNDS; round++) {
  const dataDir = tempDir("startup");
  rmSync(path.join(ROOT, "dist/.build-stamp"), { force: true });
  console.log(`startup ${round}/${ROUNDS}: build + empty DATA_DIR`);
  const fresh = await startServer({ args: start, dataDir, timeoutMs: 180_000 });
  await fresh.stop();
  console.log(`startup ${round}/${ROUNDS}: restart on the existing DATA_DIR`);
  const again = await startServer({ args: start, dataDir });
  await again.stop();
  cleanup(dataDir);
  first.push(fresh.readyMs / 1000);
  restart.push(again.readyMs / 1000);
}

const firstS = median(first);
const restartS = median(restart);
console.log(`  first start (build + empty DATA_DIR): median ${firstS.toFixed(1)} s, range ${range(first)} s`);
console.log(`  restart (existing DATA_DIR):          median ${restartS.toFixed(2)} s, range ${range(restart)} s`);
const passed = [bar("first start", firstS, "<", 30, "s"), bar("restart", restartS, "<", 3, "s")].every(Boolean);
writeResult("startup", {
  rounds: ROUNDS,
  firstStartSeconds: { median: Number(firstS.toFixed(2)), runs: first.map((s) => Number(s.toFixed(2))) },
  restartSeconds: { median: Number(restartS.toFixed(2)), runs: restart.map((s) => Number(s.toFixed(2))) },
  bars: { firstStartSeconds: "< 30", restartSeconds: "< 3" },
  passed,
});
process.exitCode = passed ? 0 : 1;
