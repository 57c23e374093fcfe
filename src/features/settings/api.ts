import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationKind, Profile } from "../../../common/api";
import type { MailPreferences } from "../../../common/mail";
import type { ProfileUpdate } from "../../../common/schemas";
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
  return useMutation({
    // A new password signs out every other device: whoever knew the old one loses access.
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post("/api/auth/change-password", { ...body, revokeOtherSessions: true }),
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
