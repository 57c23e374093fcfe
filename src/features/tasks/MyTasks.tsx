import { Card, SimpleGrid, Skeleton, SkeletonText, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useRef } from "react";
import { LuListChecks } from "react-icons/lu";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { EmptyList } from "../../components/EmptyList";
import { FormField, SelectInput } from "../../components/FormField";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { PageHeader } from "../../components/PageHeader";
import { NoneOfStatus, ShowSelect } from "../../components/ShowSelect";
import { StatCard, StatGrid } from "../../components/StatCard";
import { focusLost } from "../../lib/keep-focus";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { useSettledChoice } from "../../lib/settled-choice";
import {
  applyTaskChange,
  myTasksQuery,
  type ShownTask,
  taskCountsQuery,
  useLoadMoreTasks,
  useUpdateTaskStatus,
} from "./api";
import {
  MY_TASKS_TEXTS,
  NO_TASKS_OF_STATUS,
  noTasksOfStatusText,
  TASK_STATUS_LABELS,
  TASKS_NOT_LOADED,
} from "./labels";
import { TASK_STATUS_OPTIONS } from "./status-options";
import { assigneeOf, TaskCardHeading, TaskDetails } from "./TaskCardParts";

const columns = { base: 1, md: 2, xl: 3 };
const TASK_NOUN = { one: "task", many: "tasks" };

/**
 * Spec §2 My Tasks: four counters and the person's task cards, each with a status selector; live both
 * ways. A client follows the tasks on their projects (spec §1: clients "see tasks"): the same page,
 * each card showing its status and who works on it, with nothing to change. Show narrows the cards
 * to one status (kept in the URL): a busy developer's completed tasks otherwise bury the open ones.
 */
export function MyTasksPage({
  status,
  onStatusChange,
}: {
  status: TaskStatus | undefined;
  onStatusChange: (status: TaskStatus | undefined) => void;
}) {
  const role = useMe().data?.role ?? "developer";
  const follows = role === "client";
  const tasks = useLiveQuery(myTasksQuery(status), applyTaskChange);
  const counts = useLiveQuery(taskCountsQuery);
  const showSelect = useRef<HTMLSelectElement>(null);

  return (
    <>
      <PageHeader title="My Tasks" description={MY_TASKS_TEXTS[role].description} />
      <Stack gap="6">
        <StatGrid label="Tasks by status" columns={[2, 4]} minCardRem={9} aria-busy={counts.isPending || undefined}>
          {counts.isPending && <VisuallyHidden role="status">Loading task counts</VisuallyHidden>}
          {TASK_STATUSES.map((status) => (
            <StatCard
              key={status}
              label={TASK_STATUS_LABELS[status]}
              pending={counts.isPending}
              value={counts.data?.[status]}
            />
          ))}
        </StatGrid>
        <ShowSelect
          value={status}
          onChange={onStatusChange}
          allLabel="All tasks"
          statuses={TASK_STATUSES}
          labels={TASK_STATUS_LABELS}
          noun={TASK_NOUN}
          shown={tasks.data && { count: tasks.data.items.length, more: !!tasks.data.next }}
          selectRef={showSelect}
        />
        <TaskCards
          tasks={tasks.data?.items}
          pending={tasks.isPending}
          onRetry={() => tasks.refetch()}
          hasMore={!!tasks.data?.next}
          follows={follows}
          everyTask={role === "admin"}
          texts={MY_TASKS_TEXTS[role]}
          status={status}
          onShowAll={() => {
            onStatusChange(undefined);
            showSelect.current?.focus();
          }}
          onCardLeft={(card) => {
            // The card's select held the focus (a pick, Enter): it goes to Show. Saved as the person left the
            // select for another control (Tab, a click), the focus stays where they took it.
            if (focusLost() || card?.contains(document.activeElement)) showSelect.current?.focus();
          }}
        />
      </Stack>
    </>
  );
}

function TaskCards({
  tasks,
  pending,
  onRetry,
  hasMore,
  follows,
  everyTask,
  texts,
  status,
  onShowAll,
  onCardLeft,
}: {
  tasks: ShownTask[] | undefined;
  pending: boolean;
  /** Reads the list again after a first load that failed. */
  onRetry: () => unknown;
  hasMore: boolean;
  /** A client's cards: the status shown, not chosen. */
  follows: boolean;
  /**
   * An administrator's cards, every task whoever it is assigned to: each names its assignee and opens its
   * project (a developer's cards are their own, and open the projects they are on).
   */
  everyTask: boolean;
  /** What the empty list says to this reader. */
  texts: { empty: string; emptyText: string };
  /** The one status shown, if Show chose one. */
  status: TaskStatus | undefined;
  onShowAll: () => void;
  /** A card moved out of the status shown has left: where the keyboard's focus goes when it had none other. */
  /** A card moved out of the status shown, about to leave the list. */
  onCardLeft: (card: HTMLElement | null) => void;
}) {
  const more = useLoadMoreTasks(status);
  if (pending) {
    return (
      <SimpleGrid columns={columns} gap="6" aria-busy="true">
        <VisuallyHidden role="status">Loading tasks</VisuallyHidden>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card.Root key={i} aria-hidden="true">
            <Card.Body gap="4">
              <Skeleton height="6" width="60%" />
              <SkeletonText noOfLines={2} />
              <Skeleton height="10" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    );
  }
  // Not in spec §8's lists shown empty on a failed load: empty, it would say there is nothing to do.
  if (!tasks) return <LoadFailed message={TASKS_NOT_LOADED} onRetry={onRetry} />;
  if (tasks.length === 0 && status) {
    return (
      <NoneOfStatus
        icon={LuListChecks}
        title={NO_TASKS_OF_STATUS}
        description={noTasksOfStatusText(TASK_STATUS_LABELS[status])}
        showAllLabel="Show all tasks"
        onShowAll={onShowAll}
      />
    );
  }
  if (tasks.length === 0) {
    return <EmptyList icon={LuListChecks} headingLevel="h2" title={texts.empty} description={texts.emptyText} />;
  }
  return (
    <Stack gap="6">
      <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="Tasks">
        {tasks.map((task) => (
          <li key={task.id}>
            {follows ? (
              <FollowedTaskCard task={task} />
            ) : (
              <TaskCard task={task} shownStatus={status} onLeft={onCardLeft} everyTask={everyTask} />
            )}
          </li>
        ))}
      </SimpleGrid>
      {hasMore ? (
        <LoadMoreButton loading={more.loading} onLoadMore={more.loadMore} failedText={TOAST.moreTasksFailed} />
      ) : null}
    </Stack>
  );
}

function TaskCard({
  task,
  shownStatus,
  onLeft,
  everyTask,
}: {
  task: ShownTask;
  shownStatus: TaskStatus | undefined;
  onLeft: (card: HTMLElement | null) => void;
  everyTask: boolean;
}) {
  const update = useUpdateTaskStatus(shownStatus);
  const card = useRef<HTMLDivElement>(null);
  // One change at a time: a pick while the last is being saved is not taken.
  const busy = update.isPending || Boolean(task.pending);
  const choice = useSettledChoice(task.status, busy, (status) => {
    if (status === task.status) return;
    // Moved out of the status shown, the card leaves at once: the focus it held goes to Show.
    if (shownStatus && status !== shownStatus) onLeft(card.current);
    update.mutate({ id: task.id, status, from: task.status });
  });

  return (
    <Card.Root
      ref={card}
      as="article"
      h="full"
      aria-labelledby={`task-${task.id}`}
      aria-busy={task.pending || undefined}
    >
      <Card.Body gap="3">
        <TaskCardHeading task={task} id={`task-${task.id}`} />
        {task.description && (
          <Text color="fg.muted" whiteSpace="pre-wrap">
            {task.description}
          </Text>
        )}
        <TaskDetails
          task={task}
          assignee={everyTask ? assigneeOf(task) : undefined}
          projectOpens={everyTask || task.assigneeOnProject}
        />
        <FormField label="Status" helperText={task.pending ? "Saving…" : undefined}>
          <SelectInput
            {...choice}
            // Not `disabled`: that would drop the keyboard focus; a pick while saving is not taken (useSettledChoice).
            aria-disabled={busy || undefined}
            // Every card's select is "Status": its task's title says which one it is.
            aria-describedby={`task-${task.id}`}
          >
            {TASK_STATUS_OPTIONS}
          </SelectInput>
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}

/** A task on one of the client's projects: its status and who works on it, read only. */
function FollowedTaskCard({ task }: { task: ShownTask }) {
  return (
    <Card.Root as="article" h="full" aria-labelledby={`task-${task.id}`}>
      <Card.Body gap="3">
        <TaskCardHeading task={task} id={`task-${task.id}`} withStatus />
        {task.description && (
          <Text color="fg.muted" whiteSpace="pre-wrap">
            {task.description}
          </Text>
        )}
        <TaskDetails task={task} assignee={assigneeOf(task)} projectOpens />
      </Card.Body>
    </Card.Root>
  );
}
