import type { SearchSchemaInput } from "@tanstack/react-router";
import {
  type AdminTableQuery,
  AUDIT_SORTS,
  AUDIT_TABLE_DEFAULTS,
  type AuditSort,
  ENQUIRY_SORTS,
  ENQUIRY_STATUSES,
  ENQUIRY_TABLE_DEFAULTS,
  type EnquirySort,
  type EnquiryStatus,
  PAYMENT_FILTERS,
  PAYMENT_SORTS,
  PAYMENT_TABLE_DEFAULTS,
  type PaymentFilter,
  type PaymentSort,
  readTableQuery,
  type TableDefaults,
} from "../../../common/admin-table";
import { FIRST_YEAR, LAST_YEAR, TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { knownStatus } from "../../lib/status-search";

/**
 * A route's validateSearch for an admin table: the URL's page, sort and
 * search, read by readTableQuery (the same limits the API's zod schema
 * checks). Not zod itself: route options load with every public page.
 *
 * Each validator returns every key it knows, an invalid one as `undefined`:
 * TanStack Router lays the validated search over the raw one, so a key left
 * out would keep the URL's raw value (`?status=bogus` reached the API, and
 * the list showed "could not be loaded"). Links leave out undefined values.
 */
export function tableSearch<C extends string>(columns: readonly C[], defaults: TableDefaults<C>) {
  return (raw: Partial<Record<keyof AdminTableQuery, unknown>> & SearchSchemaInput): AdminTableQuery<C> =>
    readTableQuery(raw, columns, defaults);
}

/** Admin › Tasks' filters in the URL: a known status, and an id for the assignee and the project; the rest dropped. */
export type TaskFilterSearch = {
  status?: TaskStatus | undefined;
  assignee?: string | undefined;
  project?: string | undefined;
};
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function taskFilterSearch(
  raw: Partial<Record<keyof TaskFilterSearch, unknown>> & SearchSchemaInput,
): TaskFilterSearch {
  const text = (value: unknown, pattern: RegExp) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;
  return {
    status: knownStatus(TASK_STATUSES, raw.status),
    assignee: text(raw.assignee, ID_PATTERN),
    project: text(raw.project, UUID_PATTERN),
  };
}

/** Admin › Clients › New's URL: the enquiry it was opened from, whose sender fills the form. */
export function newClientSearch(raw: { enquiry?: unknown } & SearchSchemaInput): { enquiry?: string | undefined } {
  return { enquiry: typeof raw.enquiry === "string" && UUID_PATTERN.test(raw.enquiry) ? raw.enquiry : undefined };
}

/** Admin › Enquiries' URL: the table's page, sort and search, and a known status. */
export function enquirySearch(
  raw: Partial<Record<keyof AdminTableQuery | "status", unknown>> & SearchSchemaInput,
): AdminTableQuery<EnquirySort> & { status?: EnquiryStatus | undefined } {
  const status = knownStatus(ENQUIRY_STATUSES, raw.status);
  return { ...readTableQuery(raw, ENQUIRY_SORTS, ENQUIRY_TABLE_DEFAULTS), status };
}

/** Admin › Payments' URL: the table's page, sort and search, and a known status filter. */
export function paymentSearch(
  raw: Partial<Record<keyof AdminTableQuery | "status", unknown>> & SearchSchemaInput,
): AdminTableQuery<PaymentSort> & { status?: PaymentFilter | undefined } {
  const status = knownStatus(PAYMENT_FILTERS, raw.status);
  return { ...readTableQuery(raw, PAYMENT_SORTS, PAYMENT_TABLE_DEFAULTS), status };
}

/** The audit log's URL: page and order, and the person, kind and day range filters. */
export type AuditSearch = AdminTableQuery<AuditSort> & {
  actor?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day the API's calendarDate accepts (common/schemas.ts): a real date, in FIRST_YEAR–LAST_YEAR. Only
 * the shape checked, 2025-02-30 or 1800-01-01 reached the API, whose 400 the list showed as "could not
 * be loaded" on every Retry.
 */
function calendarDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !DAY_PATTERN.test(value)) return undefined;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= FIRST_YEAR && year <= LAST_YEAR ? value : undefined;
}
const KIND_PATTERN = /^[a-z0-9_.-]{1,100}$/i;

export function auditSearch(
  raw: Partial<Record<"page" | "pageSize" | "sort" | "dir" | "actor" | "kind" | "from" | "to", unknown>> &
    SearchSchemaInput,
): AuditSearch {
  // The audit log is not searched by text.
  const table = { ...readTableQuery(raw, AUDIT_SORTS, AUDIT_TABLE_DEFAULTS), q: undefined };
  const text = (value: unknown, pattern: RegExp) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;
  const from = calendarDay(raw.from);
  const to = calendarDay(raw.to);
  // A range given backwards (a From typed after the To) is the range between them, as the API would refuse it.
  const backwards = from !== undefined && to !== undefined && from > to;
  return {
    ...table,
    actor: text(raw.actor, ID_PATTERN),
    kind: text(raw.kind, KIND_PATTERN),
    from: backwards ? to : from,
    to: backwards ? from : to,
  };
}
