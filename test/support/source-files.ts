import { readdirSync } from "node:fs";
import path from "node:path";

/** Every TypeScript source under `dir` (.ts and .tsx, not generated .gen.ts files): for tests that read the code itself. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".gen.ts") ? [full] : [];
  });
}
