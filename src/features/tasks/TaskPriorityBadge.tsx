import { Badge } from "@chakra-ui/react";
import type { Task } from "../../../common/api";
import { PRIORITY_BADGES } from "./labels";

/** A task's priority as a badge. */
export function TaskPriorityBadge({ priority }: { priority: Task["priority"] }) {
  const badge = PRIORITY_BADGES[priority];
  return (
    <Badge colorPalette={badge.palette} variant="subtle">
      {badge.label}
    </Badge>
  );
}
