import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ENQUIRY_STATUSES } from "../../common/admin-table";
import {
  ENQUIRY_BUDGETS,
  ENQUIRY_SERVICES,
  INVOICE_STATUSES,
  MESSAGE_MAX_LENGTH,
  MILESTONE_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  PLAN_CATEGORIES,
  PROJECT_STATUSES,
  ROLES,
  SERVICE_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "../../common/domain";
import { timestamptz } from "./timestamp";

/** `column IN ('a','b')` for a check constraint; values are our own constants, never user input. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

const createdAt = () => timestamptz("created_at").notNull().default(sql`now()`);
const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .default(sql`now()`)
    // The database's clock, as every created_at: processes sharing one PostgreSQL need not agree on the time.
    .$onUpdate(() => sql`now()`);
/** Money is integer minor units (kobo); numbers stay exact below 2^53. */
const money = (name: string) => bigint(name, { mode: "number" });

// ---------------------------------------------------------------------------
// Identity: better-auth's four tables, with the profile fields on the user row.
// ---------------------------------------------------------------------------

/**
 * The index columns of a list read newest first, ORDER BY (created_at desc, id desc), the keyset
 * cursor's order (server/http/cursor.ts). NULLS FIRST as ORDER BY … DESC has it: drizzle's .desc()
 * alone writes DESC NULLS LAST, an order no query asks for, and the planner sorts instead of reading
 * such an index.
 */
const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

/**
 * A name's last word, lowered: the admin tables' searches find "Ada Obi" by "obi" as well as by "ada"
 * (the surname indexes below, one expression for the index and the query).
 */
export const lastWordOf = (name: SQL | AnyPgColumn | ExtraConfigColumn) =>
  sql`lower(substring(${name} from '[^[:space:]]+$'))`;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    companyName: text("company_name"),
    role: text("role", { enum: ROLES }).notNull().default("client"),
    archivedAt: timestamptz("archived_at"),
    // How many invoices are billed to this client, kept by the invoices' triggers (migration
    // 0022_client_invoice_counts) in the writing transaction: the payments search's total adds
    // it up over the matching clients instead of counting their invoices (server/data/payments.ts).
    invoiceCount: integer("invoice_count").notNull().default(0),
    // How many orders this client has of each status ({"pending": 2, "approved": 1}; a status with
    // none is left out), kept the same way by the orders' triggers (migration 0026_client_order_counts):
    // the bookings' and subscriptions' searched totals add them up over the matching clients.
    orderCounts: jsonb("order_counts").$type<Partial<Record<OrderStatus, number>>>().notNull().default({}),
    // The same orders' total, kept beside them (migration 0030_client_order_totals): the searched
    // total of every status adds up one integer per client instead of five keys of order_counts.
    orderCount: integer("order_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", oneOf("role", ROLES)),
    index("users_role_created_idx").on(t.role, ...newestFirst(t)),
    // Admin tables (issue #7): one index per sort, the id as the tie-break (server/http/admin-table.ts).
    // The sorted column itself last: PostgreSQL reads an expression's index without the table (an
    // index-only scan) only when it also holds the column, and a far page of the clients table
    // walks every entry before it (server/data/clients.ts).
    index("users_role_name_idx").on(t.role, sql`lower(${t.fullName})`, t.id, t.fullName),
    index("users_role_company_idx").on(t.role, sql`lower(${t.companyName})`, t.id, t.companyName),
    // Prefix search (lower(x) in a prefix's range, server/http/admin-table.ts) reads these whatever the database's collation.
    index("users_role_name_prefix_idx").on(t.role, sql`lower(${t.fullName}) text_pattern_ops`),
    index("users_role_email_prefix_idx").on(t.role, sql`lower(${t.email}) text_pattern_ops`),
    index("users_role_company_prefix_idx").on(t.role, sql`lower(${t.companyName}) text_pattern_ops`),
    index("users_role_surname_prefix_idx").on(t.role, sql`${lastWordOf(t.fullName)} text_pattern_ops`),
    // The staff table (issue #7): administrators and developers as one list, sorted and searched.
    // The deactivated people of a role: counted beside the running count of active ones (server/data/clients.ts).
    index("users_archived_role_idx").on(t.role).where(sql`${t.archivedAt} is not null`),
    index("users_staff_name_idx").on(sql`lower(${t.fullName})`, t.id).where(sql`${t.role} in ('admin', 'developer')`),
    index("users_staff_created_idx").on(t.createdAt, t.id).where(sql`${t.role} in ('admin', 'developer')`),
    index("users_staff_role_idx").on(t.role, t.id).where(sql`${t.role} in ('admin', 'developer')`),
    index("users_staff_name_prefix_idx")
      .on(sql`lower(${t.fullName}) text_pattern_ops`)
      .where(sql`${t.role} in ('admin', 'developer')`),
    index("users_staff_surname_prefix_idx")
      .on(sql`${lastWordOf(t.fullName)} text_pattern_ops`)
      .where(sql`${t.role} in ('admin', 'developer')`),
    index("users_staff_email_prefix_idx")
      .on(sql`lower(${t.email}) text_pattern_ops`)
      .where(sql`${t.role} in ('admin', 'developer')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A person's sessions newest first (Settings' signed-in devices); better-auth's reads by user use its prefix.
  (t) => [index("sessions_user_created_idx").on(t.userId, t.createdAt.desc())],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // By value: a person's reset and invitation links, ended together once one is used (server/auth).
  (t) => [index("verifications_identifier_idx").on(t.identifier), index("verifications_value_idx").on(t.value)],
);

// ---------------------------------------------------------------------------
// Projects and what hangs off them.
// ---------------------------------------------------------------------------

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("active"),
    progress: integer("progress").notNull().default(0),
    startDate: date("start_date"),
    endDate: date("end_date"),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("projects_status_check", oneOf("status", PROJECT_STATUSES)),
    check("projects_progress_check", sql`progress between 0 and 100`),
    check("projects_dates_check", sql`end_date is null or start_date is null or end_date >= start_date`),
    index("projects_client_created_idx").on(t.clientId, ...newestFirst(t)),
    index("projects_created_idx").on(...newestFirst(t)),
    index("projects_status_created_idx").on(t.status, ...newestFirst(t)),
    // The projects list searched by the start of the title, in title order (server/data/projects.ts).
    index("projects_title_idx").on(sql`lower(${t.title}) text_pattern_ops`, t.id),
    index("projects_status_title_idx").on(t.status, sql`lower(${t.title}) text_pattern_ops`, t.id),
  ],
);

/** Developers assigned to a project: they may read it and its thread. */
export const projectDevelopers = pgTable(
  "project_developers",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /**
     * Its project's created_at (which never changes), copied here so a developer's projects,
     * newest first, are read along one index and stop at the page's last row; sorting them from
     * the projects table read all of a developer's projects (1,000: 2.2 ms) for every page.
     */
    projectCreatedAt: timestamptz("project_created_at").notNull(),
    /**
     * Its project's title as a search orders it, lower(projects.title), so a developer's projects
     * searched by title are read in title order along one index (server/data/projects.ts). Written
     * by the database (migration 0037's triggers: on every insert or update of the assignment, and
     * on the project's retitling), never by the API: the default is overwritten before the row is
     * stored.
     */
    projectTitleKey: text("project_title_key").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.developerId] }),
    // A developer's projects in list order; their ids alone (access checks, counts) from the index too.
    index("project_developers_developer_created_idx").on(t.developerId, t.projectCreatedAt, t.projectId),
    // A developer's projects searched by the start of the title, in title order.
    index("project_developers_developer_title_idx").on(
      t.developerId,
      sql`${t.projectTitleKey} text_pattern_ops`,
      t.projectId,
    ),
  ],
);

export const projectMessages = pgTable(
  "project_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    message: text("message").notNull(),
    // How many files the message carries (message_files), kept by that table's triggers (migration
    // 0023_message_file_counts) in the writing transaction: a page of the thread looks up the files of
    // the messages that have some, where it ran that lookup for every message (server/data/projects.ts).
    fileCount: smallint("file_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Empty text is allowed: a message may be only its files (message_files). Whether a text-only
    // message is blank (zero-width characters included) is decided by messageSendSchema.
    check("project_messages_message_check", sql.raw(`length(message) <= ${MESSAGE_MAX_LENGTH}`)),
    // Read backwards for the thread's (created_at desc, id desc) pages: an ascending
    // index scanned backwards is exactly DESC NULLS FIRST, Postgres's default order.
    index("project_messages_project_created_idx").on(t.projectId, t.createdAt, t.id),
    // Whether a person wrote anything (deleting or deactivating them, issue #7).
    index("project_messages_user_idx").on(t.userId),
  ],
);

/**
 * Each person's read point per project (issue #8): `unread` counts messages by
 * others since `lastReadAt`, kept by the message insert (+1 for everyone who
 * may read the project but the author) and reset when the person reads, so a
 * badge is one row and the sidebar's total one index range, not a count of
 * every thread.
 */
export const projectReads = pgTable(
  "project_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    unread: integer("unread").notNull().default(0),
    lastReadAt: timestamptz("last_read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    check("project_reads_unread_check", sql`unread >= 0`),
    // The sidebar's total and the cards' badges, most unread first: only the rows with something unread.
    // An administrator is a reader of every project, so their rows may be most of the projects: the badges'
    // page is read in this order, not sorted from all of them (0043).
    index("project_reads_user_unread_idx")
      .on(t.userId, t.unread.desc().nullsFirst(), t.projectId)
      .where(sql`unread > 0`),
    // A project deleted takes its read states (the primary key leads with the person).
    index("project_reads_project_idx").on(t.projectId),
  ],
);

export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    amount: money("amount_minor").notNull().default(0),
    dueDate: date("due_date"),
    status: text("status", { enum: MILESTONE_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    paidDate: timestamptz("paid_date"),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("milestones_status_check", oneOf("status", MILESTONE_STATUSES)),
    check("milestones_payment_status_check", oneOf("payment_status", PAYMENT_STATUSES)),
    check("milestones_amount_check", sql`amount_minor >= 0`),
    check("milestones_paid_check", sql`(payment_status = 'paid') = (paid_date is not null)`),
    index("milestones_project_due_idx").on(t.projectId, t.dueDate),
    index("milestones_created_by_idx").on(t.createdBy),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceNumber: text("invoice_number").notNull().unique(),
    /**
     * The number as it sorts: its last run of digits padded to 20, so INV-2026-1000 comes after
     * INV-2026-999 (as text it came before INV-2026-101, once a year passed 999 invoices).
     */
    numberOrder: text("number_order")
      .notNull()
      .generatedAlwaysAs(
        sql`case when invoice_number ~ '[0-9]+$' then left(invoice_number, length(invoice_number) - length(substring(invoice_number from '[0-9]+$'))) || lpad(substring(invoice_number from '[0-9]+$'), 20, '0') else invoice_number end`,
      ),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "restrict" }),
    /**
     * The project's title as its client knew it: kept by triggers (migration 0041) while the project
     * is the invoice's client's, and no longer once it is given to another client, whose titles
     * the first client's invoices must not show.
     */
    projectTitle: text("project_title"),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: money("amount_minor").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("unpaid"),
    dueDate: date("due_date"),
    paidDate: timestamptz("paid_date"),
    /** The due date its client was told had passed (server/data/invoices.ts): a new due date is told again. */
    overdueToldFor: date("overdue_told_for"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("invoices_status_check", oneOf("status", INVOICE_STATUSES)),
    check("invoices_amount_check", sql`amount_minor >= 0`),
    index("invoices_client_created_idx").on(t.clientId, ...newestFirst(t)),
    index("invoices_created_idx").on(...newestFirst(t)),
    index("invoices_project_idx").on(t.projectId),
    // Payments table (issue #7): one index per sort, the id as the tie-break; number searched by prefix.
    index("invoices_number_order_idx").on(t.numberOrder, t.id),
    // The title itself last, so a far page is read from the index alone (as users_role_name_idx).
    index("invoices_project_title_idx").on(sql`lower(${t.projectTitle})`, t.id, t.projectTitle),
    index("invoices_amount_idx").on(t.amount, t.id),
    index("invoices_due_idx").on(t.dueDate, t.id),
    // By the status shown: each stored status by id, the due date beside it to tell overdue from
    // unpaid without the table (server/data/payments.ts, statusRuns).
    index("invoices_status_id_idx").on(t.status, t.id, t.dueDate),
    index("invoices_number_prefix_idx").on(sql`lower(${t.invoiceNumber}) text_pattern_ops`),
    // The overdue reminder's sweep: only invoices not paid whose due date was not told yet.
    index("invoices_overdue_untold_idx")
      .on(t.dueDate)
      .where(sql`status <> 'paid' and overdue_told_for is distinct from due_date`),
    // Every client's totals (server/data/invoices.ts): the unpaid invoices not yet due, counted from today on.
    index("invoices_unpaid_due_idx").on(t.dueDate).where(sql`status = 'unpaid'`),
  ],
);

/**
 * The last invoice number given out each year (issue #7): a new invoice takes
 * the next one with one upsert in its own transaction, so numbers are unique
 * and consecutive however many processes create invoices at once.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("todo"),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("medium"),
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    dueDate: date("due_date"),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("tasks_status_check", oneOf("status", TASK_STATUSES)),
    check("tasks_priority_check", oneOf("priority", TASK_PRIORITIES)),
    index("tasks_assigned_created_idx").on(t.assignedTo, ...newestFirst(t)),
    index("tasks_created_idx").on(...newestFirst(t)),
    // Admin › Tasks' filters (issue #7), each read newest first.
    index("tasks_project_created_idx").on(t.projectId, ...newestFirst(t)),
    index("tasks_status_created_idx").on(t.status, ...newestFirst(t)),
    index("tasks_created_by_idx").on(t.createdBy),
    // A developer's dashboard: their counts by status read from the index alone, and their open
    // tasks due soon as a range of dates (each read walked all of a developer's tasks: ~1,900 of
    // them, 2-3 ms apiece, on the large data set). The counts' index also serves My Tasks shown for
    // one status (and Admin › Tasks filtered by assignee and status), newest first.
    index("tasks_assigned_status_created_idx").on(t.assignedTo, t.status, ...newestFirst(t)),
    index("tasks_assigned_open_due_idx").on(t.assignedTo, t.dueDate, t.id).where(sql`${t.status} <> 'completed'`),
  ],
);

// ---------------------------------------------------------------------------
// Catalogue: services, orders for them, and the published plans.
// ---------------------------------------------------------------------------

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The public page's id (/services/{slug}) when the service has one. */
    slug: text("slug").unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    price: money("price_minor").notNull(),
    estimatedDuration: text("estimated_duration"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    allowMilestones: boolean("allow_milestones").notNull().default(false),
    status: text("status", { enum: SERVICE_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("services_status_check", oneOf("status", SERVICE_STATUSES)),
    check("services_price_check", sql`price_minor >= 0`),
    index("services_status_created_idx").on(t.status, ...newestFirst(t)),
    // Admin services grid (issue #7): every service, newest first.
    index("services_created_idx").on(...newestFirst(t)),
    index("services_title_prefix_idx").on(sql`lower(${t.title}) text_pattern_ops`),
  ],
);

export const serviceOrders = pgTable(
  "service_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    totalAmount: money("total_amount_minor").notNull(),
    notes: text("notes").notNull().default(""),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The client's name as the tables sort by it, lower(users.full_name), written by the database
     * (migration 0028's triggers: on every insert or update of the order, and on the client's
     * rename), never by the API: the default is overwritten before the row is stored.
     */
    clientSortKey: text("client_sort_key").notNull().default(""),
  },
  (t) => [
    check("service_orders_status_check", oneOf("status", ORDER_STATUSES)),
    check("service_orders_amount_check", sql`total_amount_minor >= 0`),
    index("service_orders_client_created_idx").on(t.clientId, ...newestFirst(t)),
    index("service_orders_status_created_idx").on(t.status, ...newestFirst(t)),
    index("service_orders_created_idx").on(...newestFirst(t)),
    // Admin bookings and subscriptions (issue #7): a service's orders (delete vs deactivate, search by
    // service), the amount sort, and approved orders by approval time.
    index("service_orders_service_idx").on(t.serviceId, t.id),
    // The bookings and the subscriptions sorted by service: each service's orders by id, of one status
    // too (server/data/bookings.ts, countedByService).
    index("service_orders_status_service_idx").on(t.status, t.serviceId, t.id),
    index("service_orders_amount_idx").on(t.totalAmount, t.id),
    index("service_orders_status_amount_idx").on(t.status, t.totalAmount, t.id),
    index("service_orders_status_updated_idx").on(t.status, t.updatedAt, t.id),
    // The bookings table sorted by status (server/data/bookings.ts): the id breaks the ties.
    index("service_orders_status_id_idx").on(t.status, t.id),
    // A client's orders of one status, read without the table: the subscriptions by client (approved
    // only) and a searched table's count of a status (server/data/bookings.ts).
    index("service_orders_client_status_idx").on(t.clientId, t.status, t.id),
    // The bookings and the subscriptions sorted by client, a page's ids from the index alone: by name,
    // the client (two clients of one name keep their orders apart), then the order.
    index("service_orders_client_sort_idx").on(t.clientSortKey, t.clientId, t.id),
    index("service_orders_status_client_sort_idx").on(t.status, t.clientSortKey, t.clientId, t.id),
  ],
);

export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    category: text("category", { enum: PLAN_CATEGORIES }).notNull(),
    name: text("name").notNull(),
    price: money("price_minor").notNull(),
    period: text("period").notNull().default("month"),
    description: text("description").notNull().default(""),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    isPopular: boolean("is_popular").notNull().default(false),
    badge: text("badge"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Hidden plans stay in the admin console and are left off the public site (issue #7, plans slice). */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("plans_category_check", oneOf("category", PLAN_CATEGORIES)),
    check("plans_price_check", sql`price_minor >= 0`),
    index("plans_category_sort_idx").on(t.category, t.sortOrder),
  ],
);

// ---------------------------------------------------------------------------
// Enquiries, the audit log and the mail outbox.
// ---------------------------------------------------------------------------

/** What the enquiries' search indexes hold after their expression: the status and every searched column. */
const searchedColumns = (t: Record<"status" | "firstName" | "lastName" | "email" | "company", ExtraConfigColumn>) =>
  [t.status, t.firstName, t.lastName, t.email, t.company] as const;

export const contactEnquiries = pgTable(
  "contact_enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    service: text("service", { enum: ENQUIRY_SERVICES }),
    budget: text("budget", { enum: ENQUIRY_BUDGETS }),
    plan: text("plan"),
    message: text("message").notNull(),
    /** Issue #7: where the administrators are with it (new, contacted, closed). */
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_enquiries_service_check", sql`service is null or ${oneOf("service", ENQUIRY_SERVICES)}`),
    check("contact_enquiries_budget_check", sql`budget is null or ${oneOf("budget", ENQUIRY_BUDGETS)}`),
    index("contact_enquiries_created_idx").on(...newestFirst(t)),
    // Admin › Enquiries (issue #7): the status filter newest first, each sort, and prefix search.
    check("contact_enquiries_status_check", oneOf("status", ENQUIRY_STATUSES)),
    index("contact_enquiries_status_created_idx").on(t.status, ...newestFirst(t)),
    // The sorted columns last, so a page's ids are read from the index alone (server/data/enquiries.ts).
    index("contact_enquiries_name_idx").on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName})`,
      t.id,
      t.firstName,
      t.lastName,
    ),
    index("contact_enquiries_company_idx").on(sql`lower(${t.company})`, t.id, t.company),
    index("contact_enquiries_status_id_idx").on(t.status, t.id),
    // The search's, each with the status and every searched column after its expression, so that a
    // search's count is read from the indexes alone (server/data/enquiries.ts).
    index("contact_enquiries_name_prefix_idx").on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
      ...searchedColumns(t),
    ),
    index("contact_enquiries_last_name_prefix_idx").on(
      sql`lower(${t.lastName}) text_pattern_ops`,
      ...searchedColumns(t),
    ),
    index("contact_enquiries_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`, ...searchedColumns(t)),
    index("contact_enquiries_company_prefix_idx").on(sql`lower(${t.company}) text_pattern_ops`, ...searchedColumns(t)),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The person's name when they made the change, as the log shows it and sorts by it ("Who"): set by a
     * trigger from users whatever writes the entry (migration 0051). A log keeps who did what as it was.
     */
    actorName: text("actor_name"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(...newestFirst(t)),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    // The audit log screen's filters (issue #7), each read newest first.
    // The action last: a person's few entries sorted by What are read off the index alone (server/data/audit-log.ts).
    index("audit_log_actor_created_idx").on(t.actorId, ...newestFirst(t), t.action),
    index("audit_log_entity_created_idx").on(t.entity, ...newestFirst(t)),
    index("audit_log_action_created_idx").on(t.action, ...newestFirst(t)),
    // Sorted by Who (issue #7): by name, each person's newest first; walked backwards for Z to A. The name
    // itself last, so a page's ids are read off the index alone (as users_role_name_idx): without it, page 100
    // read 2,500 entries' rows (3.0 ms under the generic plan against 0.6 by when, bench/admin-large.mjs, S54).
    index("audit_log_actor_name_created_idx").on(sql`lower(${t.actorName})`, ...newestFirst(t), t.actorName),
  ],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    link: text("link"),
    /** The headers the mail was sent with (List-Unsubscribe…), so tests and administrators can read them. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(...newestFirst(t)), index("mail_outbox_to_idx").on(t.to)],
);

// ---------------------------------------------------------------------------
// E-mail delivery (issue #8 item 5): every mail is a mail_queue row first,
// inserted in the transaction of what it reports, and delivered after commit
// by the worker of any server process (server/mail/index.ts). A row is claimed
// with a lease (locked_until) so two processes never send it twice; a failed
// attempt is retried with backoff and, after the last one, kept as failed.
// ---------------------------------------------------------------------------

export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    link: text("link"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    sendAfter: timestamptz("send_after").notNull().default(sql`now()`),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lockedUntil: timestamptz("locked_until"),
    sentAt: timestamptz("sent_at"),
    failedAt: timestamptz("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's due scan: only rows still to send.
    index("mail_queue_due_idx").on(t.sendAfter).where(sql`sent_at is null and failed_at is null`),
    // Sent rows are pruned after a while (server/mail/index.ts): their copies are in people's inboxes.
    index("mail_queue_sent_idx").on(t.sentAt).where(sql`sent_at is not null`),
  ],
);

/** A person's choice per notification kind; no row means the kind's default (common/mail.ts). */
export const mailPreferences = pgTable(
  "mail_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * New messages mail a person at most once per project per window: due_at is
 * when the pending digest goes out (null: none pending), last_sent_at when
 * the last one went, mailed_up_to the newest message it listed.
 */
export const messageMailDigests = pgTable(
  "message_mail_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dueAt: timestamptz("due_at"),
    lastSentAt: timestamptz("last_sent_at"),
    mailedUpTo: timestamptz("mailed_up_to"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index("message_mail_digests_due_idx").on(t.dueAt).where(sql`due_at is not null`),
    // A project deleted takes its pending digests (the primary key leads with the person).
    index("message_mail_digests_project_idx").on(t.projectId),
  ],
);

// ---------------------------------------------------------------------------
// Running totals (issue #7 item 11, issue #11 item 4) kept by triggers (migrations
// 0011_analytics_counters_triggers, 0020_developer_dashboard_counters) in the writing
// transaction, so the admin analytics and the dashboards read a handful of primary-key
// rows however large the tables grow. Metrics and buckets: server/data/counters.ts.
// ---------------------------------------------------------------------------

export const analyticsCounters = pgTable(
  "analytics_counters",
  {
    metric: text("metric").notNull(),
    bucket: text("bucket").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    amount: money("amount_minor").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.bucket] })],
);

// ---------------------------------------------------------------------------
// Notification centre (issue #8 item 4): one row per recipient, made in the
// event's transaction for the people the rules let read its subject (checked
// again when shown, server/data/notifications.ts).
// ---------------------------------------------------------------------------

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** An in-app path (/portal/...). */
    link: text("link").notNull(),
    /** What it is about, for the check when shown: project, milestone, invoice, order, task, enquiry. */
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // "My newest first", a page at a time (read backwards: created_at desc, id desc).
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    // "My unread count": only the unread rows.
    index("notifications_user_unread_idx").on(t.userId).where(sql`read_at is null`),
    // One unread message notification per project per person: a new message updates it.
    uniqueIndex("notifications_unread_message_idx")
      .on(t.userId, t.projectId)
      .where(sql`kind = 'message' and read_at is null`),
    // A project deleted takes its notifications (the cascade finds them here, not by reading the table).
    index("notifications_project_idx").on(t.projectId).where(sql`project_id is not null`),
  ],
);

// ---------------------------------------------------------------------------
// Project files (issue #8, item 6): the content lives in the database as 256 KB
// chunks, so every process sharing it serves every file and neither upload nor
// download holds a whole file in memory. A row is `complete` once all its
// chunks are in; lists and downloads show only complete files.
// ---------------------------------------------------------------------------

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const projectFiles = pgTable(
  "project_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Null once the uploader's account is deleted: the file stays the project's. */
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    complete: boolean("complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("project_files_name_check", sql`length(name) between 1 and 255`),
    // The Files panel: a project's files newest first, paged by keyset.
    index("project_files_project_created_idx").on(t.projectId, ...newestFirst(t)),
    // Uploads abandoned mid-way, swept on later uploads.
    index("project_files_incomplete_idx").on(t.createdAt).where(sql`not complete`),
    // What one person uploaded in the last day (UPLOAD_MB_PER_DAY), summed on each upload.
    index("project_files_uploader_created_idx").on(t.uploaderId, t.createdAt),
  ],
);

export const projectFileChunks = pgTable(
  "project_file_chunks",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => projectFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Files whose row is gone but whose content in an S3-compatible store may not
 * be (FILE_STORE=s3; server/files/store.ts). A trigger on project_files
 * (migration 0016) adds a row for every deleted file, whatever deleted it: the
 * Files panel, a failed or abandoned upload, or a project deleted with its
 * files by cascade. The content is deleted after the deleting transaction
 * commits, and this row with it; if the store cannot be reached the row stays
 * and a later sweep tries again, so no object outlives its file for good. With
 * the database store the content went with the row and the sweep only clears
 * these rows.
 */
export const projectFileDeletions = pgTable(
  "project_file_deletions",
  {
    fileId: uuid("file_id").primaryKey(),
    deletedAt: timestamptz("deleted_at").notNull().default(sql`now()`),
  },
  // The sweep takes the oldest first, a batch at a time: rows pile up while the store is down.
  (t) => [index("project_file_deletions_deleted_idx").on(t.deletedAt)],
);

/**
 * Files attached to a message (issue #8, item 6), in the order they were
 * attached. A file belongs to at most one message (the unique index, which
 * also finds a file's message when it is deleted). Deleting the file keeps
 * the message and this row: `file_id` becomes null and `name` (copied when
 * attached; files are never renamed) lets the thread show what was removed.
 */
export const messageFiles = pgTable(
  "message_files",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => projectMessages.id, { onDelete: "cascade" }),
    fileId: uuid("file_id").references(() => projectFiles.id, { onDelete: "set null" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    // A page of the thread reads its messages' files on this key's message_id prefix.
    primaryKey({ columns: [t.messageId, t.position] }),
    uniqueIndex("message_files_file_idx").on(t.fileId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMessageRow = typeof projectMessages.$inferSelect;
