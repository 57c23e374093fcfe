import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { build, needsBuild, ROOT } from "./build-lib.mjs";

/**
 * `npm test`: the lint and the build with the type-check beside them, then every suite. The integration suite runs
 * on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. The
 * browser suite needs the built product and Chromium.
 */
const vitest = path.join(ROOT, "node_modules/.bin/vitest");

/** Ends the run with the failed step's exit status (1 when a signal ended it). */
function stopOnFailure(label, status) {
  if (status === 0) return;
  console.error(`\n${label} failed`);
  process.exit(typeof status === "number" ? status : 1);
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  stopOnFailure(label, result.status ?? result.signal);
}

/**
 * Runs `command` beside what follows, its output held until `finish` (so it does not interleave with the
 * build's); `finish` prints it under `label` and stops the run if it failed.
 */
function runBeside(label, command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
  // A step that fails meanwhile ends the run: this one goes with it.
  process.once("exit", () => child.kill());
  return async function finish() {
    const status = await exited;
    console.log(`\n=== ${label} ===`);
    process.stdout.write(output);
    stopOnFailure(label, status);
  };
}

// The type-check uses one core and a little of the other for ~40 s, the build a core and a bit for ~20 s: side
// by side on CI's two cores they take ~40 s, not ~60. Both end before any suite starts.
const typecheck = runBeside("typecheck", path.join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.json"]);
run("lint", path.join(ROOT, "node_modules/.bin/biome"), ["check", "."]);
// The startup suite and the browser journeys run the built product: bring dist/ up to date first.
if (needsBuild()) {
  console.log("\n=== build ===");
  build();
}
await typecheck();
// fanout.test.ts needs two server processes on one database, which PGlite cannot be, write-races.test.ts a
// transaction of its own held open beside the server's, and seed-large.test.ts tests the large data set's
// generator, which is for PostgreSQL only: PostgreSQL pass only.
run(
  "unit and integration (PGlite)",
  vitest,
  [
    "run",
    "--project",
    "unit",
    "--project",
    "integration",
    "--exclude",
    "test/integration/fanout.test.ts",
    "--exclude",
    "test/integration/seed-large.test.ts",
    "--exclude",
    "test/integration/write-races.test.ts",
  ],
  { TEST_DB: "pglite" },
);
if (process.env.TEST_DATABASE_URL) {
  // startup.test.ts is about the embedded mode (DATA_DIR, its lock, PGlite): it runs in the PGlite pass only.
  run(
    "integration (PostgreSQL)",
    vitest,
    ["run", "--project", "integration", "--exclude", "test/integration/startup.test.ts"],
    { TEST_DB: "postgres" },
  );
} else {
  console.log("\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
}
// Without TEST_DATABASE_URL, vitest.config.ts leaves out the journeys that run the product on PostgreSQL.
if (!process.env.TEST_DATABASE_URL) console.log("\nTEST_DATABASE_URL is not set: projects-paging.e2e.ts is left out.");
run("browser journeys (Chromium)", vitest, ["run", "--project", "e2e", "--project", "e2e-timed"]);
