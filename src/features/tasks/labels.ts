import type { TaskPriority, TaskStatus } from "../../../common/domain";

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: "To Do",
  in_progress: "In Progress",
  review: "Review",
  completed: "Completed",
};

/** A status's badge colour, where a task's status is shown rather than chosen. */
export const TASK_STATUS_PALETTE: Record<TaskStatus, string> = {
  todo: "gray",
  in_progress: "blue",
  review: "purple",
  completed: "green",
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
/** My Tasks shown for one status that has none. */
export const NO_TASKS_OF_STATUS = "No tasks with this status";
export const noTasksOfStatusText = (label: string) => `No task is in ${label} right now.`;

/** My Tasks for a client: the team's tasks on their projects, which they follow and do not move. */
export const MY_TASKS_DESCRIPTION = "Tasks assigned to you and their status.";
export const CLIENT_TASKS_DESCRIPTION = "The team's tasks on your projects and where each one stands.";
export const NO_CLIENT_TASKS = "No tasks on your projects yet";
export const NO_CLIENT_TASKS_TEXT = "When the team plans work on one of your projects, it appears here.";
