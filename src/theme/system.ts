import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/** One visual theme: deep green with a warm gold accent; contrast checked against WCAG AA. */
const config = defineConfig({
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
          300: { value: "#ffd54f" },
          400: { value: "#f5b700" },
          500: { value: "#d49b00" },
        },
      },
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    ":focus-visible": { outline: "2px solid {colors.brand.600}", outlineOffset: "2px" },
  },
});

export const system = createSystem(defaultConfig, config);
