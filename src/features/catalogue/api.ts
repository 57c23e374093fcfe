import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { AdminPage } from "../../../common/admin";
import type {
  BookingCounts,
  BookingsQuery,
  ServiceFormValues,
  ServiceRemoval,
  SubscriptionsPage,
  SubscriptionsQuery,
} from "../../../common/admin-catalogue";
import { SERVICES_PAGE_SIZE } from "../../../common/admin-table";
import type { Service, ServiceOrder } from "../../../common/api";
import { api } from "../../lib/api";
import { useLiveRefetch } from "../../lib/live";
import { putSavedRow } from "../../lib/saved-row";
import { toQueryString } from "../admin/api";

/** Reads and writes of the admin Services, Bookings and Subscriptions screens (issue #7 items 8–10). */

export const adminServicesKey = ["admin", "services"] as const;

/** The services grid, SERVICES_PAGE_SIZE at a time ("Load more"); live (server/data/services.ts adminServicesLive). */
export function useAdminServices() {
  useLiveRefetch(adminServicesKey);
  return useInfiniteQuery({
    queryKey: adminServicesKey,
    queryFn: ({ pageParam }) =>
      api.get<AdminPage<Service>>(`/api/admin/services?page=${pageParam}&pageSize=${SERVICES_PAGE_SIZE}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      editing,
      values,
      id,
    }: {
      editing?: Pick<Service, "id" | "updatedAt"> | undefined;
      values: ServiceFormValues;
      /** A new service's id, chosen by its dialog (common/schemas.ts chosenId). */
      id?: string;
    }) =>
      editing
        ? api.put<Service>(`/api/admin/services/${encodeURIComponent(editing.id)}`, {
            ...values,
            expectedUpdatedAt: editing.updatedAt,
          })
        : api.post<Service>("/api/admin/services", { ...values, id }),
    onSuccess: (service) => putSavedRow(queryClient, adminServicesKey, service),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminServicesKey }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ServiceRemoval>(`/api/admin/services/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminServicesKey }),
  });
}

/**
 * The live key of the Bookings page (server/data/bookings.ts adminBookingsKey),
 * administrators only: any order change pushes "refetch", which refetches
 * everything under it (counters, the table, the sidebar badge).
 */
export const adminBookingsKey = ["admin", "bookings"] as const;

export function useBookingsLive(enabled = true) {
  useLiveRefetch(adminBookingsKey, adminBookingsKey, enabled);
}

export const bookingCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminBookingsKey, "counts"],
    queryFn: () => api.get<BookingCounts>("/api/admin/bookings/counts"),
  });

export const bookingsQueryOptions = (query: BookingsQuery) =>
  queryOptions({
    queryKey: [...adminBookingsKey, "table", query],
    queryFn: () => api.get<AdminPage<ServiceOrder>>(`/api/admin/bookings${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

/** The sidebar's pending-bookings badge: live, administrators only. */
export function usePendingBookings(enabled: boolean) {
  useBookingsLive(enabled);
  return useQuery({ ...bookingCountsQueryOptions(), enabled });
}

export const adminSubscriptionsKey = ["admin", "subscriptions"] as const;

/** Approve or cancel a pending booking; end an approved one (an active subscription). */
export function useDecideBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: "approve" | "cancel" | "end" }) =>
      api.post<ServiceOrder>(`/api/admin/bookings/${encodeURIComponent(id)}/${verb}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingsKey }),
        queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey }),
      ]),
  });
}

/** Subscriptions follow the bookings' live key: an approval or an ending anywhere refetches the page. */
export function useSubscriptionsLive() {
  useLiveRefetch(adminBookingsKey, adminSubscriptionsKey);
}

export const subscriptionsQueryOptions = (query: SubscriptionsQuery) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, query],
    queryFn: () => api.get<SubscriptionsPage>(`/api/admin/subscriptions${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
