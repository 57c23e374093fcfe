import { Badge, type BadgeProps, HStack, Stack, Text } from "@chakra-ui/react";
import type { Task } from "../../../common/api";
import { formatDay } from "../../../common/format";
import { PRIORITY_BADGES, TASK_STATUS_LABELS, TASK_STATUS_PALETTE } from "./labels";

/**
 * The parts every task card shares (My Tasks, a client's followed tasks, Admin › Tasks): its title
 * with its badges, and the lines of detail under its description.
 */

/**
 * The title (the card's heading, `id` for its aria-labelledby) with the priority badge, and the
 * status badge where the status is shown rather than chosen. The badges go under a title that has
 * less than 10rem beside them, rather than squeeze it letter by letter.
 */
export function TaskCardHeading({
  task,
  id,
  withStatus = false,
}: {
  task: Pick<Task, "title" | "status" | "priority">;
  id: string;
  withStatus?: boolean;
}) {
  return (
    <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
      <Text as="h2" flex="1 1 10rem" id={id} fontWeight="semibold" fontSize="lg">
        {task.title}
      </Text>
      <HStack gap="1" flexShrink="0">
        {withStatus && <TaskStatusBadge status={task.status} data-testid="task-status" />}
        <TaskPriorityBadge priority={task.priority} />
      </HStack>
    </HStack>
  );
}

/** A task's status as a badge, where it is shown rather than chosen (cards, an admin's tables). */
export function TaskStatusBadge({ status, ...rest }: { status: Task["status"] } & BadgeProps) {
  return (
    <Badge colorPalette={TASK_STATUS_PALETTE[status]} variant="subtle" {...rest}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A task's priority as a badge. */
export function TaskPriorityBadge({ priority }: { priority: Task["priority"] }) {
  const badge = PRIORITY_BADGES[priority];
  return (
    <Badge colorPalette={badge.palette} variant="subtle">
      {badge.label}
    </Badge>
  );
}

/** A task's project and due date, and who works on it where the reader is not that person. */
export function TaskDetails({
  task,
  withAssignee = false,
}: {
  task: Pick<Task, "assigneeName" | "projectTitle" | "dueDate">;
  withAssignee?: boolean;
}) {
  const details = [
    ...(withAssignee ? [["Assignee", task.assigneeName ?? "Unassigned"]] : []),
    ["Project", task.projectTitle ?? "No project"],
    ["Due", task.dueDate ? formatDay(task.dueDate) : "No due date"],
  ];
  return (
    <Stack gap="1" fontSize="sm">
      {details.map(([label, value]) => (
        <Text key={label}>
          <Text as="span" color="fg.muted">
            {label}:{" "}
          </Text>
          {value}
        </Text>
      ))}
    </Stack>
  );
}
