import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, found from this file whether it runs from source (tsx, vitest) or from the bundle in dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT, "server/db/migrations");
export const CLIENT_DIST_DIR = path.join(ROOT, "dist/client");
