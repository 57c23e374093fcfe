import { z } from "zod";
import { invoiceSchema, projectSchema, serviceOrderSchema, timestamp } from "./api";
import { enquirySchema } from "./public";

/**
 * The one way to ask for a page of an admin table (issue #7): page ≥ 1, at
 * most 100 rows a page, sorted by one of the list's own columns, either way,
 * and an optional search text. The same schema validates the API's query
 * string and the SPA route's search params, so a URL is always a valid query.
 */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export function adminTableQuery<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: { sort: C[number]; dir: SortDirection },
) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
    sort: z.enum(columns).default(defaults.sort as never),
    dir: z.enum(SORT_DIRECTIONS).default(defaults.dir),
    q: z
      .string()
      .trim()
      .max(ADMIN_SEARCH_MAX_LENGTH, `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)
      .optional(),
  });
}
export type AdminTableQuery<C extends string = string> = {
  page: number;
  pageSize: number;
  sort: C;
  dir: SortDirection;
  q?: string | undefined;
};

/** A page of an admin table: the rows and how many rows match in all. */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Clients: sortable by name, company and joined date; searched by name, e-mail or company. */
export const CLIENT_SORTS = ["name", "company", "joined"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const clientsQuerySchema = adminTableQuery(CLIENT_SORTS, { sort: "joined", dir: "desc" });
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;

export const adminClientSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
    createdAt: timestamp,
    /** Set when the client was deactivated (deleted while owning records); null when active. */
    archivedAt: timestamp.nullable(),
  })
  .meta({ id: "AdminClient" });
export type AdminClient = z.input<typeof adminClientSchema>;

/** How many of a client's records the detail page shows per kind (newest first). */
export const CLIENT_DETAIL_LIMIT = 50;

export const adminClientDetailSchema = z
  .object({
    profile: adminClientSchema.extend({ emailVerified: z.boolean() }),
    projects: z.array(projectSchema),
    invoices: z.array(invoiceSchema),
    orders: z.array(serviceOrderSchema),
  })
  .meta({ id: "AdminClientDetail" });
export type AdminClientDetail = z.input<typeof adminClientDetailSchema>;

/** What DELETE did: a client with no records is deleted; one with records is deactivated and kept. */
export const clientRemovalSchema = z
  .object({ outcome: z.enum(["deleted", "deactivated"]), client: adminClientSchema })
  .meta({ id: "ClientRemoval" });
export type ClientRemoval = z.input<typeof clientRemovalSchema>;

/** The admin dashboard (issue #7): live counters, and the newest pending bookings and enquiries. */
export const DASHBOARD_RECENT = 5;
export const adminDashboardSchema = z
  .object({
    counts: z.object({
      /** Active client accounts (deactivated ones not counted). */
      clients: z.number().int(),
      developers: z.number().int(),
      activeProjects: z.number().int(),
      /** Invoices not paid: unpaid and overdue (server/data/invoices.ts shownStatus). */
      unpaidInvoices: z.number().int(),
    }),
    pendingBookings: z.array(serviceOrderSchema),
    enquiries: z.array(enquirySchema),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboard = z.input<typeof adminDashboardSchema>;
