/** Spec §2 and §8: the projects list with none. */
export const NO_PROJECTS = "No projects found";
/** What follows it, by who reads it: the spec's words are a client's (with Contact Us). */
export const NO_PROJECTS_TEXT = {
  client: "When we start working together, your projects will appear here.",
  developer: "The projects an administrator assigns you to will appear here.",
  admin: "Every client's projects will appear here. Create the first with New project.",
} as const;

/**
 * A thread whose first read failed (with Retry). Spec §8 has it logged and shown empty; empty, it would
 * read as a project where nothing was said (README, "A failed first load").
 */
export const MESSAGES_NOT_LOADED = "Messages could not be loaded.";

/** Spec §2: a project that does not exist or is not the reader's. */
export const PROJECT_NOT_FOUND = "Project not found";
export const PROJECT_NOT_FOUND_TEXT = "The project you're looking for doesn't exist or you don't have access to it.";

/** Projects shown for one status (Show) that has none. */
export const NO_PROJECTS_OF_STATUS = "No projects with this status";
export const noProjectsOfStatusText = (label: string) => `No project is marked ${label} right now.`;

/** A project's milestones, none yet. */
export const NO_MILESTONES = "No milestones yet";
/** A first load that failed (with Retry): shown empty, the list would invite adding milestones that exist. */
export const MILESTONES_NOT_LOADED = "The milestones could not be loaded.";

/** The confirmation before a milestone is marked paid, which is for good (as an invoice's is). */
export const MARK_MILESTONE_PAID_QUESTION = "Mark this milestone as paid?";

/** The confirmation before an administrator deletes a milestone, worded like the spec's other deletes. */
export const DELETE_MILESTONE_QUESTION = "Are you sure you want to delete this milestone?";

/** The confirmation before an administrator deletes a project created by mistake. */
export const DELETE_PROJECT_QUESTION = "Are you sure you want to delete this project?";

/** The projects list searched by title, with nothing found. */
export const noProjectsMatch = (q: string) => `No projects match “${q}”`;

/** Edit project opened offline: its project is read once the connection is back. */
export const PROJECT_WAITS_OFFLINE = "You are offline: the project loads once the connection is back.";
