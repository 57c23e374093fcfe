import type { Project } from "../../../common/api";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A calendar day (YYYY-MM-DD) shown as a local date, without a timezone shift. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return dateFormat.format(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
}

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export function clientLabel(project: Pick<Project, "clientName" | "clientCompany">): string {
  return project.clientCompany ? `${project.clientName} · ${project.clientCompany}` : project.clientName;
}
