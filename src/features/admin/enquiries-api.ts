import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminEnquiry, AdminEnquiryDetail, AdminPage, EnquiriesQuery, EnquiryStatus } from "../../../common/admin";
import { api } from "../../lib/api";
import { useLiveRefetch } from "../../lib/live";
import { toQueryString } from "./api";

/** Reads and writes of Admin › Enquiries (issue #7). */

export const adminEnquiriesKey = ["admin", "enquiries"] as const;

export const enquiriesQueryOptions = (query: EnquiriesQuery) =>
  queryOptions({
    queryKey: [...adminEnquiriesKey, "table", query],
    queryFn: () => api.get<AdminPage<AdminEnquiry>>(`/api/admin/enquiries${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const enquiryDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminEnquiriesKey, "detail", id],
    queryFn: () => api.get<AdminEnquiryDetail>(`/api/admin/enquiries/${encodeURIComponent(id)}`),
  });

/**
 * Live: the server pushes "refetch" on ["admin","enquiries"] (server/data/enquiries.ts) when an enquiry
 * arrives from /contact or changes status; the page on screen refetches.
 */
export function useLiveEnquiries() {
  useLiveRefetch(adminEnquiriesKey);
}

export function useSetEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EnquiryStatus }) =>
      api.patch<AdminEnquiryDetail>(`/api/admin/enquiries/${encodeURIComponent(id)}`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEnquiriesKey }),
  });
}
