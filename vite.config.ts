import path from "node:path";
import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
// With its extension, as Node loads a config natively (Vite warned that a future default would refuse it).
import { productTokens } from "./src/theme/palette.ts";

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Recipe file → export, for the recipes that only lazy chunks use: the
 * portal's theme (src/theme/portalSystem.ts) registers them, and the
 * components public pages load later (FormField and FormAlert, used by every
 * form, and the mobile menu) pass their own.
 */
const LAZY_RECIPES: Record<string, string> = {
  alert: "alertSlotRecipe",
  avatar: "avatarSlotRecipe",
  card: "cardSlotRecipe",
  checkbox: "checkboxSlotRecipe",
  checkmark: "checkmarkRecipe",
  dialog: "dialogSlotRecipe",
  drawer: "drawerSlotRecipe",
  "empty-state": "emptyStateSlotRecipe",
  field: "fieldSlotRecipe",
  icon: "iconRecipe",
  input: "inputRecipe",
  kbd: "kbdRecipe",
  link: "linkRecipe",
  menu: "menuSlotRecipe",
  "native-select": "nativeSelectSlotRecipe",
  popover: "popoverSlotRecipe",
  progress: "progressSlotRecipe",
  select: "selectSlotRecipe",
  separator: "separatorRecipe",
  skeleton: "skeletonRecipe",
  stat: "statSlotRecipe",
  switch: "switchSlotRecipe",
  table: "tableSlotRecipe",
  tabs: "tabsSlotRecipe",
  textarea: "textareaRecipe",
  toast: "toastSlotRecipe",
  tooltip: "tooltipSlotRecipe",
};

/**
 * virtual:lazy-recipes re-exports those recipes from their files with a
 * query, i.e. as modules of their own. "@chakra-ui/react" reaches every
 * recipe module statically through its barrels, so the bundler puts any
 * recipe used anywhere (even only by a lazy chunk) into the entry every
 * public page loads; these copies (and the recipe files they import) go with
 * the lazy chunks that use them.
 */
function lazyRecipes(): Plugin {
  const id = "virtual:lazy-recipes";
  const dir = fileURLToPath(new URL("./node_modules/@chakra-ui/react/dist/esm/theme/recipes/", import.meta.url));
  let building = false;
  return {
    name: "lazy-recipes",
    configResolved(config) {
      building = config.command === "build";
    },
    // Before Vite's resolver, which would resolve a copy's relative imports to the originals.
    enforce: "pre",
    resolveId(source, importer) {
      if (source === id) return `\0${id}`;
      // A copy's own imports (native-select uses select, checkbox uses checkmark) are copies too.
      if (importer?.endsWith(".js?lazy") && source.startsWith("./")) {
        return `${path.dirname(importer)}/${source.slice(2)}?lazy`;
      }
      return null;
    },
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      // The dev server has no chunks to keep small, and unbundled copies would pull in every
      // Ark UI and Zag module one request at a time: there, the pre-bundled package serves.
      if (!building) return `export { ${Object.values(LAZY_RECIPES).join(", ")} } from "@chakra-ui/react/theme";`;
      return Object.entries(LAZY_RECIPES)
        .map(([file, name]) => `export { ${name} } from ${JSON.stringify(`${dir}${file}.js?lazy`)};`)
        .join("\n");
    },
  };
}

/**
 * Chakra's anatomy module extends Ark UI's anatomies at its top level
 * (`const x = xAnatomy.extendWith(...)`); a method call on an import may have
 * side effects as far as the bundler knows, so every anatomy (and the Zag
 * modules behind them) stayed in the entry. They are plain values: marked
 * pure, the ones no recipe uses drop out.
 */
function pureAnatomies(): Plugin {
  return {
    name: "pure-anatomies",
    transform(code, id) {
      if (!id.endsWith("/@chakra-ui/react/dist/esm/anatomy.js")) return null;
      return { code: code.replace(/= (\w+\$1)\.extendWith\(/g, "= /* @__PURE__ */ $1.extendWith("), map: null };
    },
  };
}

/**
 * Chakra's modules of the colour tokens, semantic colours and semantic shadows as the product's theme
 * keeps them (src/theme/palette.ts): without the palettes nothing uses and without dark values.
 * src/theme/system.ts leaves those out when the app starts, but the modules' full values still sat
 * in the JavaScript every public page loads (~1.3 KB gzip). Only the build: the dev server and the
 * tests use Chakra's modules, which the system trims alike.
 */
function themeTokens(): Plugin {
  const modules = {
    "/@chakra-ui/react/dist/esm/theme/tokens/colors.js": "colors",
    "/@chakra-ui/react/dist/esm/theme/semantic-tokens/colors.js": "semanticColors",
    "/@chakra-ui/react/dist/esm/theme/semantic-tokens/shadows.js": "semanticShadows",
  } as const;
  return {
    name: "theme-tokens",
    apply: "build",
    async transform(_code, id) {
      const name = Object.entries(modules).find(([file]) => id.endsWith(file))?.[1];
      if (!name) return null;
      const { tokens, semanticTokens } = await import("@chakra-ui/react/theme");
      const kept = productTokens(tokens, semanticTokens);
      return { code: `const ${name} = ${JSON.stringify(kept[name])};\nexport { ${name} };\n`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build keeps `process.env` for Node to read at run time, and React chose its development
  // build wherever NODE_ENV was not "production": under `npm start` (development by default) and the
  // browser journeys (test), the portal renderer rendered each page with React's checks and warnings,
  // ~2× the CPU. dist/ is what ships: its renderer is React's production build, whatever the environment.
  ...(isSsrBuild && { define: { "process.env.NODE_ENV": JSON.stringify("production") } }),
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    lazyRecipes(),
    pureAnatomies(),
    themeTokens(),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    // VITE_SOURCEMAP=1 npm run build writes .map files beside the chunks (not linked from them), for profiling.
    sourcemap: process.env.VITE_SOURCEMAP ? "hidden" : false,
    // No preload map: Vite's map of every lazy chunk's dependencies (~120 portal chunks) sat in the entry
    // every public page loads, 3 KB gzip. Public pages list their chunks as modulepreload links in their
    // prerendered HTML instead, chunks import their dependencies directly (one level), and the router
    // starts loading a route's chunk on hover ("intent"), which hides the one round trip this adds.
    modulePreload: false,
    rolldownOptions: {
      treeshake: {
        // Chakra's theme module builds its full default config (every recipe) with an unannotated
        // defineConfig() call, an identity function; marked pure, the unused config and recipes drop
        // out. The name matches every package's defineConfig: all of them are config identities.
        manualPureFunctions: ["defineConfig", "createAnatomy"],
        // Only @emotion/react's withTheme, which nothing here uses, calls this CommonJS package, but
        // the bundler keeps any CommonJS module's top-level code. It has no side effects; dropped,
        // it takes react-is with it.
        moduleSideEffects: (id) => (/\/node_modules\/hoist-non-react-statics\//.test(id) ? false : undefined),
      },
      output: {
        // The app (src/app.tsx, which the entry imports) and everything it imports statically go into one
        // chunk: every page needs all of it first, and one file instead of ~40 small shared ones costs
        // fewer requests (each a main-thread task on a phone) and compresses better.
        // Vite's preload helper, which the entry uses too, stays out of it: the entry must not import the app.
        codeSplitting: {
          groups: [
            { name: "preload-helper", test: /vite\/preload-helper/, priority: 2 },
            { name: "app", test: /\/src\/app\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  // The server build (dist/ssr: the prerenderer, the plan pages' renderer and the portal's page
  // renderer, src/entry-server.tsx) bundles its packages too. Imported from node_modules, Node
  // evaluates every module of every barrel (all of Chakra, Ark UI and Zag): the portal renderer,
  // a process the server keeps while people use the portal, held 143 MB after importing the
  // entry; bundled and tree-shaken, 74 MB.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, ws: true, changeOrigin: false } },
  },
}));
