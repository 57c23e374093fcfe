import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_MAIN, SERVER_NODE_FLAGS } from "../../scripts/server-command.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIN = SERVER_MAIN;
const START_TIMEOUT_MS = 60_000;

export type ProductServer = {
  /** The APP_URL the product was started with, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

/** Asks the kernel for a port nobody is listening on. */
export function freePort(): Promise<number> {
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
 * Starts the BUILT product the way `npm start` does (scripts/server-command.mjs) on a
 * fresh embedded database, so the browser tests exercise what ships; source maps are
 * on too, so a failure's stack trace points into the TypeScript sources.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<ProductServer> {
  if (!existsSync(MAIN)) {
    throw new Error(`${path.relative(ROOT, MAIN)} is missing: run \`npm run build\` before the browser suite`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lagos-e2e-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--enable-source-maps", MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...SERVER_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The product exited with code ${exitCode} before answering /api/health:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, dataDir, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The product did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}
