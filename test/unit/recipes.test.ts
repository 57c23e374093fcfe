import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defaultConfig } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { portalSystem } from "../../src/theme/portalSystem";
import { system } from "../../src/theme/system";
import { sourceFiles } from "../support/source-files";

/**
 * A Chakra component whose recipe is missing from the system it renders in
 * draws unstyled (the portal's empty state once showed a stray icon in a
 * corner). This reads which recipe each Chakra component asks for from the
 * package itself, and checks every component the SPA imports against the
 * system of the pages that render it: public pages the public system, the
 * portal and /auth the portal system.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const COMPONENTS = path.join(ROOT, "node_modules/@chakra-ui/react/dist/esm/components");

/** Exported name -> the recipe keys its component folder asks for. */
function recipeKeysByExport(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const dir of readdirSync(COMPONENTS, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const folder = path.join(COMPONENTS, dir.name);
    const files = readdirSync(folder).filter((file) => file.endsWith(".js"));
    const sources = files.map((file) => readFileSync(path.join(folder, file), "utf8"));
    const keys = [
      ...new Set(sources.flatMap((source) => [...source.matchAll(/\bkey: "(\w+)"/g)].map((m) => m[1] ?? ""))),
    ];
    if (keys.length === 0) continue;
    const index = sources[files.indexOf("index.js")] ?? "";
    const names = [...index.matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
      (m[1] ?? "").split(",").map((part) => (part.split(" as ").pop() ?? "").trim()),
    );
    for (const name of names) if (name) byName.set(name, keys);
  }
  return byName;
}

/** Files only public pages render; everything else renders inside the portal's or /auth's provider. */
function isPublic(file: string): boolean {
  const rel = path.relative(path.join(ROOT, "src"), file).replaceAll(path.sep, "/");
  if (rel === "routes/_site/auth.tsx" || rel === "routes/_site/unsubscribe.tsx") return false;
  return (
    rel.startsWith("features/site/") ||
    rel.startsWith("routes/_site/") ||
    ["routes/_site.tsx", "routes/__root.tsx", "components/NotFoundPage.tsx", "components/SkipLink.tsx"].includes(rel)
  );
}

function chakraImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .replace(/^\s*type\s+/, "")
        .split(" as ")[0]
        ?.trim();
      if (name && !/^type\s/.test(part.trim())) names.push(name);
    }
  }
  return names;
}

/** Keys Chakra has a recipe for: a component asking for another key (Text's "text") renders as designed without one. */
const STYLED_KEYS = new Set([
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
]);

/** A component given its recipe in place (`recipe={drawerSlotRecipe}` from virtual:lazy-recipes) needs none in the system. */
const passesOwnRecipe = (source: string, key: string) => new RegExp(`\\b${key}(Slot)?Recipe\\b`).test(source);

function recipeNames(target: typeof system): Set<string> {
  const theme = target._config.theme ?? {};
  return new Set([...Object.keys(theme.recipes ?? {}), ...Object.keys(theme.slotRecipes ?? {})]);
}

describe("every Chakra component the SPA renders has its recipe", () => {
  const keysByExport = recipeKeysByExport();
  const publicRecipes = recipeNames(system);
  const portalRecipes = recipeNames(portalSystem);

  it("finds the recipe keys in the package (the check itself works)", () => {
    expect(keysByExport.get("Button")).toEqual(["button"]);
    expect(keysByExport.get("EmptyState")).toEqual(["emptyState"]);
  });

  const files = sourceFiles(path.join(ROOT, "src"));
  it.each(files.map((file) => [path.relative(ROOT, file), file] as const))("%s", (_name, file) => {
    const recipes = isPublic(file) ? publicRecipes : portalRecipes;
    const source = readFileSync(file, "utf8");
    const missing = chakraImports(source).flatMap((name) =>
      (keysByExport.get(name) ?? [])
        .filter((key) => STYLED_KEYS.has(key) && !recipes.has(key) && !passesOwnRecipe(source, key))
        .map((key) => `${name} needs "${key}"`),
    );
    expect(missing).toEqual([]);
  });
});
