import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  MessageFile,
  Milestone,
  Page,
  Profile,
  Project,
  ProjectMessage,
  ReadState,
  UnreadSummary,
} from "../../../common/api";
import { MESSAGES_PAGE_SIZE, PROJECTS_PAGE_SIZE, type ProjectStatus } from "../../../common/domain";
import type { MilestoneCreate, MilestoneUpdate } from "../../../common/schemas";
import { toMinorUnits } from "../../../common/schemas";
import { api } from "../../lib/api";
import type { LiveChange } from "../../lib/live";
import { cancelRefetchOverLoaded, logFailedRead, refetchUnlessShown } from "../../lib/query-client";

/** The live key of the projects list (server/data/projects.ts projectsListKey): a change refetches every list under it. */
export const projectsListKey = ["projects", "list"] as const;

/**
 * The projects list, of one status or every one, and whose titles start with `q` when given: a page at a
 * time (newest first, or in title order when searched); `next` names the following page.
 */
export const projectsQuery = (status?: ProjectStatus, q?: string) =>
  infiniteQueryOptions({
    queryKey: [...projectsListKey, ...(status ? [status] : []), ...(q ? [{ q }] : [])],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PROJECTS_PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      if (status) query.set("status", status);
      if (q) query.set("q", q);
      return api.get<Page<Project>>(`/api/projects?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

/** An open project page's live key (server/data/projects.ts projectKey): the project edited or deleted refetches it. */
export const projectKey = (projectId: string) => ["projects", projectId, "detail"] as const;

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKey(projectId),
    queryFn: () => api.get<Project>(`/api/projects/${encodeURIComponent(projectId)}`),
    // A 404 (missing or not yours) will not turn into a 200 on retry.
    retry: false,
  });

/** Options for useLiveQuery, whose keys are any QueryKey. */
const liveQueryOptions = <T>(options: { queryKey: QueryKey; queryFn: (context: QueryFunctionContext) => Promise<T> }) =>
  options;

const projectPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

// ---------------------------------------------------------------------------
// Messages: a live thread read a page at a time, newest page first.
// ---------------------------------------------------------------------------

/** The live key the server publishes message changes on (server/data/projects.ts, projectMessagesKey). */
export const messagesKey = (projectId: string) => ["projects", projectId, "messages"] as const;

/**
 * A message as the thread shows it. The person's own message is shown at once:
 * `sending` until the server answers, then replaced by the server's row, or
 * `failed` (its text kept, with Retry) when the server refuses it.
 */
export type ShownMessage = ProjectMessage & { local?: "sending" | "failed" };

/** The thread in the cache: messages oldest first (as shown), and the cursor to the older page not loaded yet. */
export type Thread = { items: ShownMessage[]; older: string | null };

const byTime = (a: ProjectMessage, b: ProjectMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Server rows in order, then the person's own messages still on their way (or failed) at the end. */
function arrange(items: ShownMessage[]): ShownMessage[] {
  const delivered = items.filter((item) => !item.local).sort(byTime);
  return [...delivered, ...items.filter((item) => item.local)];
}

function fetchMessagesPage(projectId: string, cursor?: string | null): Promise<Page<ProjectMessage>> {
  const query = `?limit=${MESSAGES_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  return api.get<Page<ProjectMessage>>(`${projectPath(projectId)}/messages${query}`);
}

/**
 * The thread's live query. A (re)fetch reads the newest page and keeps what
 * the cache already holds that it does not cover: older pages loaded with
 * "Load older" and the person's own messages not yet delivered.
 */
export const messagesQuery = (projectId: string) =>
  liveQueryOptions({
    queryKey: messagesKey(projectId),
    queryFn: async ({ client }: QueryFunctionContext): Promise<Thread> => {
      const page = await fetchMessagesPage(projectId);
      return mergeNewestPage(client.getQueryData<Thread>(messagesKey(projectId)), page);
    },
  });

/**
 * The newest page read again, over what the cache holds: older pages stay, and so do the person's
 * messages not yet delivered, unless the page has them (a send whose answer was lost went through:
 * its row, under the id it was sent with, takes the place of its "Not sent" copy).
 */
export function mergeNewestPage(cached: Thread | undefined, page: { items: ProjectMessage[]; next: string | null }) {
  const fresh: ShownMessage[] = [...page.items].reverse();
  if (!cached) return { items: fresh, older: page.next };
  const oldest = fresh[0];
  const freshIds = new Set(fresh.map((message) => message.id));
  const kept = cached.items.filter(
    (item) =>
      !freshIds.has(item.id) &&
      (item.local || (page.next !== null && oldest !== undefined && byTime(item, oldest) < 0)),
  );
  const older = page.next !== null && kept.some((item) => !item.local) ? cached.older : page.next;
  return { items: arrange([...kept, ...fresh]), older };
}

/** Loads the page before the oldest message shown and puts it at the top of the thread. */
export async function loadOlderMessages(
  client: QueryClient,
  projectId: string,
  beforeShowing: () => void,
): Promise<number> {
  const key = messagesKey(projectId);
  const cursor = client.getQueryData<Thread>(key)?.older;
  if (!cursor) return 0;
  const page = await fetchMessagesPage(projectId, cursor).catch((error: unknown) => {
    logFailedRead([...key, { before: cursor }], error);
    throw error;
  });
  beforeShowing();
  client.setQueryData<Thread>(key, (thread) => {
    if (!thread) return thread;
    const known = new Set(thread.items.map((item) => item.id));
    const older = page.items.filter((item) => !known.has(item.id));
    return { items: arrange([...older, ...thread.items]), older: page.next };
  });
  return page.items.length;
}

/**
 * A pushed change. The push of the person's own message may arrive before the answer to their POST: it
 * carries the id the message was sent with (the pending message's, messageSendSchema), so it takes the
 * pending message's place and is never shown twice. Matched by id only: the same text from the person's
 * other tab is another message, and a pending one taken for it would lose its Retry if its send failed.
 */
export function applyMessageChange(thread: Thread | undefined, change: LiveChange): Thread | undefined {
  if (!thread) return thread;
  const row = change.row as ShownMessage;
  if (change.op === "delete") return { ...thread, items: thread.items.filter((item) => item.id !== row.id) };
  if (thread.items.some((item) => item.id === row.id)) {
    return { ...thread, items: arrange(thread.items.map((item) => (item.id === row.id ? row : item))) };
  }
  return { ...thread, items: arrange([...thread.items, row]) };
}

/**
 * The server's answer to the person's own message: its row takes the local
 * message's place, unless the live push delivered the row already (in the
 * local message's place or not), so it is shown once either way.
 */
export function acknowledgeMessage(thread: Thread, localId: string, row: ProjectMessage): Thread {
  const pushed = thread.items.find((item) => item.id === row.id);
  const rest = thread.items.filter((item) => item.id !== localId && item.id !== row.id);
  return { ...thread, items: arrange([...rest, pushed ?? row]) };
}

/**
 * A send that failed: its pending message is marked not sent (its text kept, Retry offered). The message
 * has the id it is sent with, so its live push may have taken its place already (the answer was lost, the
 * message was not): the server's row is shown as it is.
 */
export function markNotSent(items: ShownMessage[], localId: string): ShownMessage[] {
  return items.map((item) => (item.id === localId && item.local ? { ...item, local: "failed" } : item));
}

/** `files`: the attachments as the pending message shows them (uploaded already); their ids are sent. */
type SendInput = { localId: string; message: string; files: MessageFile[] };

/**
 * Sends a message with latency compensation: shown at once marked sending,
 * replaced by the server's row when it answers (or when its live push comes
 * first), marked failed with its text kept when the server refuses it.
 */
export function useSendMessage(projectId: string, me: Profile | null | undefined) {
  const queryClient = useQueryClient();
  const key = messagesKey(projectId);
  const update = (change: (items: ShownMessage[]) => ShownMessage[]) =>
    queryClient.setQueryData<Thread>(key, (thread) => thread && { ...thread, items: arrange(change(thread.items)) });
  return useMutation({
    mutationFn: ({ localId, message, files }: SendInput) =>
      api.post<ProjectMessage>(`${projectPath(projectId)}/messages`, {
        id: localId,
        message,
        fileIds: files.flatMap((file) => (file.id ? [file.id] : [])),
      }),
    onMutate: async ({ localId, message, files }) => {
      const shown = await cancelRefetchOverLoaded(queryClient, key);
      update((items) => {
        const retried = items.some((item) => item.id === localId);
        if (retried) return items.map((item) => (item.id === localId ? { ...item, local: "sending" } : item));
        const pending: ShownMessage = {
          id: localId,
          projectId,
          userId: me?.id ?? "",
          message,
          createdAt: new Date().toISOString(),
          authorName: me?.fullName ?? "You",
          authorDeactivated: false,
          authorRole: me?.role ?? "client",
          files,
          local: "sending",
        };
        return [...items, pending];
      });
      return { shown };
    },
    onSuccess: (row, { localId }) =>
      queryClient.setQueryData<Thread>(key, (thread) => thread && acknowledgeMessage(thread, localId, row)),
    onError: (_error, { localId }) => update((items) => markNotSent(items, localId)),
    onSettled: (_row, _error, _input, context) => refetchUnlessShown(queryClient, key, context?.shown),
  });
}

/** A failed message the person gave up on leaves the thread. */
export function useDiscardMessage(projectId: string) {
  const queryClient = useQueryClient();
  return (localId: string) =>
    queryClient.setQueryData<Thread>(
      messagesKey(projectId),
      // Only the undelivered copy: a row that arrived meanwhile under its id stays.
      (thread) => thread && { ...thread, items: thread.items.filter((item) => !(item.id === localId && item.local)) },
    );
}

// ---------------------------------------------------------------------------
// Milestones: a live list, by due date, those without one last.
// ---------------------------------------------------------------------------

/** The live key the server publishes milestone changes on (server/data/milestones.ts, projectMilestonesKey). */
export const milestonesKey = (projectId: string) => ["projects", projectId, "milestones"] as const;

/** A milestone with a change of the person's still on its way: shown at once, marked pending. */
export type ShownMilestone = Milestone & { pending?: boolean };

/** Spec §7: by due date ascending, those without one last; then in the order they were added. */
export function sortMilestones<T extends Milestone>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    if (a.dueDate !== b.dueDate) {
      if (a.dueDate === null) return 1;
      if (b.dueDate === null) return -1;
      return a.dueDate < b.dueDate ? -1 : 1;
    }
    return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
  });
}

export const milestonesQuery = (projectId: string) =>
  liveQueryOptions({
    queryKey: milestonesKey(projectId),
    queryFn: async (): Promise<ShownMilestone[]> =>
      sortMilestones(await api.get<Milestone[]>(`${projectPath(projectId)}/milestones`)),
  });

/** A pushed change, kept in order; a milestone with the person's change still pending keeps it until the server answers. */
export function applyMilestoneChange(
  list: ShownMilestone[] | undefined,
  change: LiveChange,
): ShownMilestone[] | undefined {
  if (!list) return list;
  const row = change.row as ShownMilestone;
  if (change.op === "delete") return list.filter((item) => item.id !== row.id);
  const current = list.find((item) => item.id === row.id);
  if (current?.pending) return list;
  return sortMilestones(current ? list.map((item) => (item.id === row.id ? row : item)) : [...list, row]);
}

/** The milestone's id is the dialog's: its pending row and the server's (a live push too) are one row. */
type CreateInput = MilestoneCreate & { id: string };

/**
 * Adds a milestone with latency compensation: it shows at once marked
 * pending, the server's row takes its place, and a failure takes it away
 * (and reads the list again: an answer lost after the milestone was added
 * must not hide it).
 */
export function useCreateMilestone(projectId: string, me: Profile | null | undefined) {
  const queryClient = useQueryClient();
  const key = milestonesKey(projectId);
  return useMutation({
    mutationFn: (body: CreateInput) => api.post<Milestone>(`${projectPath(projectId)}/milestones`, body),
    onMutate: async ({ id, title, description, amount, dueDate }) => {
      const shown = await cancelRefetchOverLoaded(queryClient, key);
      const now = new Date().toISOString();
      const milestone: ShownMilestone = {
        id,
        projectId,
        title: title.trim(),
        description: description?.trim() ?? "",
        amountMinor: toMinorUnits(amount),
        dueDate: dueDate ?? null,
        status: "pending",
        paymentStatus: "unpaid",
        paidDate: null,
        createdBy: me?.id ?? "",
        creatorName: me?.fullName ?? "You",
        createdAt: now,
        updatedAt: now,
        pending: true,
      };
      // Sent again (its answer was lost): the row shown for it is pending once more, not added twice.
      queryClient.setQueryData<ShownMilestone[]>(
        key,
        (list) => list && sortMilestones([...list.filter((item) => item.id !== id), milestone]),
      );
      return { shown };
    },
    onSuccess: (row) =>
      queryClient.setQueryData<ShownMilestone[]>(
        key,
        (list) => list && sortMilestones([...list.filter((item) => item.id !== row.id), row]),
      ),
    onError: (_error, { id }) => {
      queryClient.setQueryData<ShownMilestone[]>(key, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSettled: (_row, _error, _input, context) => refetchUnlessShown(queryClient, key, context?.shown),
  });
}

/** Mark Complete / Mark as Paid with latency compensation; a refusal puts the milestone back as it was. */
export function useUpdateMilestone(projectId: string) {
  const queryClient = useQueryClient();
  const key = milestonesKey(projectId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: MilestoneUpdate }) =>
      api.patch<Milestone>(`/api/milestones/${encodeURIComponent(id)}`, change),
    onMutate: async ({ id, change }) => {
      const shown = await cancelRefetchOverLoaded(queryClient, key);
      const previous = queryClient.getQueryData<ShownMilestone[]>(key)?.find((item) => item.id === id);
      const paid = change.paymentStatus === "paid" ? { paidDate: previous?.paidDate ?? new Date().toISOString() } : {};
      queryClient.setQueryData<ShownMilestone[]>(key, (list) =>
        list?.map((item) => (item.id === id ? { ...item, ...change, ...paid, pending: true } : item)),
      );
      return { previous, shown };
    },
    onSuccess: (row) =>
      queryClient.setQueryData<ShownMilestone[]>(
        key,
        (list) => list && sortMilestones(list.map((item) => (item.id === row.id ? row : item))),
      ),
    onError: (_error, { id }, context) =>
      queryClient.setQueryData<ShownMilestone[]>(key, (list) =>
        list?.map((item) => (item.id === id && context?.previous ? context.previous : item)),
      ),
    onSettled: (_row, _error, _input, context) => refetchUnlessShown(queryClient, key, context?.shown),
  });
}

/**
 * Deletes a milestone (administrators, one not yet paid). Asked for in a confirmation, so it is not
 * compensated: the list drops it when the server has, here and live on every open page.
 */
export function useDeleteMilestone(projectId: string) {
  const queryClient = useQueryClient();
  const key = milestonesKey(projectId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/milestones/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ShownMilestone[]>(key, (list) => list?.filter((item) => item.id !== id)),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The person's unread messages (issue #8): the sidebar's total and each card's badge; live by invalidation. */
export const unreadQuery = liveQueryOptions({
  queryKey: ["unread"],
  queryFn: () => api.get<UnreadSummary>("/api/unread"),
});

/** The person's read point in a project's thread, read once when the thread opens (its "New messages" divider). */
export const readStateQuery = (projectId: string) =>
  queryOptions({
    queryKey: ["projects", projectId, "read"],
    queryFn: () => api.get<ReadState>(`/api/projects/${encodeURIComponent(projectId)}/read`),
    // Read afresh each time the thread opens, and never again while it is open: the divider stays put.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** Marks the thread read up to a message; the server moves the read point forward only. */
export function useMarkRead(projectId: string) {
  return useMutation({
    mutationFn: (upTo: string) => api.put<ReadState>(`/api/projects/${encodeURIComponent(projectId)}/read`, { upTo }),
    // Nobody pressed anything: offline, the mark waits and is sent when the connection is back, where a
    // person's save fails at once with its message (src/lib/query-client.ts).
    networkMode: "online",
  });
}
