import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminClient,
  AdminDeveloper,
  AdminDeveloperDetail,
  AdminPage,
  AdminStaffMember,
  ClientRemoval,
  DeveloperRemoval,
  DevelopersQuery,
  Invited,
  StaffQuery,
  StaffRemoval,
} from "../../../common/admin";
import type {
  ClientUpdate,
  NewClient,
  NewDeveloper,
  SignedOutEverywhere,
  StaffInvite,
  StaffUpdate,
} from "../../../common/people";
import { api } from "../../lib/api";
import { adminClientsKey, toQueryString } from "./api";
import { PEOPLE_CHOICES_KEYS } from "./money-api";

/** Reads and writes of the admin console's people screens besides Clients: developers, staff, new accounts (issue #7). */

export const adminDevelopersKey = ["admin", "developers"] as const;
export const adminStaffKey = ["admin", "staff"] as const;

export const developersQueryOptions = (query: DevelopersQuery) =>
  queryOptions({
    queryKey: [...adminDevelopersKey, "table", query],
    queryFn: () => api.get<AdminPage<AdminDeveloper>>(`/api/admin/developers${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const developerDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminDevelopersKey, "detail", id],
    queryFn: () => api.get<AdminDeveloperDetail>(`/api/admin/developers/${encodeURIComponent(id)}`),
  });

export const staffQueryOptions = (query: StaffQuery) =>
  queryOptions({
    queryKey: [...adminStaffKey, "table", query],
    queryFn: () => api.get<AdminPage<AdminStaffMember>>(`/api/admin/staff${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

/**
 * Developers show on the developers and staff tables both: a change to one refreshes the other, and
 * the forms' choices of people (a project's client and developers, a task's assignee), which are not live.
 */
function useInvalidatePeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminDevelopersKey, adminStaffKey, adminClientsKey, ...PEOPLE_CHOICES_KEYS].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useDeleteClient() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.delete<ClientRemoval>(`/api/admin/clients/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}

export function useUpdateClient(clientId: string) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: ClientUpdate) =>
      api.patch<AdminClient>(`/api/admin/clients/${encodeURIComponent(clientId)}`, body),
    onSettled: invalidate,
  });
}

export function useDeleteDeveloper() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeveloperRemoval>(`/api/admin/developers/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}

export function useCreateClient() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: NewClient) => api.post<Invited>("/api/admin/clients", body),
    onSettled: invalidate,
  });
}

export function useCreateDeveloper() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: NewDeveloper) => api.post<Invited>("/api/admin/developers", body),
    onSettled: invalidate,
  });
}

export function useInviteStaff() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: StaffInvite) => api.post<Invited>("/api/admin/staff", body),
    onSettled: invalidate,
  });
}

export function useUpdateStaff() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffUpdate & { id: string }) =>
      api.patch<AdminStaffMember>(`/api/admin/staff/${encodeURIComponent(id)}`, body),
    onSettled: invalidate,
  });
}

export function useRemoveStaff() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.delete<StaffRemoval>(`/api/admin/staff/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}

/** A deactivated person may sign in again: from their row in a table, or from their page. */
export function useReactivate(kind: "clients" | "developers" | "staff") {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/admin/${kind}/${encodeURIComponent(id)}/reactivate`),
    onSettled: invalidate,
  });
}

/** Every session of someone ended; their page's Account line is read again (no device left). */
export function useSignOutEverywhere(kind: "clients" | "developers" | "staff") {
  const queryClient = useQueryClient();
  const key = { clients: adminClientsKey, developers: adminDevelopersKey, staff: adminStaffKey }[kind];
  return useMutation({
    mutationFn: (id: string) => api.post<SignedOutEverywhere>(`/api/admin/${kind}/${encodeURIComponent(id)}/sign-out`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * The invitation e-mailed again to someone who has not chosen a password yet; nothing on screen changes.
 * Refused (they have chosen one since), the page reads them again: "Invited" was out of date.
 */
export function useResendInvitation(kind: "clients" | "developers" | "staff") {
  const queryClient = useQueryClient();
  const key = { clients: adminClientsKey, developers: adminDevelopersKey, staff: adminStaffKey }[kind];
  return useMutation({
    mutationFn: (id: string) => api.post<Invited>(`/api/admin/${kind}/${encodeURIComponent(id)}/invitation`),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
