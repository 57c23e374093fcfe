import { queryOptions } from "@tanstack/react-query";
import type { Plan } from "../../../common/public";
import { PLANS } from "../../../seed/catalogue";
import { api } from "../../lib/api";

/**
 * The published plans from GET /api/plans. The seeded catalogue is the
 * initial data, so the prerendered page shows prices at once and hydrates
 * without a change; it is refetched straight away to pick up admin edits.
 */
const seededPlans: Plan[] = PLANS.map((plan) => ({
  slug: plan.slug,
  category: plan.category,
  name: plan.name,
  priceMinor: plan.priceNaira * 100,
  currency: "NGN",
  period: "month",
  description: plan.description,
  features: plan.features,
  isPopular: plan.isPopular ?? false,
  badge: plan.badge ?? null,
}));

export const plansQuery = queryOptions({
  queryKey: ["plans"],
  queryFn: () => api.get<Plan[]>("/api/plans"),
  initialData: seededPlans,
  initialDataUpdatedAt: 0,
  staleTime: 60_000,
});
