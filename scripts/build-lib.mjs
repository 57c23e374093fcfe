import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(ROOT, "dist/.build-stamp");
const SOURCES = ["src", "server", "common", "seed", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "routeTree.gen.ts") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any source file. */
export function needsBuild() {
  if (!existsSync(STAMP) || !existsSync(path.join(ROOT, "dist/server/main.js"))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function build() {
  const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
  run(bin("vite"), ["build", "--manifest", "--logLevel", "warn"]);
  run(process.execPath, [path.join(ROOT, "scripts/prerender.mjs")]);
  run(bin("esbuild"), [
    "server/main.ts",
    "server/cli.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    "--packages=external",
    "--sourcemap",
    "--log-level=warning",
    "--outdir=dist/server",
  ]);
  writeFileSync(STAMP, new Date().toISOString());
}
