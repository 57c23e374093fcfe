import { useMutation } from "@tanstack/react-query";
import type { UnsubscribeResult } from "../../../common/mail";
import { api } from "../../lib/api";

/** The one-click unsubscribe: a POST (the link itself changes nothing, as mail scanners open links). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<UnsubscribeResult>(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`),
  });
}
