import { readdirSync } from "node:fs";
import path from "node:path";

/** The repository's root, from a file under test/. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The TypeScript files under `folder` (from the root), as paths from the root. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}
