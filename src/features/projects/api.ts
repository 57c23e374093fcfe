import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectMessage } from "../../../common/api";
import { api } from "../../lib/api";
import { applyToList } from "../../lib/live";

export const projectsQuery = queryOptions({
  queryKey: ["projects", "list"],
  queryFn: () => api.get<Project[]>("/api/projects"),
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
