import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles as sources } from "../support/sources";

/**
 * The server makes none of ICU's locale data resident (~6 MB a process, against the idle and soak
 * memory bars): money, dates and name order are written by common/format.ts and common/text.ts.
 * These are the calls that would load it again.
 */
const ICU_CALLS = /\bIntl\.|\.localeCompare\(|\.toLocale(?:Date|Time)?String\(|\.toLocale(?:Lower|Upper)Case\(/;

describe("the server's code", () => {
  it("never asks ICU to format, compare or case-map", () => {
    const files = [...sources("bin"), ...sources("server"), ...sources("common")];
    expect(files.length).toBeGreaterThan(100);
    const offending = files.filter((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .some(
          (line) => ICU_CALLS.test(line) && !line.trimStart().startsWith("*") && !line.trimStart().startsWith("//"),
        ),
    );
    expect(offending).toEqual([]);
  });
});
