import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminPlan, PlanEdit, PlanInput, PlanMove } from "../../../common/plans";
import { api } from "../../lib/api";
import { putSavedRow } from "../../lib/saved-row";

/** Reads and writes of the admin console's plan management (issue #7 item 10). */

export const adminPlansKey = ["admin", "plans"] as const;

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: adminPlansKey,
    queryFn: () => api.get<AdminPlan[]>("/api/admin/plans"),
  });

const planPath = (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`;

/** Creates a plan, or edits the version of one its form read (`editing`). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, values }: { editing: Pick<AdminPlan, "id" | "updatedAt"> | null; values: PlanInput }) =>
      editing
        ? api.put<AdminPlan>(planPath(editing.id), {
            ...values,
            expectedUpdatedAt: editing.updatedAt,
          } satisfies PlanEdit)
        : api.post<AdminPlan>("/api/admin/plans", values),
    onSuccess: (plan) => putSavedRow(queryClient, adminPlansKey, plan),
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
    onSuccess: (plan) => putSavedRow(queryClient, adminPlansKey, plan),
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
