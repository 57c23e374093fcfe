import type { Role, TaskPriority, TaskStatus } from "../../../common/domain";

export { TASK_STATUS_LABELS } from "../../../common/domain";

/** A status's badge colour, where a task's status is shown rather than chosen. */
export const TASK_STATUS_PALETTE: Record<TaskStatus, string> = {
  todo: "gray",
  in_progress: "blue",
  review: "gold",
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
/** My Tasks for an administrator, whose scope is every task (Admin › Tasks is where they manage them). */
export const ADMIN_TASKS_DESCRIPTION = "Every task, whoever it is assigned to, and its status.";

/** My Tasks as each role reads it: its description, and what its empty list says. */
export const MY_TASKS_TEXTS: Record<Role, { description: string; empty: string; emptyText: string }> = {
  developer: { description: MY_TASKS_DESCRIPTION, empty: NO_TASKS, emptyText: NO_TASKS_TEXT },
  client: { description: CLIENT_TASKS_DESCRIPTION, empty: NO_CLIENT_TASKS, emptyText: NO_CLIENT_TASKS_TEXT },
  admin: {
    description: ADMIN_TASKS_DESCRIPTION,
    empty: "No tasks yet",
    emptyText: "Tasks created in Admin › Tasks appear here.",
  },
};

/** A first load that failed (with Retry): shown empty, the list would tell a busy developer they have nothing to do. */
export const TASKS_NOT_LOADED = "Your tasks could not be loaded.";
