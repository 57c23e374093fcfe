import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portalSystem } from "../../src/theme/portalSystem";
import { system } from "../../src/theme/system";
import { sourceFiles } from "../support/source-files";

/**
 * Chakra's global CSS declared ~30 custom properties on every element, which made the public pages' style
 * recalculation about twice as long; src/theme/system.ts declares them once, on the root. That is only
 * equivalent while nothing uses the utilities those per-element defaults were for.
 */
const SRC = path.resolve(import.meta.dirname, "../../src");

type GlobalCss = { "@layer base": Record<string, Record<string, unknown>> };

describe("the global CSS", () => {
  for (const [name, themeSystem] of [
    ["public", system],
    ["portal", portalSystem],
  ] as const) {
    it(`${name} system: custom properties are declared on the root, none on every element`, () => {
      const base = (themeSystem.getGlobalCss() as GlobalCss)["@layer base"];
      expect(Object.keys(base["&*"] ?? {}).filter((property) => property.startsWith("--"))).toEqual([]);
      expect(base["&html"]).toMatchObject({
        "--global-font-body": expect.any(String),
        "--global-color-border": expect.any(String),
        "--ring-color": expect.any(String),
        "--backdrop-blur": expect.any(String),
      });
    });
  }

  it("no component uses the filter, backdrop or ring utilities that relied on per-element defaults", () => {
    const utilities =
      /\s(blur|brightness|contrast|grayscale|hueRotate|invert|saturate|sepia|dropShadow|backdropBlur|backdropBrightness|backdropContrast|backdropGrayscale|backdropHueRotate|backdropInvert|backdropOpacity|backdropSaturate|backdropSepia|ring|ringColor|ringOffset|ringOffsetColor|ringInset)=|(filter|backdropFilter)="auto"/;
    // Components: .tsx files (src/theme/system.ts names the utilities in the comment that explains this).
    const components = sourceFiles(SRC).filter((file) => file.endsWith(".tsx"));
    const users = components.filter((file) => utilities.test(readFileSync(file, "utf8")));
    expect(users.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
