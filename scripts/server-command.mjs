import { spawn } from "node:child_process";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The built server, started by `npm start`, the benchmarks and the browser suite. */
export const SERVER_MAIN = path.join(ROOT, "dist/server/main.js");

/**
 * Node's flags for the server, by database (`env` is the server's environment).
 * - On embedded PGlite, the small-machine mode with its idle-memory bar: Node's
 *   young generation grows to 2 × 16 MB during start-up (migrations, the first
 *   seed) and stays committed until V8 decides the process is idle; 2 MB
 *   semi-spaces keep an idle server ~30 MB smaller.
 * - On PostgreSQL (DATABASE_URL) there is no PGlite in the process (~110 MB
 *   less) and this is the mode that serves the large data set, where 2 MB
 *   semi-spaces cost 20-35 % of a 50-row page's throughput (a scavenge every
 *   few requests, and what is in flight promoted to the old generation): V8's
 *   default young generation (docs/performance.md, "Large-data reads").
 * `--expose-gc` lets the server collect its start-up garbage once it is ready
 * (bin/main.ts) instead of keeping it until V8's memory reducer runs.
 */
export function serverNodeFlags(env) {
  return env.DATABASE_URL ? ["--expose-gc"] : ["--max-semi-space-size=2", "--expose-gc"];
}

/**
 * glibc gives each thread that allocates its own malloc arena and keeps what
 * is freed there: V8's compiler threads (PGlite's WebAssembly at start) left
 * 5-15 MB behind, differently on every start. Two arenas keep an idle
 * server's memory low and steady, at no measurable cost in throughput.
 * glibc also raises its mmap threshold each time a large block is freed, so
 * later large blocks (zlib's state, big buffers) come from the heap, where
 * what is freed stays: a soak left 16 MB more heap behind. Fixed thresholds
 * keep blocks over 64 KB in mappings of their own, returned when freed, and
 * trim the heap's free top past 128 KB (soak: 12 MB of heap after, not 38).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536", MALLOC_TRIM_THRESHOLD_: "131072" };

/** Asks the kernel for a port nobody is listening on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `start(port)` on a port free when asked for, on another one if that port was taken before the
 * server listened: a server builds its app (seconds) between the two, and meanwhile another
 * socket can take the port, such as the source port of a client connection (the kernel picks
 * those from the same range; parallel suites hold many PostgreSQL connections). Up to 3 ports.
 */
export async function onFreePort(start) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      const taken = error?.code === "EADDRINUSE" || String(error?.message).includes("EADDRINUSE");
      if (!taken || attempt === 3) throw error;
    }
  }
}

/**
 * Starts the built server (or another command, e.g. scripts/start.mjs) as a
 * child process on 127.0.0.1 with `npm start`'s flags and environment, and
 * resolves once /api/health answers. The benchmarks and the browser suite
 * start the product this way; `stop()` ends it and leaves DATA_DIR alone.
 */
export async function startServerProcess(options) {
  if (options.port !== undefined) return startServerProcessOn(options);
  return onFreePort((port) => startServerProcessOn({ ...options, port }));
}

async function startServerProcessOn({
  env = {},
  args = [...serverNodeFlags(env), SERVER_MAIN],
  dataDir,
  port,
  timeoutMs = 60_000,
}) {
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...SERVER_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let exitCode;
  exited.then((code) => {
    exitCode = code ?? "signal";
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    }
  };

  while (performance.now() - started < timeoutMs) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited (${exitCode}) before answering /api/health:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        return { url, port, dataDir, child, readyMs: performance.now() - started, stop, output: () => output };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
}
