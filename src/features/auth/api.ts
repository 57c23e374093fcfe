import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, api } from "../../lib/api";
import { live } from "../../lib/live";
import { meQuery } from "../../lib/session";

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post("/api/auth/sign-in/email", body),
    onSuccess: async () => {
      // A new session cookie: reopen the live channel with it and load the new profile before navigating.
      live.reset();
      queryClient.clear();
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: { fullName: string; email: string; password: string }) =>
      api.post("/api/auth/sign-up/email", body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/send-verification-email", { email }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/request-password-reset", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { newPassword: string; token: string }) => api.post("/api/auth/reset-password", body),
  });
}

/**
 * Puts the server's per-field messages on the matching form fields (the API
 * names body fields, e.g. `password` or `newPassword`). Returns true when at
 * least one field took a message, so the caller can skip a duplicate alert.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, Path<T>>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [apiField, message] of Object.entries(error.fields)) {
    const field = fieldMap[apiField];
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
