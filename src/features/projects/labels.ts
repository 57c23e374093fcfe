/** Projects shown for one status (Show) that has none. */
export const NO_PROJECTS_OF_STATUS = "No projects with this status";
export const noProjectsOfStatusText = (label: string) => `No project is marked ${label} right now.`;
