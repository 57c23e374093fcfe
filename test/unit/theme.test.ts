import { readFileSync } from "node:fs";
import path from "node:path";
import { semanticTokens, tokens } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { productTokens, UNUSED_PALETTES } from "../../src/theme/palette";
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

  it("public and portal systems: asked for reduced motion, animations take ~0.01 ms", () => {
    for (const themeSystem of [system, portalSystem]) {
      const base = (themeSystem.getGlobalCss() as GlobalCss)["@layer base"];
      // Every element and its pseudo-elements: a dialog's, a drawer's and a toast's entrance and exit, the
      // skeleton's pulse.
      expect(base["&*, &*::before, &*::after"]?.["@media (prefers-reduced-motion: reduce)"]).toEqual({
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
      });
    }
  });

  it("no component uses the filter, backdrop or ring utilities that relied on per-element defaults", () => {
    const utilities =
      /\s(blur|brightness|contrast|grayscale|hueRotate|invert|saturate|sepia|dropShadow|backdropBlur|backdropBrightness|backdropContrast|backdropGrayscale|backdropHueRotate|backdropInvert|backdropOpacity|backdropSaturate|backdropSepia|ring|ringColor|ringOffset|ringOffsetColor|ringInset)=|(filter|backdropFilter)="auto"/;
    // Components: .tsx files (src/theme/system.ts names the utilities in the comment that explains this).
    const components = sourceFiles(SRC).filter((file) => file.endsWith(".tsx"));
    const users = components.filter((file) => utilities.test(readFileSync(file, "utf8")));
    expect(users.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});

describe("the portal's system", () => {
  it("is the public system plus the portal's recipes: no second token dictionary, no second global CSS", () => {
    // A second createSystem cost a portal page's load ~50 ms of script; its nested provider inserted the
    // ~38 KB of global rules a second time (a page's CSS rules 695 → 444 without).
    expect(portalSystem.tokens).toBe(system.tokens);
    expect(portalSystem.css).toBe(system.css);
    expect(portalSystem._global).toEqual([]);
    expect(portalSystem._config.disableLayers).toBe(true);
    expect([portalSystem.isSlotRecipe("dialog"), system.isSlotRecipe("dialog")]).toEqual([true, false]);
    expect([portalSystem.isRecipe("skeleton"), system.isRecipe("skeleton")]).toEqual([true, false]);
    expect(portalSystem.isRecipe("button")).toBe(true);
    expect(portalSystem.getSlotRecipeFn("dialog")).toBe(portalSystem.getSlotRecipeFn("dialog"));
    expect(portalSystem.getRecipeFn("button")({ size: "sm" })).toEqual(system.getRecipeFn("button")({ size: "sm" }));
  });
});

/**
 * The theme keeps Chakra's colours minus the palettes nothing uses, and light values only
 * (src/theme/palette.ts; the build applies the same to Chakra's modules, vite.config.ts).
 */
describe("the colours the theme keeps", () => {
  const kept = productTokens(tokens, semanticTokens);

  it("keeps every palette but the unused ones, each with Chakra's values", () => {
    const used = Object.keys(tokens.colors).filter((name) => !UNUSED_PALETTES.includes(name));
    expect(Object.keys(kept.colors)).toEqual(used);
    for (const name of ["gray", "red", "orange", "green", "blue"]) expect(used).toContain(name);
    const chakraColors: Record<string, unknown> = tokens.colors;
    const keptColors: Record<string, unknown> = kept.colors;
    for (const name of used) expect(keptColors[name]).toEqual(chakraColors[name]);
  });

  it("keeps each semantic colour and shadow as its light value, with no dark one left", () => {
    expect(JSON.stringify(kept)).not.toContain("_dark");
    expect(kept.semanticColors.bg.DEFAULT.value).toBe("{colors.white}");
    expect(kept.semanticColors.fg.muted.value).toBe("{colors.gray.600}");
    expect(kept.semanticColors.red.solid.value).toBe(semanticTokens.colors.red.solid.value._light);
    expect(kept.semanticShadows.md.value).toBe(semanticTokens.shadows.md.value._light);
  });

  it("no page uses an unused palette (it would draw without colour)", () => {
    const palette = new RegExp(`(colorPalette="|colors\\.|"|\\{)(${UNUSED_PALETTES.join("|")})(\\.\\d|\\.[a-z]+\\}|")`);
    const users = sourceFiles(SRC).filter(
      (file) => !file.endsWith("palette.ts") && palette.test(readFileSync(file, "utf8")),
    );
    expect(users.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('every colour a component names by its token (color="fg.muted", bg: "brand.50") is one the theme has', () => {
    const named =
      /\b(?:color|bg|background|borderColor|borderTopColor|borderBottomColor|outlineColor|fill|stroke)[=:] ?\{?"([a-z]+(?:\.[a-zA-Z0-9]+)+)"/g;
    const missing = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(named)]
        .map((match) => match[1] ?? "")
        .filter((token) => portalSystem.token(`colors.${token}`) === undefined)
        .map((token) => `${path.relative(SRC, file)}: ${token}`),
    );
    expect(missing).toEqual([]);
  });

  it("the public system has no dark colour variables", () => {
    expect(system.getTokenCss()).not.toContain(".dark");
  });
});
