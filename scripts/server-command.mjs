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

/**
 * glibc gives each thread that allocates its own malloc arena and keeps what
 * is freed there: V8's compiler threads (PGlite's WebAssembly at start) left
 * 5-15 MB behind, differently on every start. Two arenas keep an idle
 * server's memory low and steady, at no measurable cost in throughput.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
