import type { SiteConfig } from "../../../common/site-domain";
import { company } from "../../content/shared";

export type { SiteConfig };

export const SITE_CONFIG_ELEMENT_ID = "site-config";

const fallback: SiteConfig = { whatsappNumber: "", currency: "NGN", social: {} };

let current: SiteConfig | undefined;

/** Used by the prerender step, which renders with placeholders the server fills in. */
export function setSiteConfig(config: SiteConfig) {
  current = config;
}

export function getSiteConfig(): SiteConfig {
  if (current) return current;
  if (typeof document === "undefined") return fallback;
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  try {
    current = element?.textContent
      ? { ...fallback, ...(JSON.parse(element.textContent) as Partial<SiteConfig>) }
      : fallback;
  } catch {
    current = fallback;
  }
  return current;
}

/** WhatsApp click-to-chat with the consultation message prefilled. */
export function consultationUrl(config: SiteConfig = getSiteConfig()): string {
  return `https://wa.me/${config.whatsappNumber}?text=${encodeURIComponent(company.consultationMessage)}`;
}
