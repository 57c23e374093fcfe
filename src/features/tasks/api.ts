import {
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { Task, TaskCounts } from "../../../common/api";
import type { TaskStatus } from "../../../common/domain";
import { TASKS_PAGE_SIZE } from "../../../common/domain";
import { toaster } from "../../components/Toaster";
import { api } from "../../lib/api";
import type { LiveChange } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { cancelRefetchOverLoaded, refetchUnlessShown } from "../../lib/query-client";
import { cursorPages, placeRow, readShownPages, type ShownPages, useLoadMore } from "../../lib/shown-pages";
import { toastFailure } from "../../lib/toasts";

/** The live key the server pushes task changes on (server/data/tasks.ts, myTasksKey). */
export const myTasksKey = ["tasks", "mine"] as const;
/**
 * The list's key, and the live key its changes come on: the whole list, or the list shown for one
 * status, which the server also keeps (server/data/tasks.ts, myTasksOfStatusKey).
 */
export const myTasksListKey = (status?: TaskStatus) => (status ? [...myTasksKey, status] : myTasksKey);
/** The live key of the counters, pushed as "refetch" (server/data/tasks.ts, myTaskCountsKey). */
export const taskCountsKey = ["tasks", "counts"] as const;

/** A task the person changed whose save is still on its way: shown at once, marked as saving. */
export type ShownTask = Task & { pending?: boolean };

/** The tasks shown (newest first) and the cursor of the page after them, null when all are shown. */
export type TaskList = ShownPages<ShownTask>;

const tasksPages = (status: TaskStatus | undefined) => cursorPages<Task>("/api/tasks", { status });

/** Options for useLiveQuery, whose keys are any QueryKey. */
const liveQueryOptions = <T>(options: { queryKey: QueryKey; queryFn: (context: QueryFunctionContext) => Promise<T> }) =>
  options;

/**
 * The person's tasks (all, or those of one status), a page at a time. A (re)fetch reads as many
 * tasks as are shown (the first page, or every page "Load more" added), and a task still saving
 * keeps the person's status until the server answers.
 */
export const myTasksQuery = (status?: TaskStatus) =>
  liveQueryOptions({
    queryKey: myTasksListKey(status),
    queryFn: ({ client }: QueryFunctionContext) => readShownTasks(client, status),
  });

async function readShownTasks(client: QueryClient, status: TaskStatus | undefined): Promise<TaskList> {
  const cached = client.getQueryData<TaskList>(myTasksListKey(status));
  const { items, next } = await readShownPages(cached, TASKS_PAGE_SIZE, tasksPages(status));
  const saving = new Map(cached?.items.filter((task) => task.pending).map((task) => [task.id, task.status]));
  return {
    items: items.map((task) => {
      const chosen = saving.get(task.id);
      return chosen ? { ...task, status: chosen, pending: true } : task;
    }),
    next,
  };
}

/** The counters: every task in the person's scope per status, counted by the server. */
export const taskCountsQuery = liveQueryOptions({
  queryKey: taskCountsKey,
  queryFn: () => api.get<TaskCounts>("/api/tasks/counts"),
});

/** A pushed change (`placeRow`); a task still saving keeps the person's own status until the server answers. */
export const applyTaskChange = (list: TaskList | undefined, change: LiveChange): TaskList | undefined =>
  placeRow(list, change, (shown, row) => (shown.pending ? { ...row, status: shown.status, pending: true } : row));

/** "Load more" on My Tasks (`useLoadMore`). */
export const useLoadMoreTasks = (status?: TaskStatus) =>
  useLoadMore<Task>(myTasksListKey(status), TASKS_PAGE_SIZE, tasksPages(status));

const moveCount = (counts: TaskCounts | undefined, from: TaskStatus, to: TaskStatus): TaskCounts | undefined =>
  counts && from !== to ? { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 } : counts;

/**
 * Moves a task with latency compensation: the card (and the counters) show
 * the new status at once, the card marked as saving; the server's row then
 * replaces it by id, and a failure puts the old status back with the toast.
 * In the list of one status (`shownStatus`), a task moved to another leaves
 * it at once, as it will once saved, and a failure brings it back.
 */
export function useUpdateTaskStatus(shownStatus?: TaskStatus) {
  const queryClient = useQueryClient();
  const listKey = myTasksListKey(shownStatus);
  const setList = (change: (items: ShownTask[]) => ShownTask[]) =>
    queryClient.setQueryData<TaskList>(listKey, (list) => list && { ...list, items: change(list.items) });
  const setTask = (id: string, change: (task: ShownTask) => ShownTask) =>
    setList((items) => items.map((task) => (task.id === id ? change(task) : task)));
  const leaves = (status: TaskStatus) => shownStatus !== undefined && status !== shownStatus;
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus; from: TaskStatus }) =>
      api.patch<Task>(`/api/tasks/${encodeURIComponent(id)}/status`, { status }),
    onMutate: async ({ id, status, from }) => {
      const [shown] = await Promise.all([
        cancelRefetchOverLoaded(queryClient, listKey),
        cancelRefetchOverLoaded(queryClient, taskCountsKey),
      ]);
      if (leaves(status)) setList((items) => items.filter((task) => task.id !== id));
      else setTask(id, (task) => ({ ...task, status, pending: true }));
      queryClient.setQueryData<TaskCounts>(taskCountsKey, (counts) => moveCount(counts, from, status));
      return { shown };
    },
    onSuccess: (row) => {
      if (!leaves(row.status)) setTask(row.id, () => row);
      toaster.create({ type: "success", title: TOAST.taskStatusUpdated });
    },
    onError: (_error, { id, status, from }) => {
      if (leaves(status)) void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
      else setTask(id, ({ pending: _saving, ...task }) => ({ ...task, status: from }));
      queryClient.setQueryData<TaskCounts>(taskCountsKey, (counts) => moveCount(counts, status, from));
      toastFailure(TOAST.taskStatusFailed);
    },
    // The server's counts settle any drift (another change landing meanwhile).
    onSettled: (_row, _error, _input, context) => {
      refetchUnlessShown(queryClient, listKey, context?.shown);
      return queryClient.invalidateQueries({ queryKey: taskCountsKey, exact: true });
    },
  });
}
