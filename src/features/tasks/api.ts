import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page, Task } from "../../../common/api";
import type { TaskStatus } from "../../../common/domain";
import { api } from "../../lib/api";
import { applyToList, type LiveChange } from "../../lib/live";

/** The live key the server pushes task changes on (server/data/tasks.ts, myTasksKey). */
export const myTasksKey = ["tasks", "mine"] as const;

/** A task the person changed whose save is still on its way: shown at once, marked as saving. */
export type ShownTask = Task & { pending?: boolean };

const PAGE = 100;

/** Every page of the person's tasks: My Tasks shows them all on one screen, with counters over all of them. */
export async function fetchMyTasks(): Promise<ShownTask[]> {
  const tasks: Task[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=${PAGE}&cursor=${encodeURIComponent(cursor)}` : `?limit=${PAGE}`;
    const page: Page<Task> = await api.get<Page<Task>>(`/api/tasks${query}`);
    tasks.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return tasks;
}

/** A pushed change; a task still saving keeps the person's own status until the server answers. */
export function applyTaskChange(list: ShownTask[] | undefined, change: LiveChange): ShownTask[] | undefined {
  const pending = list?.find((task) => task.id === change.row.id && task.pending);
  if (pending && change.op !== "delete") return list;
  return applyToList(list, change);
}

/**
 * Moves a task with latency compensation: the card shows the new status at
 * once (marked pending), the server's row replaces it, and a failure puts
 * the old status back.
 */
export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
      api.patch<Task>(`/api/tasks/${encodeURIComponent(id)}/status`, { status }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: myTasksKey });
      const previous = queryClient.getQueryData<ShownTask[]>(myTasksKey);
      queryClient.setQueryData<ShownTask[]>(myTasksKey, (list) =>
        list?.map((task) => (task.id === id ? { ...task, status, pending: true } : task)),
      );
      return { previous: previous?.find((task) => task.id === id) };
    },
    onSuccess: (row) =>
      queryClient.setQueryData<ShownTask[]>(myTasksKey, (list) =>
        list?.map((task) => (task.id === row.id ? row : task)),
      ),
    onError: (_error, { id }, context) =>
      queryClient.setQueryData<ShownTask[]>(myTasksKey, (list) =>
        list?.map((task) => (task.id === id && context?.previous ? context.previous : task)),
      ),
  });
}
