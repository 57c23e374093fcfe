import type { Project } from "../../../common/api";
import { ownerName } from "../../../common/text";

/** The project's client by name, marked when deactivated. */
export const clientNameOf = (project: Pick<Project, "clientName" | "clientDeactivated">) =>
  ownerName(project.clientName, project.clientDeactivated);

export function clientLabel(project: Pick<Project, "clientName" | "clientCompany" | "clientDeactivated">): string {
  return project.clientCompany ? `${clientNameOf(project)} · ${project.clientCompany}` : clientNameOf(project);
}
