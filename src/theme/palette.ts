/**
 * The colours the product's theme keeps of Chakra's: every palette but those nothing uses, and of each
 * semantic colour and shadow its light value only (the product has no dark mode, so a `_dark` value
 * would only add CSS variables no page reads). gray and the status colours stay: red (error, cancelled
 * projects), orange (warning), green (success), blue (info) for alerts, badges and toasts.
 *
 * src/theme/system.ts applies it to Chakra's tokens when the app starts; the production build
 * (vite.config.ts, `themeTokens`) applies it to Chakra's modules of those tokens themselves, so the
 * values left out are not in the JavaScript every public page loads.
 */
export const UNUSED_PALETTES = ["teal", "cyan", "purple", "pink", "yellow"];

type Tree = { [key: string]: unknown };

const isToken = (node: unknown): node is { value: unknown } =>
  typeof node === "object" && node !== null && "value" in node;

function withoutUnusedPalettes<T extends Tree>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;
}

/** A semantic token's `{ _light, _dark }` value as its light value alone. */
function lightOnly<T>(node: T): T {
  if (isToken(node)) {
    const { value } = node;
    const light = typeof value === "object" && value !== null && "_light" in value ? value._light : value;
    return { ...node, value: light } as T;
  }
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/** Of Chakra's tokens and semantic tokens, the colours and shadows as the product's theme keeps them. */
export function productTokens<C extends Tree, S extends Tree, H extends Tree>(
  tokens: { colors: C },
  semanticTokens: { colors: S; shadows: H },
) {
  return {
    colors: withoutUnusedPalettes(tokens.colors),
    semanticColors: lightOnly(withoutUnusedPalettes(semanticTokens.colors)),
    semanticShadows: lightOnly(semanticTokens.shadows),
  };
}
