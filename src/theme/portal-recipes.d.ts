/** Chakra recipe modules loaded as separate copies for the portal's theme (see vite.config.ts). */
declare module "virtual:portal-recipes" {
  export {
    avatarSlotRecipe,
    cardSlotRecipe,
    checkboxSlotRecipe,
    dialogSlotRecipe,
    iconRecipe,
    linkRecipe,
    menuSlotRecipe,
    progressSlotRecipe,
    separatorRecipe,
    skeletonRecipe,
    tableSlotRecipe,
    tabsSlotRecipe,
    toastSlotRecipe,
    tooltipSlotRecipe,
  } from "@chakra-ui/react/theme";
}
