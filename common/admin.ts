import { z } from "zod";
import {
  ADMIN_PAGE_MAX,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX_LENGTH,
  AUDIT_SORTS,
  AUDIT_TABLE_DEFAULTS,
  CLIENT_SORTS,
  CLIENT_TABLE_DEFAULTS,
  DEVELOPER_SORTS,
  DEVELOPER_TABLE_DEFAULTS,
  ENQUIRY_SORTS,
  ENQUIRY_STATUSES,
  ENQUIRY_TABLE_DEFAULTS,
  SORT_DIRECTIONS,
  STAFF_SORTS,
  STAFF_TABLE_DEFAULTS,
  type TableDefaults,
} from "./admin-table";
import { invoiceSchema, projectSchema, serviceOrderSchema, taskSchema, timestamp } from "./api";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "./domain";
import { STAFF_ROLES } from "./people";
import { enquirySchema } from "./public";
import { calendarDate } from "./schemas";

export * from "./admin-table";

/** A list's search text, matched against the start of names, e-mails, numbers or titles. */
export const searchTextSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)
  .optional();

/** The API's validation of an admin table query (common/admin-table.ts says what it is). */
export function adminTableQuery<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: TableDefaults<C[number]>,
) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX, `Pages go up to ${ADMIN_PAGE_MAX}.`).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
    sort: z.enum(columns).default(defaults.sort as never),
    dir: z.enum(SORT_DIRECTIONS).default(defaults.dir),
    q: searchTextSchema,
  });
}

/** A page of an admin table: the rows and how many rows match in all. */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminPage<T> = { items: T[]; total: number; page: number; pageSize: number };

export const clientsQuerySchema = adminTableQuery(CLIENT_SORTS, CLIENT_TABLE_DEFAULTS);
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

/** A person page's Account line (client and developer pages alike). */
const accountStateFields = {
  emailVerified: z.boolean(),
  /** False for an invited account whose invitation is not used yet. */
  hasPassword: z.boolean(),
  /** Sessions not expired: the devices they are signed in on now. */
  signedInDevices: z.number().int(),
};

/** How many of a client's records the detail page shows per kind (newest first). */
export const CLIENT_DETAIL_LIMIT = 50;

export const adminClientDetailSchema = z
  .object({
    profile: adminClientSchema.extend(accountStateFields),
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

/** Developers and staff (issue #7): the people tables besides clients. */
export const developersQuerySchema = adminTableQuery(DEVELOPER_SORTS, DEVELOPER_TABLE_DEFAULTS);
export type DevelopersQuery = z.infer<typeof developersQuerySchema>;
export const staffQuerySchema = adminTableQuery(STAFF_SORTS, STAFF_TABLE_DEFAULTS);
export type StaffQuery = z.infer<typeof staffQuerySchema>;

export const adminDeveloperSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    createdAt: timestamp,
    /** Set when the developer was deactivated (deleted while owning records); null when active. */
    archivedAt: timestamp.nullable(),
  })
  .meta({ id: "AdminDeveloper" });
export type AdminDeveloper = z.input<typeof adminDeveloperSchema>;

/** How many of a developer's projects and tasks the detail page shows (newest first). */
export const DEVELOPER_DETAIL_LIMIT = 50;

export const adminDeveloperDetailSchema = z
  .object({
    profile: adminDeveloperSchema.extend(accountStateFields),
    projects: z.array(projectSchema),
    tasks: z.array(taskSchema),
  })
  .meta({ id: "AdminDeveloperDetail" });
export type AdminDeveloperDetail = z.input<typeof adminDeveloperDetailSchema>;

export const developerRemovalSchema = z
  .object({ outcome: z.enum(["deleted", "deactivated"]), developer: adminDeveloperSchema })
  .meta({ id: "DeveloperRemoval" });
export type DeveloperRemoval = z.input<typeof developerRemovalSchema>;

export const adminStaffSchema = adminDeveloperSchema
  .extend({ role: z.enum(STAFF_ROLES), emailVerified: z.boolean() })
  .meta({ id: "AdminStaffMember" });
export type AdminStaffMember = z.input<typeof adminStaffSchema>;

export const staffRemovalSchema = z
  .object({ outcome: z.enum(["deleted", "deactivated"]), member: adminStaffSchema })
  .meta({ id: "StaffRemoval" });
export type StaffRemoval = z.input<typeof staffRemovalSchema>;

/** A new account: who was created; the invitation mail is on its way. */
export const invitedSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(["admin", "developer", "client"]) })
  .meta({ id: "InvitedAccount" });
export type Invited = z.input<typeof invitedSchema>;
/** Admin › Enquiries (issue #7): the table's query (page, sort, search) and its status filter. */
export const enquiriesQuerySchema = adminTableQuery(ENQUIRY_SORTS, ENQUIRY_TABLE_DEFAULTS).extend({
  status: z.enum(ENQUIRY_STATUSES).optional(),
});
export type EnquiriesQuery = z.infer<typeof enquiriesQuerySchema>;

export const adminEnquirySchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    service: z.enum(ENQUIRY_SERVICES).nullable(),
    budget: z.enum(ENQUIRY_BUDGETS).nullable(),
    plan: z.string().nullable(),
    status: z.enum(ENQUIRY_STATUSES),
    /** The message's first characters; the detail view reads it in full. */
    preview: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: "AdminEnquiry" });
export type AdminEnquiry = z.input<typeof adminEnquirySchema>;

export const adminEnquiryDetailSchema = adminEnquirySchema
  .omit({ preview: true })
  .extend({ message: z.string() })
  .meta({ id: "AdminEnquiryDetail" });
export type AdminEnquiryDetail = z.input<typeof adminEnquiryDetailSchema>;

export const enquiryStatusUpdateSchema = z.strictObject({ status: z.enum(ENQUIRY_STATUSES, "Choose a status.") });
export type EnquiryStatusUpdate = z.infer<typeof enquiryStatusUpdateSchema>;

/** The audit log (issue #7): a page, newest first, filtered by person, kind (entity or action) and days. */
const dayParam = calendarDate();
export const auditQuerySchema = adminTableQuery(AUDIT_SORTS, AUDIT_TABLE_DEFAULTS)
  .omit({ q: true })
  .extend({
    actor: z.string().min(1).max(100).optional(),
    kind: z.string().min(1).max(100).optional(),
    from: dayParam.optional(),
    to: dayParam.optional(),
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryView = z.input<typeof auditEntrySchema>;

export const auditFiltersSchema = z
  .object({
    people: z.array(z.object({ id: z.string(), name: z.string() })),
    entities: z.array(z.string()),
    actions: z.array(z.string()),
  })
  .meta({ id: "AuditFilters" });
export type AuditFilters = z.input<typeof auditFiltersSchema>;
