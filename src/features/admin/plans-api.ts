import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminPlan, PlanInput, PlanMove } from "../../../common/plans";
import { api } from "../../lib/api";

/** Reads and writes of the admin console's plan management (issue #7 item 10). */

export const adminPlansKey = ["admin", "plans"] as const;

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: adminPlansKey,
    queryFn: () => api.get<AdminPlan[]>("/api/admin/plans"),
  });

const planPath = (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`;

/** Creates (no id) or edits a plan. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: PlanInput }) =>
      id ? api.put<AdminPlan>(planPath(id), values) : api.post<AdminPlan>("/api/admin/plans", values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}

/** One place up or down; the answer is every plan in the new order, shown at once. */
export function useMovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string } & PlanMove) =>
      api.post<AdminPlan[]>(`${planPath(id)}/move`, { direction }),
    onSuccess: (plans) => queryClient.setQueryData(adminPlansKey, plans),
    onError: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}

export function useSetPlanHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api.put<AdminPlan>(`${planPath(id)}/visibility`, { hidden }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(planPath(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPlansKey }),
  });
}
