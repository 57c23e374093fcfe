import path from "node:path";
import { bar, cleanup, ensureBuilt, ROOT, startServer, tempDir, writeResult } from "./lib.mjs";

/**
 * Startup time as an operator sees it: `node scripts/start.mjs` (the product
 * is built already) until /api/health answers. First on an empty DATA_DIR
 * (create the embedded database, migrate, seed), then again on that same
 * directory (open and check).
 */
ensureBuilt();
const dataDir = tempDir("startup");
const start = [path.join(ROOT, "scripts/start.mjs")];

console.log("startup: fresh DATA_DIR");
const fresh = await startServer({ args: start, dataDir });
await fresh.stop();
console.log("startup: restart on the existing DATA_DIR");
const again = await startServer({ args: start, dataDir });
await again.stop();
cleanup(dataDir);

const freshS = fresh.readyMs / 1000;
const restartS = again.readyMs / 1000;
console.log(`  first start (empty DATA_DIR): ${freshS.toFixed(2)} s`);
console.log(`  restart (existing DATA_DIR):  ${restartS.toFixed(2)} s`);
const passed = [bar("first start", freshS, "<", 30, "s"), bar("restart", restartS, "<", 3, "s")].every(Boolean);
writeResult("startup", {
  firstStartSeconds: Number(freshS.toFixed(3)),
  restartSeconds: Number(restartS.toFixed(3)),
  bars: { firstStartSeconds: "< 30", restartSeconds: "< 3" },
  passed,
});
process.exitCode = passed ? 0 : 1;
