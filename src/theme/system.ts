import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";
import { productTokens } from "./palette";

/**
 * One visual theme: deep green with a warm gold accent (contrast checked
 * against WCAG AA). Built on Chakra's base preset with only the recipes the
 * public pages use, instead of `defaultConfig` with all ~90: that keeps their
 * JavaScript small. The portal's extra recipes (tabs, dialog, menu, table…)
 * live in ./portalSystem.ts, which only portal and sign-in chunks import;
 * components that public pages load lazily (form fields, alerts, the mobile
 * menu's drawer) pass their recipe themselves. A component whose recipe is
 * missing renders unstyled, so add its recipe here (every public page),
 * there (portal) or to the component when you start using it.
 */
const kept = productTokens(tokens, semanticTokens);

// Chakra's global CSS gives every element (`*`) its own ~30 custom properties: defaults for the filter,
// backdrop and ring utilities (so a nested one does not inherit its parent's) and the preflight's font and
// border colour. An element that declares custom properties gets its own copy of all it inherits, so on
// every element that made the pages' style recalculation about twice as long. No recipe or component here
// uses those utilities (`filter="auto"`, `blur`, `ring`...), so the defaults are declared once, on the
// root, and every element inherits the same values.
const { "*": everyElement = {}, html = {}, ...otherGlobalCss } = globalCss;
const isCustomProperty = ([name]: [string, unknown]) => name.startsWith("--");
const rootGlobalCss: typeof globalCss = {
  ...otherGlobalCss,
  "*": Object.fromEntries(Object.entries(everyElement).filter((entry) => !isCustomProperty(entry))),
  html: { ...html, ...Object.fromEntries(Object.entries(everyElement).filter(isCustomProperty)) },
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: rootGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: kept.colors },
    semanticTokens: { ...semanticTokens, colors: kept.semanticColors, shadows: kept.semanticShadows },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      list: listSlotRecipe,
    },
  },
});

const brandTheme = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#e8f5ef" },
          100: { value: "#c6e6d6" },
          200: { value: "#9fd4bb" },
          300: { value: "#6fbf9c" },
          400: { value: "#3fa57b" },
          500: { value: "#1f8a60" },
          600: { value: "#17704d" },
          700: { value: "#11573c" },
          800: { value: "#0b3d2e" },
          900: { value: "#06261c" },
          950: { value: "#031710" },
        },
        gold: {
          100: { value: "#fff4cc" },
          300: { value: "#ffd54f" },
          400: { value: "#f5b700" },
          500: { value: "#d49b00" },
          800: { value: "#6b4e00" },
        },
      },
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    // Chakra's defaults put status text at 2.8-3.8:1 on white (red.500 errors
    // read 3.76:1) and soften placeholders and disabled fields to 50-80 %:
    // every text colour here reaches WCAG AA's 4.5:1 in every state.
    layerStyles: {
      disabled: {
        value: { opacity: 1, cursor: "not-allowed", bg: "bg.muted", color: "fg.muted", borderColor: "border" },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          subtle: { value: "{colors.gray.500}" },
          error: { value: "{colors.red.700}" },
          warning: { value: "{colors.orange.700}" },
          success: { value: "{colors.green.700}" },
          info: { value: "{colors.blue.700}" },
        },
        // White on Chakra's solid orange (orange.600) reads 3.55:1 and on its solid green (green.600)
        // 3.3:1: a solid badge's text (the sidebar's pending bookings) needs the 700 shades, 5.2 and 5.0.
        orange: { solid: { value: "{colors.orange.700}" } },
        green: { solid: { value: "{colors.green.700}" } },
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
        gold: {
          solid: { value: "{colors.gold.400}" },
          contrast: { value: "{colors.brand.950}" },
          fg: { value: "{colors.gold.800}" },
          muted: { value: "{colors.gold.300}" },
          subtle: { value: "{colors.gold.100}" },
          emphasized: { value: "{colors.gold.300}" },
          // 7.7:1 on white, where the gold buttons sit in the header (gold.500 was 2.5:1); on a dark band, below.
          focusRing: { value: "{colors.gold.800}" },
        },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    // A word longer than its box (a URL in a title, a company's name) breaks inside itself instead of
    // widening the page: unlike the preflight's `break-word` (set on every element), `anywhere` also
    // lets the flex and grid items holding it shrink. Tables keep whole words, and a wide one scrolls
    // in its DataTable (src/components/DataTable.tsx), and on a phone stacks its rows.
    "*": { overflowWrap: "anywhere" },
    "table, table *": { overflowWrap: "normal" },
    html: { scrollBehavior: "smooth", "@media (prefers-reduced-motion: reduce)": { scrollBehavior: "auto" } },
    // Asked for less motion: dialogs, drawers and toasts appear and leave at once, a skeleton does not
    // pulse, a spinner stands still. Near zero rather than none, so that what waits for an animation's end
    // (Ark's presence, unmounting a closed dialog) still hears of it; !important, as the recipes' durations
    // sit in a later layer. Transitions are left alone: cut to nothing, the sidebar's width changed within
    // the frame the portal's layout checks measured, and they found the open sidebar's figures over their
    // cards at 1024 px, which the next session looks into. The public pages' entrances
    // (src/features/site/Reveal.tsx) check the preference themselves and are not CSS animations.
    "*, *::before, *::after": {
      "@media (prefers-reduced-motion: reduce)": {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
      },
    },
    ":focus-visible": { outline: "2px solid {colors.brand.focusRing}", outlineOffset: "2px" },
    // A dark band (the heroes, the footer: data-on-dark) draws focus rings in light gold, 8:1 and more on
    // its greens, where the brand and dark-gold rings fell to 2:1 (WCAG 1.4.11 asks 3:1). Set as the
    // palettes' own ring tokens, which the outline above and every recipe's focus ring read.
    "[data-on-dark]": {
      "--chakra-colors-brand-focus-ring": "var(--chakra-colors-gold-300)",
      "--chakra-colors-gold-focus-ring": "var(--chakra-colors-gold-300)",
    },
    "*::placeholder, *[data-placeholder]": { color: "fg.muted" },
  },
});

/** The theme: tokens, global CSS and the public recipes (the portal adds its own: ./portalSystem.ts). */
const publicConfig = mergeConfigs(chakraTheme, brandTheme);

export const system = createSystem(defaultBaseConfig, publicConfig);
