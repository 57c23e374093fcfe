/**
 * The part of the domain the public pages need (every page's bundle loads
 * this module): service ids, plan categories, social networks. The rest lives
 * in common/domain.ts, which re-exports these. Kept apart because a module
 * shared with the entry lands in the entry whole, with every export any
 * screen uses.
 */
export const PLAN_CATEGORIES = ["social", "maintenance"] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

/** Spec §2: the four services, each with its page at /services/{id}. */
export const SERVICE_IDS = ["web-app-development", "digital-marketing", "brand-strategy", "it-solutions"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export function isServiceId(id: string): id is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(id);
}

/** The networks the footer can link to, each configured by its SOCIAL_<NETWORK>_URL variable. */
export const SOCIAL_NETWORKS = ["facebook", "instagram", "x", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * Run-time settings the server puts into every HTML page it serves
 * (<script id="site-config" type="application/json">), so an operator can
 * change the WhatsApp number or social links without rebuilding.
 */
export type SiteConfig = {
  whatsappNumber: string;
  currency: string;
  social: Partial<Record<SocialNetwork, string>>;
};
