import { Badge, type BadgeProps } from "@chakra-ui/react";
import type { Task } from "../../../common/api";
import { TASK_STATUS_LABELS, TASK_STATUS_PALETTE } from "./labels";

/** A task's status as a badge, where it is shown rather than chosen (cards, an admin's tables). */
export function TaskStatusBadge({ status, ...rest }: { status: Task["status"] } & BadgeProps) {
  return (
    <Badge colorPalette={TASK_STATUS_PALETTE[status]} variant="subtle" {...rest}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
