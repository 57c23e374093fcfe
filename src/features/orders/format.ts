import { formatMoney } from "../../../common/format";
import { getSiteConfig } from "../site/config";

/** An amount in the configured currency, to two decimals (spec §9), as every portal screen shows money. */
export const formatAmount = (minor: number) => formatMoney(minor, getSiteConfig().currency);
