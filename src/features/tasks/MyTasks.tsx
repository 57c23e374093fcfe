import {
  Badge,
  Card,
  HStack,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Stat,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { LuListChecks } from "react-icons/lu";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { formatDay } from "../../../common/format";
import { EmptyList } from "../../components/EmptyList";
import { FormField, SelectInput } from "../../components/FormField";
import { toaster } from "../../components/Toaster";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { applyTaskChange, fetchMyTasks, myTasksKey, type ShownTask, useUpdateTaskStatus } from "./api";
import { NO_TASKS, NO_TASKS_TEXT, PRIORITY_BADGES, TASK_STATUS_LABELS } from "./labels";

const columns = { base: 1, md: 2, xl: 3 };

/** Spec §2 My Tasks: four counters and the person's task cards, each with a status selector; live both ways. */
export function MyTasks() {
  const tasks = useLiveQuery({ queryKey: myTasksKey, queryFn: fetchMyTasks }, applyTaskChange);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" as="section" aria-label="Tasks by status">
        {TASK_STATUSES.map((status) => (
          <Card.Root key={status}>
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{TASK_STATUS_LABELS[status]}</Stat.Label>
                {tasks.isPending ? (
                  <Skeleton height="8" width="10" aria-hidden="true" />
                ) : (
                  <Stat.ValueText>{tasks.data?.filter((task) => task.status === status).length ?? 0}</Stat.ValueText>
                )}
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <TaskCards tasks={tasks.data} pending={tasks.isPending} />
    </Stack>
  );
}

function TaskCards({ tasks, pending }: { tasks: ShownTask[] | undefined; pending: boolean }) {
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
    <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="Tasks">
      {tasks.map((task) => (
        <li key={task.id}>
          <TaskCard task={task} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function TaskCard({ task }: { task: ShownTask }) {
  const update = useUpdateTaskStatus();
  const priority = PRIORITY_BADGES[task.priority];

  function onChange(status: TaskStatus) {
    update.mutate(
      { id: task.id, status },
      {
        onSuccess: () => toaster.create({ type: "success", title: TOAST.taskStatusUpdated }),
        onError: () => toaster.create({ type: "error", title: TOAST.error, description: TOAST.taskStatusFailed }),
      },
    );
  }

  return (
    <Card.Root as="article" h="full" aria-labelledby={`task-${task.id}`} aria-busy={task.pending || undefined}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Text as="h2" id={`task-${task.id}`} fontWeight="semibold" fontSize="lg">
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
            // One change at a time: a second pick waits for the first to be saved.
            disabled={update.isPending}
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
