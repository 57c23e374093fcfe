/** Chakra recipe modules loaded as separate copies for lazy chunks (see vite.config.ts). */
declare module "virtual:lazy-recipes" {
  export {
    alertSlotRecipe,
    avatarSlotRecipe,
    cardSlotRecipe,
    checkboxSlotRecipe,
    checkmarkRecipe,
    dialogSlotRecipe,
    drawerSlotRecipe,
    fieldSlotRecipe,
    iconRecipe,
    inputRecipe,
    linkRecipe,
    menuSlotRecipe,
    nativeSelectSlotRecipe,
    progressSlotRecipe,
    selectSlotRecipe,
    separatorRecipe,
    skeletonRecipe,
    tableSlotRecipe,
    tabsSlotRecipe,
    textareaRecipe,
    toastSlotRecipe,
    tooltipSlotRecipe,
  } from "@chakra-ui/react/theme";
}
