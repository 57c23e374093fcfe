import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { AdminPage } from "../../../common/admin";
import type {
  AdminPayment,
  AdminProject,
  InvoiceCreate,
  InvoiceEdit,
  PaymentsQuery,
  PersonOption,
  ProjectCreate,
  ProjectEdit,
  ProjectOption,
} from "../../../common/admin-money";
import { api } from "../../lib/api";
import { saveFile } from "../../lib/save-file";
import { putSavedRow } from "../../lib/saved-row";
import { projectKey, projectsListKey } from "../projects/api";
import { searchedChoicesQuery, toQueryString } from "./api";
import { taskAssigneesKey, taskProjectsKey } from "./tasks-api";

/** Reads and writes of the admin console's Payments, New invoice and New/Edit project (issue #7). */

export const adminPaymentsKey = ["admin", "payments"] as const;

export const paymentsQueryOptions = (query: PaymentsQuery) =>
  queryOptions({
    queryKey: [...adminPaymentsKey, "table", query],
    queryFn: () => api.get<AdminPage<AdminPayment>>(`/api/admin/payments${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminPayment>(`/api/admin/invoices/${encodeURIComponent(id)}/mark-paid`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}

/** An unpaid invoice issued by mistake, deleted (the server keeps a paid one). */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/invoices/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}

/** A correction of an unpaid invoice (its project, amount and due date); the table shows the saved row. */
export function useUpdateInvoice(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceEdit) =>
      api.patch<AdminPayment>(`/api/admin/invoices/${encodeURIComponent(invoiceId)}`, body),
    onSuccess: (invoice) => putSavedRow(queryClient, adminPaymentsKey, invoice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}

export function useExportPayments() {
  return useMutation({
    mutationFn: async (query: Pick<PaymentsQuery, "sort" | "dir" | "q" | "status">) => {
      const { blob, filename } = await api.download(`/api/admin/payments.csv${toQueryString(query)}`);
      saveFile(blob, filename ?? "payments.csv");
    },
  });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCreate) => api.post<AdminPayment>("/api/admin/invoices", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}

/**
 * The forms' choices of people and projects: not live (kept a while, read per search), so the writes
 * that add or take away a choice refresh them (src/features/admin/people-api.ts, the project writes).
 */
export const PEOPLE_CHOICES_KEYS = [["admin", "client-options"], ["admin", "developer-options"], taskAssigneesKey];
const PROJECT_CHOICES_KEYS = [["admin", "project-options"], taskProjectsKey];

/** Clients (or developers) whose name or e-mail starts with `q`. */
export const usePeopleOptions = (kind: "client" | "developer", q: string) =>
  useQuery(searchedChoicesQuery<PersonOption>(["admin", `${kind}-options`], `/api/admin/${kind}-options`, q));

/** One client's projects, newest first, those whose title starts with `q`. */
export const useProjectOptions = (clientId: string | undefined, q: string) =>
  useQuery({
    ...searchedChoicesQuery<ProjectOption>(["admin", "project-options", clientId], "/api/admin/project-options", q, {
      clientId,
    }),
    enabled: !!clientId,
  });

export const adminProjectQuery = (projectId: string) =>
  queryOptions({
    queryKey: ["admin", "projects", projectId],
    queryFn: () => api.get<AdminProject>(`/api/admin/projects/${encodeURIComponent(projectId)}`),
  });

/** A project written: the lists of projects, and the forms' choices of them, which are not live. */
const refreshProjectLists = (queryClient: QueryClient) =>
  Promise.all(
    [projectsListKey, ...PROJECT_CHOICES_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate) => api.post<AdminProject>("/api/admin/projects", body),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectEdit) =>
      api.patch<AdminProject>(`/api/admin/projects/${encodeURIComponent(projectId)}`, body),
    onSuccess: (project) => {
      const { developers: _developers, ...shown } = project;
      queryClient.setQueryData(projectKey(projectId), shown);
      queryClient.setQueryData(["admin", "projects", projectId], project);
      // A new title or client changes the forms' choices of projects too.
      void refreshProjectLists(queryClient);
    },
  });
}

/**
 * Deletes a project created by mistake (not one with invoices or paid milestones: a 409 says so). Asked
 * for in a confirmation, so not compensated: the page leaves for the list once the server has.
 */
export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/admin/projects/${encodeURIComponent(projectId)}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["admin", "projects", projectId] });
      void refreshProjectLists(queryClient);
    },
  });
}
