import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/** Recipe file → export, for the recipes only the portal's theme (src/theme/portalSystem.ts) registers. */
const PORTAL_RECIPES: Record<string, string> = {
  avatar: "avatarSlotRecipe",
  card: "cardSlotRecipe",
  checkbox: "checkboxSlotRecipe",
  dialog: "dialogSlotRecipe",
  icon: "iconRecipe",
  link: "linkRecipe",
  menu: "menuSlotRecipe",
  progress: "progressSlotRecipe",
  separator: "separatorRecipe",
  skeleton: "skeletonRecipe",
  table: "tableSlotRecipe",
  tabs: "tabsSlotRecipe",
  toast: "toastSlotRecipe",
  tooltip: "tooltipSlotRecipe",
};

/**
 * virtual:portal-recipes re-exports those recipes from their files with a
 * query, i.e. as modules of their own. "@chakra-ui/react" reaches every
 * recipe module statically through its barrels, so the bundler puts any
 * recipe used anywhere (even only by a lazy portal chunk) into the entry
 * every public page loads; these copies go with the portal's chunks instead.
 */
function portalRecipes(): Plugin {
  const id = "virtual:portal-recipes";
  const dir = fileURLToPath(new URL("./node_modules/@chakra-ui/react/dist/esm/theme/recipes/", import.meta.url));
  return {
    name: "portal-recipes",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (loaded) =>
      loaded === `\0${id}`
        ? Object.entries(PORTAL_RECIPES)
            .map(([file, name]) => `export { ${name} } from ${JSON.stringify(`${dir}${file}.js?portal`)};`)
            .join("\n")
        : null,
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), portalRecipes()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk: every page needs all of it first,
        // and one file instead of ~25 small shared ones costs fewer round trips and compresses better.
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, ws: true, changeOrigin: false } },
  },
});
