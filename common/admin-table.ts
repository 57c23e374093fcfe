/**
 * The one way to ask for a page of an admin table (issue #7): page ≥ 1, at
 * most ADMIN_PAGE_SIZE_MAX rows a page, sorted by one of the list's own
 * columns, either way, and an optional search text. Free of zod on purpose:
 * the SPA's route files read the URL with readTableQuery, and route options
 * ship in the bundle every public page loads; the API validates the same
 * query with the zod schema built from these constants (common/admin.ts).
 */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
/**
 * The last page number asked for: far past any table's end (a million pages of 100 rows), and an
 * OFFSET PostgreSQL can hold (a page number near 2^63 overflowed its bigint: a 500, not a 400).
 */
export const ADMIN_PAGE_MAX = 1_000_000;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export type AdminTableQuery<C extends string = string> = {
  page: number;
  pageSize: number;
  sort: C;
  dir: SortDirection;
  q?: string | undefined;
};

export type TableDefaults<C extends string> = { sort: C; dir: SortDirection };

/** Clients: sortable by name, company and joined date; searched by name, e-mail or company. */
export const CLIENT_SORTS = ["name", "company", "joined"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_TABLE_DEFAULTS: TableDefaults<ClientSort> = { sort: "joined", dir: "desc" };

const wholeNumber = (value: unknown, min: number, max: number): number | undefined => {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
};

/**
 * A table query from a URL's search params: each value the API would refuse
 * (a hand-edited page=0, an unknown sort) falls back to its default rather
 * than failing the page, and unknown parameters are dropped.
 */
export function readTableQuery<C extends string>(
  raw: Record<string, unknown>,
  columns: readonly C[],
  defaults: TableDefaults<C>,
): AdminTableQuery<C> {
  return {
    page: wholeNumber(raw.page, 1, ADMIN_PAGE_MAX) ?? 1,
    pageSize: wholeNumber(raw.pageSize, 1, ADMIN_PAGE_SIZE_MAX) ?? ADMIN_PAGE_SIZE_DEFAULT,
    sort: columns.includes(raw.sort as C) ? (raw.sort as C) : defaults.sort,
    dir: SORT_DIRECTIONS.includes(raw.dir as SortDirection) ? (raw.dir as SortDirection) : defaults.dir,
    // Present even when unset: the router lays this over the URL's raw search (src/features/admin/search.ts).
    q: searchTextOf(raw.q),
  };
}

/** A URL's search text, trimmed; undefined when empty or longer than the API takes. */
export function searchTextOf(raw: unknown): string | undefined {
  // The router reads q=123 as a number: search text is text.
  const q = typeof raw === "number" ? String(raw) : raw;
  const search = typeof q === "string" ? q.trim() : "";
  return search && search.length <= ADMIN_SEARCH_MAX_LENGTH ? search : undefined;
}

/** Developers: sortable by name and joined date; searched by name or e-mail. */
export const DEVELOPER_SORTS = ["name", "joined"] as const;
export type DeveloperSort = (typeof DEVELOPER_SORTS)[number];
export const DEVELOPER_TABLE_DEFAULTS: TableDefaults<DeveloperSort> = { sort: "joined", dir: "desc" };

/** Staff (administrators and developers): sortable by name, role and joined date; searched by name or e-mail. */
export const STAFF_SORTS = ["name", "role", "joined"] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];
export const STAFF_TABLE_DEFAULTS: TableDefaults<StaffSort> = { sort: "name", dir: "asc" };

/** Payments (issue #7 item 7): the invoices table, sortable by its columns; searched by number or client name/e-mail. */
export const PAYMENT_SORTS = ["number", "client", "project", "amount", "due", "status", "created"] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
export const PAYMENT_TABLE_DEFAULTS: TableDefaults<PaymentSort> = { sort: "created", dir: "desc" };
/**
 * Payments' status filter: pending is everything not paid (the Pending total, spec §4, and the admin
 * dashboard's Unpaid invoices), overdue the invoices not paid past their due date.
 */
export const PAYMENT_FILTERS = ["pending", "overdue", "paid"] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, string> = {
  pending: "Pending (not paid)",
  overdue: "Overdue",
  paid: "Paid",
};
/** Bookings (service orders): sortable by created date, amount, status, client and service; searched by client name or e-mail, or service title. */
export const BOOKING_SORTS = ["created", "amount", "status", "client", "service"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const BOOKING_TABLE_DEFAULTS: TableDefaults<BookingSort> = { sort: "created", dir: "desc" };

/** Subscriptions (approved orders): sortable by since (approval), amount, client and service; searched like bookings. */
export const SUBSCRIPTION_SORTS = ["since", "amount", "client", "service"] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];
export const SUBSCRIPTION_TABLE_DEFAULTS: TableDefaults<SubscriptionSort> = { sort: "since", dir: "desc" };

/** The admin services grid reads this many services a page ("Load more" asks for the next). */
export const SERVICES_PAGE_SIZE = 24;
/** Enquiries (issue #7): newest first by default; sortable by received date, name, company and status; searched by name, e-mail or company. */
export const ENQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
};
export const ENQUIRY_SORTS = ["received", "name", "company", "status"] as const;
export type EnquirySort = (typeof ENQUIRY_SORTS)[number];
export const ENQUIRY_TABLE_DEFAULTS: TableDefaults<EnquirySort> = { sort: "received", dir: "desc" };

/**
 * The audit log (issue #7): newest first, paged; filtered by person, kind and date range (no search text).
 * Sortable by when, who (the person's name then) and what (the action); within a name or an action the
 * newest come first, and the other direction is the whole order reversed.
 */
export const AUDIT_SORTS = ["when", "who", "what"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const AUDIT_TABLE_DEFAULTS: TableDefaults<AuditSort> = { sort: "when", dir: "desc" };
