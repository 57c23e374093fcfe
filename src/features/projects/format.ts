import type { Project } from "../../../common/api";
import { clientNameOf } from "../../../common/text";

export function clientLabel(project: Pick<Project, "clientName" | "clientCompany" | "clientDeactivated">): string {
  return project.clientCompany ? `${clientNameOf(project)} · ${project.clientCompany}` : clientNameOf(project);
}
