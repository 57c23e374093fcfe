import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AdminPage, AuditEntryView, AuditFilters } from "../../../common/admin";
import { api } from "../../lib/api";
import { toQueryString } from "./api";
import type { AuditSearch } from "./search";

/** Reads of the audit log screen (issue #7). */

export const adminAuditKey = ["admin", "audit"] as const;

export const auditQueryOptions = (query: AuditSearch) =>
  queryOptions({
    queryKey: [...adminAuditKey, "table", query],
    queryFn: () => api.get<AdminPage<AuditEntryView>>(`/api/admin/audit${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const auditFiltersQueryOptions = queryOptions({
  queryKey: [...adminAuditKey, "filters"],
  queryFn: () => api.get<AuditFilters>("/api/admin/audit/filters"),
});
