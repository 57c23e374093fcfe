import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles as sources } from "../support/sources";

/**
 * Services and plans are data the server owns; seed/ only provides their first rows (issue #7, item 10).
 * So nothing under server/ imports from seed/: the processes' entry points (bin/) plug the demo data in.
 */
const FROM_SEED = /(?:from\s+|import\s*\(\s*)["'](?:\.\.\/)+seed(?:\/[^"']*)?["']/;

const importsSeed = (file: string) => FROM_SEED.test(readFileSync(path.join(ROOT, file), "utf8"));

describe("the code's layout", () => {
  it("has nothing under server/ import from seed/; the entry points in bin/ do", () => {
    const server = sources("server");
    expect(server.length).toBeGreaterThan(100);
    expect(server.filter(importsSeed)).toEqual([]);
    // The pattern finds what it looks for: the entry points seed an empty database and reset it.
    expect(sources("bin").filter(importsSeed).sort()).toEqual(["bin/cli.ts", "bin/main.ts"]);
  });
});
