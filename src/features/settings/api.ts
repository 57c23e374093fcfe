import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationKind, Profile } from "../../../common/api";
import type { MailPreferences } from "../../../common/mail";
import type { ProfileUpdate } from "../../../common/schemas";
import type { SignedInDevices } from "../../../common/sessions";
import { api } from "../../lib/api";
import { cancelRefetchOverLoaded, refetchUnlessShown } from "../../lib/query-client";
import { meQuery } from "../../lib/session";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api.patch<Profile>("/api/me", changes),
    // Spec §4: the local profile changes only once the server has accepted the update.
    onSuccess: (profile) => queryClient.setQueryData(meQuery.queryKey, profile),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // A new password signs out every other device: whoever knew the old one loses access.
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post("/api/auth/change-password", { ...body, revokeOtherSessions: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signedInDevicesQuery.queryKey }),
  });
}

/** Settings' "Signed-in devices" (common/sessions.ts). */
export const signedInDevicesQuery = queryOptions({
  queryKey: ["me", "sessions"],
  queryFn: () => api.get<SignedInDevices>("/api/me/sessions"),
});

/** Ends one other device's session; the list drops it once the server has. */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<null>(`/api/me/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: (_none, sessionId) =>
      queryClient.setQueryData(signedInDevicesQuery.queryKey, (list) =>
        list ? { devices: list.devices.filter((device) => device.id !== sessionId), total: list.total - 1 } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signedInDevicesQuery.queryKey }),
  });
}

/** Ends every session but this device's. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>("/api/me/sessions/sign-out-others"),
    onSuccess: () =>
      queryClient.setQueryData(signedInDevicesQuery.queryKey, (list) =>
        list ? { devices: list.devices.filter((device) => device.current), total: 1 } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signedInDevicesQuery.queryKey }),
  });
}

export const mailPreferencesQuery = queryOptions({
  queryKey: ["me", "mail-preferences"],
  queryFn: () => api.get<MailPreferences>("/api/me/mail-preferences"),
});

/** One switch flipped: shown at once, saved, rolled back if the server refuses. */
export function useUpdateMailPreference() {
  const queryClient = useQueryClient();
  const key = mailPreferencesQuery.queryKey;
  return useMutation({
    mutationFn: (change: { kind: NotificationKind; enabled: boolean }) =>
      api.put<MailPreferences>("/api/me/mail-preferences", { [change.kind]: change.enabled }),
    onMutate: async (change) => {
      const shown = await cancelRefetchOverLoaded(queryClient, key);
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (current) =>
        current
          ? {
              items: current.items.map((item) =>
                item.kind === change.kind ? { ...item, enabled: change.enabled } : item,
              ),
            }
          : current,
      );
      return { before, shown };
    },
    onError: (_error, _change, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: (_saved, _error, _change, context) => refetchUnlessShown(queryClient, key, context?.shown),
  });
}
