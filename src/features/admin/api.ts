import { keepPreviousData, queryOptions, useMutation } from "@tanstack/react-query";
import type { AdminClient, AdminClientDetail, AdminDashboard, AdminPage, ClientsQuery } from "../../../common/admin";
import { api } from "../../lib/api";
import { saveFile } from "../../lib/save-file";

/** Reads and writes of the admin console's Clients screens (issue #7). */

/** A table query as the API's query string: only what is set. */
export function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A select's choices read from `path` per search: those matching `q` (name, e-mail or title, as the route
 * searches), a list the server bounds, within `scope` (the key's prefix: which select, and what it is
 * narrowed to, such as one client's projects). While a search loads, the last one's choices stay offered,
 * but never another scope's. Not live: kept 30 s, and the writes that add or take away a choice refresh it
 * (money-api.ts PEOPLE_CHOICES_KEYS and PROJECT_CHOICES_KEYS).
 */
export function searchedChoicesQuery<Choice>(
  scope: readonly unknown[],
  path: string,
  q: string,
  params: Record<string, string | undefined> = {},
) {
  const search = q.trim();
  return queryOptions({
    queryKey: [...scope, search],
    queryFn: () => api.get<Choice[]>(`${path}${toQueryString({ ...params, q: search || undefined })}`),
    placeholderData: (previous, previousQuery) =>
      previousQuery && scope.every((part, index) => previousQuery.queryKey[index] === part) ? previous : undefined,
    staleTime: 30_000,
  });
}

export const adminClientsKey = ["admin", "clients"] as const;
/** The people screens' live key (server/data/people.ts adminPeopleKey): the server pushes "refetch". */
export const adminPeopleKey = ["admin", "people"] as const;

export const clientsQueryOptions = (query: ClientsQuery) =>
  queryOptions({
    queryKey: [...adminClientsKey, "table", query],
    queryFn: () => api.get<AdminPage<AdminClient>>(`/api/admin/clients${toQueryString(query)}`),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const clientDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminClientsKey, "detail", id],
    queryFn: () => api.get<AdminClientDetail>(`/api/admin/clients/${encodeURIComponent(id)}`),
  });

/** Every client matching the table's search and sort, as the server's CSV file. */
export function useExportClients() {
  return useMutation({
    mutationFn: async (query: Pick<ClientsQuery, "sort" | "dir" | "q">) => {
      const { blob, filename } = await api.download(`/api/admin/clients.csv${toQueryString(query)}`);
      saveFile(blob, filename ?? "clients.csv");
    },
  });
}

/** The dashboard's live key (server/data/admin-dashboard.ts adminDashboardKey): the server pushes "refetch". */
export const adminDashboardKey = ["admin", "dashboard"] as const;
export const fetchAdminDashboard = () => api.get<AdminDashboard>("/api/admin/dashboard");
