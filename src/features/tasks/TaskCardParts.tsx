import { HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { Task } from "../../../common/api";
import { formatDay } from "../../../common/format";
import { ownerName } from "../../../common/text";
import { ProjectLink } from "../projects/ProjectLink";
import { TaskPriorityBadge } from "./TaskPriorityBadge";
import { TaskStatusBadge } from "./TaskStatusBadge";

/**
 * The parts every task card shares (My Tasks, a client's followed tasks, Admin › Tasks): its title
 * with its badges, and the lines of detail under its description.
 */

/**
 * The title (the card's heading, `id` for its aria-labelledby) with the priority badge, and the
 * status badge where the status is shown rather than chosen. The two badges always go under the
 * title, so the cards of a grid line up whatever their titles' lengths; the priority badge alone
 * goes beside it, or under a title that has less than 10rem beside it, rather than squeeze it
 * letter by letter.
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
  const title = (flex?: string) => (
    <Text as="h2" flex={flex} id={id} fontWeight="semibold" fontSize="lg">
      {task.title}
    </Text>
  );
  if (withStatus) {
    return (
      <Stack gap="2">
        {title()}
        <HStack gap="1">
          <TaskStatusBadge status={task.status} data-testid="task-status" />
          <TaskPriorityBadge priority={task.priority} />
        </HStack>
      </Stack>
    );
  }
  return (
    <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
      {title("1 1 10rem")}
      <HStack flexShrink="0">
        <TaskPriorityBadge priority={task.priority} />
      </HStack>
    </HStack>
  );
}

/** A task's assignee by name (marked when deactivated), or "Unassigned". */
export const assigneeOf = (task: Pick<Task, "assigneeName" | "assigneeDeactivated">) =>
  task.assigneeName === null ? "Unassigned" : ownerName(task.assigneeName, task.assigneeDeactivated);

/**
 * A task's project and due date, and who works on it where the reader is not that person. The
 * project's name links to its page when `projectOpens`: the reader may open it (an administrator,
 * the project's client, or an assignee who is on the project).
 */
export function TaskDetails({
  task,
  assignee,
  projectOpens,
}: {
  task: Pick<Task, "projectId" | "projectTitle" | "dueDate">;
  /** Who works on it (`assigneeOf`, or a link to them), shown first; left out for the assignee's own list. */
  assignee?: ReactNode;
  projectOpens: boolean;
}) {
  const details: [string, ReactNode][] = [
    [
      "Project",
      <ProjectLink
        key="project"
        id={projectOpens ? task.projectId : null}
        title={task.projectTitle}
        none="No project"
      />,
    ],
    ["Due", task.dueDate ? formatDay(task.dueDate) : "No due date"],
  ];
  if (assignee !== undefined) details.unshift(["Assignee", assignee]);
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
