import { bar, cleanup, ensureBuilt, rssMb, sleep, startServer, tempDir, writeResult } from "./lib.mjs";

/**
 * Resident memory of the server on embedded PGlite after 5 s idle: what a
 * small VPS must hold. Measured on the first start (empty DATA_DIR, the
 * embedded initdb runs in-process) and on a restart over that data, which is
 * the steady state of a deployment.
 */
const IDLE_MS = 5_000;
const BAR_MB = 150;

async function idleRss(dataDir) {
  const server = await startServer({ dataDir });
  await sleep(IDLE_MS);
  const rss = rssMb(server.child.pid);
  await server.stop();
  return Number(rss.toFixed(1));
}

ensureBuilt();
const dataDir = tempDir("memory");
const firstStartMb = await idleRss(dataDir);
const restartMb = await idleRss(dataDir);
cleanup(dataDir);

console.log(`  idle RSS after ${IDLE_MS / 1000} s: first start ${firstStartMb} MB, restart ${restartMb} MB`);
const passed = [
  bar("idle RSS, first start", firstStartMb, "<", BAR_MB, "MB"),
  bar("idle RSS, restart", restartMb, "<", BAR_MB, "MB"),
].every(Boolean);
writeResult("idle-memory", {
  firstStartMb,
  restartMb,
  idleSeconds: IDLE_MS / 1000,
  bars: { rssMb: `< ${BAR_MB}` },
  passed,
});
process.exitCode = passed ? 0 : 1;
