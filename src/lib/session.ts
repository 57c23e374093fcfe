import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Profile } from "../../common/api";
import { ApiError, api } from "./api";
import { live } from "./live";
import { SESSION_BROADCAST, SIGNED_OUT } from "./live-client";
import { queryClient } from "./query-client";
import { servedSignedOut } from "./signed-out";

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

// A page served to a visitor found signed out (/auth) knows the answer already; a sign-in reads it anew.
if (servedSignedOut()) queryClient.setQueryData(meQuery.queryKey, null);

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

/** Ends this tab's view of the session: no data stays in memory, and the portal guard goes to /auth. */
function endSessionHere() {
  live.reset();
  // The profile becomes null on its existing query, whose observer (the portal guard) then
  // leaves for /auth; clear() would detach that observer and leave the page on screen.
  queryClient.setQueryData(meQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
}

export function useSignOut() {
  return async () => {
    await api.post("/api/auth/sign-out");
    endSessionHere();
    if (typeof BroadcastChannel !== "undefined") {
      const channel = new BroadcastChannel(SESSION_BROADCAST);
      channel.postMessage(SIGNED_OUT);
      channel.close();
    }
  };
}

/**
 * Keeps a portal tab signed in only while its session is: a sign-out in
 * another tab (BroadcastChannel) or the server ending the session (the live
 * channel's close) signs this tab out at once. A change to what the session
 * carries (the live channel's "profile") is read at once too.
 */
export function useSessionFollower() {
  useEffect(() => {
    const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(SESSION_BROADCAST) : undefined;
    if (channel) channel.onmessage = (event) => event.data === SIGNED_OUT && endSessionHere();
    let active = true;
    let stopListening = live.onSessionEnded(checkSession);
    // Their role, name or company changed (an administrator, or this person in another tab): read it anew.
    const stopFollowingProfile = live.onProfileChanged(() => {
      queryClient
        .fetchQuery({ ...meQuery, staleTime: 0 })
        .then((me) => active && me === null && endSessionHere())
        .catch(() => undefined);
    });
    // The socket's session is gone, but this tab may hold a newer one: changing the password
    // here ends every session and gives this tab a new cookie. Still signed in: listening
    // again reopens the channel with the new cookie (its subscriptions resume); else sign out.
    async function checkSession() {
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch(() => null);
      if (!active) return;
      if (!me) return endSessionHere();
      stopListening();
      stopListening = live.onSessionEnded(checkSession);
    }
    return () => {
      active = false;
      channel?.close();
      stopListening();
      stopFollowingProfile();
    };
  }, []);
}
