import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page, Project, ProjectMessage } from "../../../common/api";
import { api } from "../../lib/api";
import { applyToList } from "../../lib/live";

const PROJECTS_PAGE = 24;

/** The projects list, a page at a time (newest first); `next` names the following page. */
export const projectsQuery = infiniteQueryOptions({
  queryKey: ["projects", "list"],
  queryFn: ({ pageParam }) =>
    api.get<Page<Project>>(
      `/api/projects?limit=${PROJECTS_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.next,
});

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: ["projects", projectId],
    queryFn: () => api.get<Project>(`/api/projects/${encodeURIComponent(projectId)}`),
    // A 404 (missing or not yours) will not turn into a 200 on retry.
    retry: false,
  });

/** The live key the server publishes message changes on (server/live/topics.ts). */
export const messagesKey = (projectId: string) => ["projects", projectId, "messages"] as const;

export const fetchMessages = (projectId: string) =>
  api.get<ProjectMessage[]>(`/api/projects/${encodeURIComponent(projectId)}/messages`);

export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  const key = messagesKey(projectId);
  return useMutation({
    mutationFn: (message: string) =>
      api.post<ProjectMessage>(`/api/projects/${encodeURIComponent(projectId)}/messages`, { message }),
    // Merge by id, so the live push of the same row does not duplicate it.
    onSuccess: (row) =>
      queryClient.setQueryData<ProjectMessage[]>(key, (list) =>
        applyToList(list, { type: "change", key, op: "insert", row }),
      ),
  });
}
