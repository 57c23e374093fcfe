import { formatMoney } from "../../common/format";
import { getSiteConfig } from "../features/site/config";

/**
 * Money as the SPA shows it, in the configured currency (common/format.ts does
 * the formatting). Kept apart from site/config, which every public page
 * loads: the formats come with the screens that show money.
 */

/** An amount as every portal screen shows it: two decimals (spec §9). */
export function formatAmount(minor: number): string {
  return formatMoney(minor, getSiteConfig().currency);
}

/** A plan's price as the public pages show it: round amounts without ".00". */
export function formatPrice(minor: number, currency = getSiteConfig().currency): string {
  return formatMoney(minor, currency, { whole: true });
}
