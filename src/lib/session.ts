import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "../../common/api";
import { ApiError, api } from "./api";
import { live } from "./live";
import { queryClient } from "./query-client";

/**
 * The signed-in user, as the server knows them (GET /api/me). `null` means
 * signed out; the role always comes from the server.
 */
export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<Profile | null> => {
    try {
      return await api.get<Profile>("/api/me");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/**
 * The session check of route guards (beforeLoad), through the shared cache so
 * the guard and the page agree. Guards import this module dynamically: route
 * options other than components stay in the main bundle every page loads.
 */
export function ensureMe(): Promise<Profile | null> {
  return queryClient.ensureQueryData(meQuery);
}

export function useMe() {
  return useQuery(meQuery);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await api.post("/api/auth/sign-out");
    live.reset();
    queryClient.clear();
    queryClient.setQueryData(meQuery.queryKey, null);
  };
}
