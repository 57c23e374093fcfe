/** Chakra recipe modules loaded as separate copies for lazy chunks (see vite.config.ts). */
declare module "virtual:lazy-recipes" {
  export {
    alertSlotRecipe,
    avatarSlotRecipe,
    cardSlotRecipe,
    checkboxSlotRecipe,
    dialogSlotRecipe,
    drawerSlotRecipe,
    fieldSlotRecipe,
    iconRecipe,
    inputRecipe,
    linkRecipe,
    menuSlotRecipe,
    nativeSelectSlotRecipe,
    progressSlotRecipe,
    separatorRecipe,
    skeletonRecipe,
    tableSlotRecipe,
    tabsSlotRecipe,
    textareaRecipe,
    toastSlotRecipe,
    tooltipSlotRecipe,
  } from "@chakra-ui/react/theme";
}
