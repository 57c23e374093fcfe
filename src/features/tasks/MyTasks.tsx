import {
  Badge,
  Button,
  Card,
  HStack,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { LuListChecks } from "react-icons/lu";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { formatDay } from "../../../common/format";
import { EmptyList } from "../../components/EmptyList";
import { FormField, SelectInput } from "../../components/FormField";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import {
  applyTaskChange,
  myTasksQuery,
  type ShownTask,
  taskCountsQuery,
  useLoadMoreTasks,
  useUpdateTaskStatus,
} from "./api";
import { NO_TASKS, NO_TASKS_TEXT, PRIORITY_BADGES, TASK_STATUS_LABELS } from "./labels";

const columns = { base: 1, md: 2, xl: 3 };

/** Spec §2 My Tasks: four counters and the person's task cards, each with a status selector; live both ways. */
export function MyTasks() {
  const tasks = useLiveQuery(myTasksQuery, applyTaskChange);
  const counts = useLiveQuery(taskCountsQuery);

  return (
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
      <TaskCards tasks={tasks.data?.items} pending={tasks.isPending} hasMore={!!tasks.data?.next} />
    </Stack>
  );
}

function TaskCards({
  tasks,
  pending,
  hasMore,
}: {
  tasks: ShownTask[] | undefined;
  pending: boolean;
  hasMore: boolean;
}) {
  const more = useLoadMoreTasks();
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
  // Spec §8: a failed load is logged and the list shows as empty.
  if (!tasks || tasks.length === 0) {
    return <EmptyList icon={LuListChecks} headingLevel="h2" title={NO_TASKS} description={NO_TASKS_TEXT} />;
  }
  return (
    <Stack gap="6">
      <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="Tasks">
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </SimpleGrid>
      {hasMore ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={more.loading}
          loadingText="Loading more"
          onClick={() => void more.loadMore()}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

function TaskCard({ task }: { task: ShownTask }) {
  const update = useUpdateTaskStatus();
  const priority = PRIORITY_BADGES[task.priority];

  function onChange(status: TaskStatus) {
    // One change at a time: a second pick waits for the first to be saved.
    if (update.isPending || task.pending || status === task.status) return;
    update.mutate({ id: task.id, status, from: task.status });
  }

  return (
    <Card.Root as="article" h="full" aria-labelledby={`task-${task.id}`} aria-busy={task.pending || undefined}>
      <Card.Body gap="3">
        {/* The badges go under a title that has less than 10rem beside them, rather than squeeze it letter by letter. */}
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Text as="h2" flex="1 1 10rem" id={`task-${task.id}`} fontWeight="semibold" fontSize="lg">
            {task.title}
          </Text>
          <Badge colorPalette={priority.palette} variant="subtle" flexShrink="0">
            {priority.label}
          </Badge>
        </HStack>
        {task.description && (
          <Text color="fg.muted" whiteSpace="pre-wrap">
            {task.description}
          </Text>
        )}
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" color="fg.muted">
              Project:{" "}
            </Text>
            {task.projectTitle ?? "No project"}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Due:{" "}
            </Text>
            {task.dueDate ? formatDay(task.dueDate) : "No due date"}
          </Text>
        </Stack>
        <FormField label="Status" helperText={task.pending ? "Saving…" : undefined}>
          <SelectInput
            value={task.status}
            // Not `disabled`: that would drop the keyboard focus; a pick while saving is ignored (onChange).
            aria-disabled={update.isPending || task.pending || undefined}
            onChange={(event) => onChange(event.target.value as TaskStatus)}
          >
            {TASK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TASK_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectInput>
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}
