import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "../../../common/api";
import type { ProfileUpdate } from "../../../common/schemas";
import { api } from "../../lib/api";
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
