import type { SearchSchemaInput } from "@tanstack/react-router";
import { type AdminTableQuery, readTableQuery, type TableDefaults } from "../../../common/admin-table";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";

/**
 * A route's validateSearch for an admin table: the URL's page, sort and
 * search, read by readTableQuery (the same limits the API's zod schema
 * checks). Not zod itself: route options load with every public page.
 */
export function tableSearch<C extends string>(columns: readonly C[], defaults: TableDefaults<C>) {
  return (raw: Partial<Record<keyof AdminTableQuery, unknown>> & SearchSchemaInput): AdminTableQuery<C> =>
    readTableQuery(raw, columns, defaults);
}

/** Admin › Tasks' filters in the URL: a known status, and an id for the assignee and the project; the rest dropped. */
export type TaskFilterSearch = { status?: TaskStatus; assignee?: string; project?: string };
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function taskFilterSearch(
  raw: Partial<Record<keyof TaskFilterSearch, unknown>> & SearchSchemaInput,
): TaskFilterSearch {
  const text = (value: unknown, pattern: RegExp) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;
  const status = TASK_STATUSES.find((known) => known === raw.status);
  const assignee = text(raw.assignee, ID_PATTERN);
  const project = text(raw.project, UUID_PATTERN);
  return { ...(status && { status }), ...(assignee && { assignee }), ...(project && { project }) };
}
