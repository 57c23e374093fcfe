import { useEffect, useState } from "react";
import type { Plan } from "../../../common/public";
import { PLANS } from "../../../seed/catalogue";
import { api } from "../../lib/api";

/**
 * The published plans from GET /api/plans. The seeded catalogue is the
 * initial data, so the prerendered page shows prices at once and hydrates
 * without a change; it is refetched straight away to pick up admin edits.
 * Plain fetch and React state rather than react-query: public pages stay
 * free of the portal's data layer.
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

const FRESH_MS = 60_000;
const RETRY_DELAY_MS = 1_000;

/** Shared by every component on every page of the visit, so /plans → /contact reuses one answer. */
let latest: { plans: Plan[]; at: number } | null = null;
let inFlight: Promise<Plan[]> | null = null;

async function fetchPlans(): Promise<Plan[]> {
  try {
    return await api.get<Plan[]>("/api/plans");
  } catch {
    // One retry, so a single dropped request does not show the warning.
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return api.get<Plan[]>("/api/plans");
  }
}

function loadPlans(): Promise<Plan[]> {
  inFlight ??= fetchPlans()
    .then((plans) => {
      latest = { plans, at: Date.now() };
      return plans;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The plans to show (seeded until the server answers) and whether refreshing them failed. */
export function usePlans(): { plans: Plan[]; isError: boolean } {
  const [plans, setPlans] = useState<Plan[]>(() => latest?.plans ?? seededPlans);
  const [isError, setIsError] = useState(false);
  useEffect(() => {
    if (latest && Date.now() - latest.at < FRESH_MS) {
      setPlans(latest.plans);
      return;
    }
    let active = true;
    loadPlans().then(
      (fresh) => {
        if (!active) return;
        setPlans(fresh);
        setIsError(false);
      },
      () => {
        if (active) setIsError(true);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return { plans, isError };
}
