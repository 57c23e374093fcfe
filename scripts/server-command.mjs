import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The built server, started by `npm start` and by the benchmarks. */
export const SERVER_MAIN = path.join(ROOT, "dist/server/main.js");

/**
 * Node's young generation grows to 2 × 16 MB during start-up (migrations, the
 * first seed) and stays committed until V8 decides the process is idle; 2 MB
 * semi-spaces keep an idle server ~30 MB smaller for a few % of throughput.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];
