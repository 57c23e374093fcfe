import {
  avatarSlotRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  iconRecipe,
  kbdRecipe,
  linkRecipe,
  menuSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from "virtual:lazy-recipes";
import type { SystemContext } from "@chakra-ui/react";
import { system } from "./system";

type Recipes = NonNullable<NonNullable<SystemContext["_config"]["theme"]>["recipes"]>;
type SlotRecipes = NonNullable<NonNullable<SystemContext["_config"]["theme"]>["slotRecipes"]>;

/**
 * `base` with more recipes, for a <ChakraProvider> nested inside the one that gives `base`. It shares
 * everything else (tokens, conditions, the css function), so it costs no second `createSystem`. And it
 * writes no global CSS of its own: a nested provider renders its system's global styles again, and in
 * the browser Emotion inserted those ~38 KB of rules a second time. Together: a client's /portal load
 * took ~90 ms less of the page's main thread (2-core machine, medians of 9 loads).
 */
function withRecipes(base: SystemContext, extra: { recipes: Recipes; slotRecipes: SlotRecipes }): SystemContext {
  const theme = base._config.theme ?? {};
  const recipes: Recipes = { ...theme.recipes, ...extra.recipes };
  const slotRecipes: SlotRecipes = { ...theme.slotRecipes, ...extra.slotRecipes };
  const recipeFns = new Map<string, ReturnType<SystemContext["cva"]>>();
  const slotRecipeFns = new Map<string, ReturnType<SystemContext["sva"]>>();
  const isRecipe = (key: string) => Object.hasOwn(recipes, key);
  const isSlotRecipe = (key: string) => Object.hasOwn(slotRecipes, key);
  return {
    ...base,
    // The provider renders `_global`, and the layers' order unless `disableLayers`: the outer provider has.
    _config: { ...base._config, disableLayers: true, theme: { ...theme, recipes, slotRecipes } },
    _global: [],
    getRecipe: (key, fallback) => recipes[key] ?? fallback,
    getSlotRecipe: (key, fallback) => slotRecipes[key] ?? fallback,
    getRecipeFn(key, fallback) {
      let recipeFn = recipeFns.get(key);
      if (!recipeFn) {
        recipeFn = base.cva(recipes[key] ?? fallback ?? {});
        recipeFns.set(key, recipeFn);
      }
      return recipeFn;
    },
    getSlotRecipeFn(key, fallback) {
      let recipeFn = slotRecipeFns.get(key);
      if (!recipeFn) {
        recipeFn = base.sva(slotRecipes[key] ?? fallback ?? { slots: [] });
        slotRecipeFns.set(key, recipeFn);
      }
      return recipeFn;
    },
    isRecipe,
    isSlotRecipe,
    hasRecipe: (key) => isRecipe(key) || isSlotRecipe(key),
  };
}

/**
 * The public theme plus the recipes only the portal and the sign-in page use,
 * for a nested <ChakraProvider> in those route components, so these recipes
 * load with their lazy chunks instead of the entry every public page loads.
 * They come through virtual:lazy-recipes (vite.config.ts) because
 * "@chakra-ui/react" statically reaches every recipe module through its
 * barrels: imported from there, the bundler keeps them in the entry chunk.
 * Import this module nowhere else.
 */
export const portalSystem = withRecipes(system, {
  recipes: {
    checkmark: checkmarkRecipe,
    icon: iconRecipe,
    kbd: kbdRecipe,
    link: linkRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
  },
  slotRecipes: {
    avatar: avatarSlotRecipe,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    emptyState: emptyStateSlotRecipe,
    menu: menuSlotRecipe,
    popover: popoverSlotRecipe,
    progress: progressSlotRecipe,
    select: selectSlotRecipe,
    stat: statSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: toastSlotRecipe,
    tooltip: tooltipSlotRecipe,
  },
});
