import type { Project } from "../../../common/api";

export function clientLabel(project: Pick<Project, "clientName" | "clientCompany">): string {
  return project.clientCompany ? `${project.clientName} · ${project.clientCompany}` : project.clientName;
}
