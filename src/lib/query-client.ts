import { QueryClient } from "@tanstack/react-query";

/**
 * The one TanStack Query cache, for the portal and the auth page only.
 * Public pages never import this module (nor react-query), so their
 * bundle stays small; route guards reach it with a dynamic import.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
