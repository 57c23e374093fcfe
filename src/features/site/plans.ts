import { useEffect, useState } from "react";
import type { Plan } from "../../../common/public";

/**
 * The published plans. The server owns them: it renders /plans and /contact
 * from the database with the plans embedded as JSON
 * (<script id="plans-data" type="application/json">, server/http/plan-pages.ts),
 * so hydration uses exactly the data in the HTML — no flash, no request.
 * Only a visit that reaches /plans or the contact form's plan field from
 * another page asks GET /api/plans. Plain fetch and React state rather than
 * react-query: public pages stay free of the portal's data layer.
 */

export const PLANS_ELEMENT_ID = "plans-data";

const RETRY_DELAY_MS = 1_000;

/** Shared by every component on every page of the visit, so /plans → /contact reuses one answer. */
let known: Plan[] | null = null;
let inFlight: Promise<Plan[]> | null = null;

/** The server-side renderer sets the plans before it renders a page. */
export function setPlans(plans: Plan[]) {
  known = plans;
}

function embeddedPlans(): Plan[] | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(PLANS_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return Array.isArray(parsed) ? (parsed as Plan[]) : null;
  } catch {
    return null;
  }
}

/** The API client loads only when the plans are asked for: a page that embeds them (most visits) never needs it. */
const getPlans = async () => (await import("../../lib/api")).api.get<Plan[]>("/api/plans");

async function fetchPlans(): Promise<Plan[]> {
  try {
    return await getPlans();
  } catch {
    // One retry, so a single dropped request does not show the warning.
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return getPlans();
  }
}

function loadPlans(): Promise<Plan[]> {
  inFlight ??= fetchPlans()
    .then((plans) => {
      known = plans;
      return plans;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The plans to show (empty until known), whether they are still loading, whether loading them
 * failed, and `retry` to ask again.
 */
export function usePlans(): { plans: Plan[]; isPending: boolean; isError: boolean; retry: () => void } {
  const [plans, setState] = useState<Plan[] | null>(() => {
    known ??= embeddedPlans();
    return known;
  });
  const [isError, setIsError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what a retry changes
  useEffect(() => {
    if (plans) return;
    let active = true;
    loadPlans().then(
      (fresh) => {
        if (!active) return;
        setState(fresh);
        setIsError(false);
      },
      () => {
        if (active) setIsError(true);
      },
    );
    return () => {
      active = false;
    };
  }, [plans, attempt]);
  const retry = () => {
    setIsError(false);
    setAttempt((count) => count + 1);
  };
  return { plans: plans ?? [], isPending: !plans && !isError, isError, retry };
}
