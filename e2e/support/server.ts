import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { SERVER_MAIN, serverNodeFlags, startServerProcess } from "../../scripts/server-command.mjs";
import { SCRIPT_NEEDED } from "../../src/content/script-needed";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The SPA's shell as served: an empty root, after what it says where JavaScript is off (scripts/prerender.mjs). */
export const SHELL_ROOT = new RegExp(
  `<noscript><p [^>]*>${SCRIPT_NEEDED.shell.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</p></noscript><div id="root"></div>`,
);

export type ProductServer = {
  /** The APP_URL the product was started with, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts the BUILT product the way `npm start` does (scripts/server-command.mjs) on an
 * embedded database of its own (a copy of the run's migrated, seeded one), so the
 * browser tests exercise what ships; source maps are on too, so a failure's stack
 * trace points into the TypeScript sources.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<ProductServer> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${path.relative(ROOT, SERVER_MAIN)} is missing: run \`npm run build\` before the browser suite`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "lagos-e2e-"));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    // The run's seeded database (e2e/support/global-setup.ts), unless the file brings its own PostgreSQL.
    if (!env.DATABASE_URL) cpSync(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
    const server = await startServerProcess({
      args: [...serverNodeFlags(env), "--enable-source-maps", SERVER_MAIN],
      env: { NODE_ENV: "test", ...env },
      dataDir,
    });
    return {
      url: server.url,
      dataDir,
      output: server.output,
      stop: () => server.stop().finally(removeData),
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
