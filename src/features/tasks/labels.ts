import type { TaskPriority, TaskStatus } from "../../../common/domain";

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: "To Do",
  in_progress: "In Progress",
  review: "Review",
  completed: "Completed",
};

/** Badge colours whose text meets 4.5:1 on their subtle background. */
export const PRIORITY_BADGES: Record<TaskPriority, { label: string; palette: string }> = {
  low: { label: "Low", palette: "gray" },
  medium: { label: "Medium", palette: "blue" },
  high: { label: "High", palette: "orange" },
  urgent: { label: "Urgent", palette: "red" },
};

export const NO_TASKS = "No tasks assigned to you";
export const NO_TASKS_TEXT = "When a task is assigned to you, it appears here.";
