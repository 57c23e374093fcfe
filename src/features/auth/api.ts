import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
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
