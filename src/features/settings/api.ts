import { mutationOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
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

type PreferenceChange = { kind: NotificationKind; enabled: boolean };

/** The preferences with one kind's switch set; the others as they are shown (another may be on its way). */
const withPreference = (current: MailPreferences | undefined, { kind, enabled }: PreferenceChange) =>
  current && { items: current.items.map((item) => (item.kind === kind ? { ...item, enabled } : item)) };

/**
 * One switch flipped: shown at once, saved, rolled back if the server refuses. Each answer sets only its
 * own switch: a whole list put back or taken from an answer would undo another switch flipped meanwhile.
 */
export function mailPreferenceMutation(queryClient: QueryClient) {
  const key = mailPreferencesQuery.queryKey;
  const show = (change: PreferenceChange) =>
    queryClient.setQueryData(key, (current) => withPreference(current, change));
  return mutationOptions({
    mutationFn: (change: PreferenceChange) =>
      api.put<MailPreferences>("/api/me/mail-preferences", { [change.kind]: change.enabled }),
    onMutate: async (change: PreferenceChange) => {
      const shown = await cancelRefetchOverLoaded(queryClient, key);
      const was = queryClient.getQueryData(key)?.items.find((item) => item.kind === change.kind)?.enabled;
      show(change);
      return { was, shown };
    },
    onError: (_error, change, context) => {
      if (context?.was !== undefined) show({ kind: change.kind, enabled: context.was });
    },
    onSuccess: (saved, change) => {
      const enabled = saved.items.find((item) => item.kind === change.kind)?.enabled;
      if (enabled !== undefined) show({ kind: change.kind, enabled });
    },
    onSettled: (_saved, _error, _change, context) => refetchUnlessShown(queryClient, key, context?.shown),
  });
}

export function useUpdateMailPreference() {
  return useMutation(mailPreferenceMutation(useQueryClient()));
}
