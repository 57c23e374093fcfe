import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(ROOT, "dist/.build-stamp");
const SOURCES = [
  "src",
  "bin",
  "server",
  "common",
  "seed",
  "public",
  "index.html",
  "vite.config.ts",
  "package-lock.json",
];

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

/**
 * Each step runs with NODE_ENV=production whatever the caller's: dist/ is what ships, and Vite
 * reads NODE_ENV to choose React's build. Started by a process with NODE_ENV=development (the
 * benchmarks' servers) or test (Vitest), it bundled React's development build: 215 KB of gzip
 * in the app chunk every public page loads, not 142, which the next benchmarks then measured.
 */
function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** One line per step, so a first start that builds for a minute shows it is moving. */
function step(index, label) {
  const started = performance.now();
  process.stdout.write(`  [${index}/3] ${label}...`);
  return () => console.log(` done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export function build() {
  const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
  let done = step(1, "Building the web app (Vite)");
  run(bin("vite"), ["build", "--manifest", "--logLevel", "warn"]);
  done();
  done = step(2, "Prerendering the public pages");
  run(process.execPath, [path.join(ROOT, "scripts/prerender.mjs")]);
  done();
  done = step(3, "Bundling the server");
  // Chunk names are content hashes: clear the last build's so none linger.
  rmSync(path.join(ROOT, "dist/server"), { recursive: true, force: true });
  run(bin("esbuild"), [
    "bin/main.ts",
    "bin/cli.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    // Dependencies are bundled and minified: the server then keeps ~10 MB less source and module
    // metadata in its heap. These stay outside because they load files next to themselves or only on demand.
    // fontkit with pdfkit: the invoice's fonts are parsed by the copy pdfkit draws with.
    ...[
      "@electric-sql/pglite",
      "pg",
      "nodemailer",
      "pino",
      "@fastify/swagger",
      "@fastify/swagger-ui",
      "pdfkit",
      "fontkit",
    ].map((name) => `--external:${name}`),
    // Bundled CommonJS dependencies call require(), which ES modules must be given.
    "--banner:js=import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);",
    "--splitting",
    "--minify",
    "--sourcemap",
    "--log-level=warning",
    "--outdir=dist/server",
  ]);
  done();
  writeFileSync(STAMP, new Date().toISOString());
}
