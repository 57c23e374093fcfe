import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run bench`: each benchmark in its own process, one after the other
 * (they would skew each other's figures if run together). The engineer-owned
 * public-page benchmarks (bench/public-*.mjs) run too when present.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const core = [
  "startup.mjs",
  "idle-memory.mjs",
  "auth-get.mjs",
  "live-fanout.mjs",
  "portal-large.mjs",
  "admin-large.mjs",
  "analytics-js.mjs",
  "abuse.mjs",
  "soak.mjs",
  "portal-first-page.mjs",
  "presence.mjs",
  "files.mjs",
];
const extra = readdirSync(here)
  .filter((file) => file.startsWith("public-") && file.endsWith(".mjs"))
  .sort();
const only = process.argv.slice(2);
const benches = [...core, ...extra].filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));

const outcome = [];
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const result = spawnSync(process.execPath, [path.join(here, file)], { stdio: "inherit" });
  outcome.push([file, result.status === 0 ? "met its bars" : "MISSED a bar or failed"]);
}
console.log("\n=== summary (results in bench/results/) ===");
for (const [file, verdict] of outcome) console.log(`  ${file.padEnd(22)} ${verdict}`);
process.exitCode = outcome.every(([, verdict]) => verdict === "met its bars") ? 0 : 1;
