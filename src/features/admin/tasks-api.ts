import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProjectOption, TaskAssigneeOption } from "../../../common/admin-money";
import type { Page, Task } from "../../../common/api";
import { TASKS_PAGE_SIZE } from "../../../common/domain";
import type { TaskData } from "../../../common/schemas";
import { api } from "../../lib/api";
import { useLiveRefetch } from "../../lib/live";
import { dropSavedRow, putSavedRow } from "../../lib/saved-row";
import { searchedChoicesQuery, toQueryString } from "./api";
import type { TaskFilterSearch } from "./search";

/** Reads and writes of Admin › Tasks (issue #7). */

export const adminTasksKey = ["admin", "tasks"] as const;

/** Every task matching the filters, newest first, a page at a time ("Load more"). */
export const adminTasksQueryOptions = (filters: TaskFilterSearch) =>
  infiniteQueryOptions({
    queryKey: [...adminTasksKey, "list", filters],
    queryFn: ({ pageParam }) =>
      api.get<Page<Task>>(
        `/api/tasks${toQueryString({ limit: TASKS_PAGE_SIZE, ...filters, cursor: pageParam ?? undefined })}`,
      ),
    // null, not undefined: a page rendered on the server carries its page params as JSON, which has no undefined.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Who the assignee selects offer: the staff whose name, surname or e-mail starts with `q`. */
export const taskAssigneesKey = [...adminTasksKey, "assignee-options"];
export const taskAssigneesQuery = (q: string) =>
  searchedChoicesQuery<TaskAssigneeOption>(taskAssigneesKey, "/api/admin/tasks/assignee-options", q);

/** The project selects' choices: the projects whose title starts with `q`. */
export const taskProjectsKey = [...adminTasksKey, "project-options"];
export const taskProjectsQuery = (q: string) =>
  searchedChoicesQuery<ProjectOption>(taskProjectsKey, "/api/admin/tasks/project-options", q);

/**
 * Live: the server pushes "refetch" on ["admin","tasks"] (server/data/tasks.ts adminTasksKey) for any task
 * change; every filtered list on screen refetches the pages it shows.
 */
export function useLiveAdminTasks() {
  useLiveRefetch(adminTasksKey, [...adminTasksKey, "list"]);
}

export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      editing,
      data,
      id,
    }: {
      editing?: Pick<Task, "id" | "updatedAt"> | undefined;
      data: TaskData;
      /** A new task's id, chosen by its dialog (common/schemas.ts chosenId). */
      id?: string;
    }) =>
      editing
        ? api.put<Task>(`/api/admin/tasks/${encodeURIComponent(editing.id)}`, {
            ...data,
            expectedUpdatedAt: editing.updatedAt,
          })
        : api.post<Task>("/api/admin/tasks", { ...data, id }),
    onSuccess: (task) => putSavedRow(queryClient, [...adminTasksKey, "list"], task),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminTasksKey, "list"] }),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/admin/tasks/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => dropSavedRow(queryClient, [...adminTasksKey, "list"], id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminTasksKey, "list"] }),
  });
}
