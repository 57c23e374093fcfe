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
import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { publicConfig } from "./system";

/**
 * The public theme plus the recipes only the portal and the sign-in page use,
 * for a nested <ChakraProvider> in those route components, so these recipes
 * load with their lazy chunks instead of the entry every public page loads.
 * They come through virtual:lazy-recipes (vite.config.ts) because
 * "@chakra-ui/react" statically reaches every recipe module through its
 * barrels: imported from there, the bundler keeps them in the entry chunk.
 * Import this module nowhere else.
 */
export const portalSystem = createSystem(
  defaultBaseConfig,
  publicConfig,
  defineConfig({
    theme: {
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
    },
  }),
);
