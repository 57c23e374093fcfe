import { z } from "zod";
import {
  INVOICE_STATUSES,
  MILESTONE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PROJECT_STATUSES,
  ROLES,
  SERVICE_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "./domain";

/**
 * Response shapes of the API, shared by the server (serialisation, OpenAPI)
 * and the SPA (types). The server works with Dates; JSON carries ISO strings,
 * so the SPA's types are each schema's input side (`Json<typeof schema>`).
 */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (value) => new Date(value),
  encode: (value) => value.toISOString(),
});
const day = z.iso.date().nullable();

export type Json<T extends z.ZodType> = z.input<T>;

export const profileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    companyName: z.string().nullable(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Profile" });
export type Profile = Json<typeof profileSchema>;

export const projectSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.enum(PROJECT_STATUSES),
    progress: z.number().int().min(0).max(100),
    startDate: day,
    endDate: day,
    createdAt: timestamp,
    clientId: z.string(),
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    /** The client's account is deactivated: the project stays theirs. */
    clientDeactivated: z.boolean(),
  })
  .meta({ id: "Project" });
export type Project = Json<typeof projectSchema>;

/** A file attached to a message; deleted since, it keeps its name with id, size and type null (shown as removed). */
export const messageFileSchema = z
  .object({
    id: z.uuid().nullable(),
    name: z.string(),
    size: z.number().int().nullable(),
    contentType: z.string().nullable(),
  })
  .meta({ id: "MessageFile" });
export type MessageFile = Json<typeof messageFileSchema>;

export const messageSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    userId: z.string(),
    /** Empty when the message is only its files. */
    message: z.string(),
    createdAt: timestamp,
    authorName: z.string(),
    /** The author's account is deactivated: their messages stay, shown as a deactivated person's. */
    authorDeactivated: z.boolean(),
    authorRole: z.enum(ROLES),
    files: z.array(messageFileSchema),
  })
  .meta({ id: "ProjectMessage" });
export type ProjectMessage = Json<typeof messageSchema>;

export const taskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(TASK_PRIORITIES),
    dueDate: day,
    createdAt: timestamp,
    /** What an edit sends back as the version it edits (common/schemas.ts editedVersion). */
    updatedAt: timestamp,
    assignedTo: z.string().nullable(),
    assigneeName: z.string().nullable(),
    /** The assignee's account is deactivated: the task stays theirs until an administrator reassigns it. */
    assigneeDeactivated: z.boolean(),
    /** The assignee's role (null when unassigned): only a developer's name opens a person page. */
    assigneeRole: z.enum(ROLES).nullable(),
    projectId: z.uuid().nullable(),
    projectTitle: z.string().nullable(),
    /** Whether the assignee is on the task's project, so may open it from the task (false on no project). */
    assigneeOnProject: z.boolean(),
  })
  .meta({ id: "Task" });
export type Task = Json<typeof taskSchema>;

/** How many of the viewer's tasks (every task for an administrator) are in each status: My Tasks' counters. */
export const taskCountsSchema = z
  .object({
    todo: z.number().int(),
    in_progress: z.number().int(),
    review: z.number().int(),
    completed: z.number().int(),
  })
  .meta({ id: "TaskCounts" });
export type TaskCounts = Json<typeof taskCountsSchema>;

export const serviceSchema = z
  .object({
    id: z.uuid(),
    /** The public page's id (/services/{slug}) when the service has one. */
    slug: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    /** Whole minor units (kobo for NGN). */
    priceMinor: z.number().int(),
    estimatedDuration: z.string().nullable(),
    features: z.array(z.string()),
    allowMilestones: z.boolean(),
    status: z.enum(SERVICE_STATUSES),
    createdAt: timestamp,
    /** What an edit sends back as the version it edits (common/schemas.ts editedVersion). */
    updatedAt: timestamp,
  })
  .meta({ id: "Service" });
export type Service = Json<typeof serviceSchema>;

export const serviceOrderSchema = z
  .object({
    id: z.uuid(),
    serviceId: z.uuid(),
    serviceTitle: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    /** The client's account is deactivated: their orders stay, shown as theirs. */
    clientDeactivated: z.boolean(),
    /** The service's price when the order was placed, in whole minor units. */
    totalAmountMinor: z.number().int(),
    notes: z.string(),
    status: z.enum(ORDER_STATUSES),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "ServiceOrder" });
export type ServiceOrder = Json<typeof serviceOrderSchema>;
/**
 * An invoice as the portal shows it. `status` is the shown status: an unpaid
 * invoice past its due date (in Lagos) reads "overdue", derived by the server
 * at read time (server/data/invoices.ts), the same in lists, counts and PDFs.
 */
export const invoiceSchema = z
  .object({
    id: z.uuid(),
    invoiceNumber: z.string(),
    /** Integer minor units (kobo). */
    amount: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    dueDate: day,
    paidDate: timestamp.nullable(),
    createdAt: timestamp,
    projectId: z.uuid().nullable(),
    projectTitle: z.string().nullable(),
    /** Whether the invoice's client still owns its project, so may open it from the invoice (false on no project). */
    clientOwnsProject: z.boolean(),
    clientId: z.string(),
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    /** The client's account is deactivated: their invoices stay, shown as theirs. */
    clientDeactivated: z.boolean(),
  })
  .meta({ id: "Invoice" });
export type Invoice = Json<typeof invoiceSchema>;

/** Spec §2 Invoices' cards: amounts in minor units with counts; pending is everything not paid. */
export const invoiceSummarySchema = z
  .object({
    totalAmount: z.number().int(),
    totalCount: z.number().int(),
    paidAmount: z.number().int(),
    paidCount: z.number().int(),
    pendingAmount: z.number().int(),
    pendingCount: z.number().int(),
    overdueCount: z.number().int(),
  })
  .meta({ id: "InvoiceSummary" });
export type InvoiceSummary = Json<typeof invoiceSummarySchema>;

/** A page of a list read by cursor: pass `next` back as `cursor` for the page after; null when none is left. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next: z.string().nullable() });
export type Page<T> = { items: T[]; next: string | null };

/** What the outbox shows of a mail to another administrator (server/routes/outbox.ts). */
export const OUTBOX_SEALED = "This mail is addressed to another administrator: only they may read it.";

export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    link: z.string().nullable(),
    headers: z.record(z.string(), z.string()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "OutboxMail" });
export type OutboxMail = Json<typeof outboxMailSchema>;

export const milestoneSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    title: z.string(),
    description: z.string(),
    /** Integer kobo: format with common/format.ts formatMoney. */
    amountMinor: z.number().int(),
    dueDate: day,
    status: z.enum(MILESTONE_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paidDate: timestamp.nullable(),
    createdBy: z.string(),
    creatorName: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Milestone" });
export type Milestone = Json<typeof milestoneSchema>;
/** A project as a dashboard lists it (spec §2: title, status, description, progress, start and due dates). */
export const dashboardProjectSchema = projectSchema
  .pick({ id: true, title: true, description: true, status: true, progress: true, startDate: true, endDate: true })
  .meta({ id: "DashboardProject" });
export type DashboardProject = Json<typeof dashboardProjectSchema>;

/** An invoice as the client dashboard lists it; `status` is derived (an unpaid invoice past its due date is overdue). */
export const dashboardInvoiceSchema = z
  .object({
    id: z.uuid(),
    invoiceNumber: z.string(),
    amountMinor: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    dueDate: day,
  })
  .meta({ id: "DashboardInvoice" });
export type DashboardInvoice = Json<typeof dashboardInvoiceSchema>;

/** A task due soon, as the developer dashboard lists it. */
export const dashboardTaskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(TASK_PRIORITIES),
    dueDate: z.iso.date(),
    projectTitle: z.string().nullable(),
    /** The task's project when the developer is on it, and so may open it; null otherwise. */
    openableProjectId: z.uuid().nullable(),
  })
  .meta({ id: "DashboardTask" });
export type DashboardTask = Json<typeof dashboardTaskSchema>;

const count = z.number().int().min(0);

export const clientDashboardSchema = z
  .object({
    role: z.literal("client"),
    projects: z.object({ total: count, active: count, averageProgress: z.number().int().min(0).max(100) }),
    /** `totalMinor`: the sum of every invoice, whole minor units. */
    invoices: z.object({ total: count, paid: count, totalMinor: z.number().int() }),
    /** The latest 5, newest first. */
    recentProjects: z.array(dashboardProjectSchema),
    /** The first 3, newest first. */
    recentInvoices: z.array(dashboardInvoiceSchema),
  })
  .meta({ id: "ClientDashboard" });
export type ClientDashboard = Json<typeof clientDashboardSchema>;

export const developerDashboardSchema = z
  .object({
    role: z.literal("developer"),
    /** Their tasks by status. */
    tasks: z.object({ todo: count, in_progress: count, review: count, completed: count }),
    projects: z.object({ total: count }),
    /** The latest 5 projects they are assigned to, newest first. */
    recentProjects: z.array(dashboardProjectSchema),
    /** Open tasks due today or in the next 7 days, soonest first (at most DUE_SOON_LIMIT). */
    dueSoon: z.array(dashboardTaskSchema),
  })
  .meta({ id: "DeveloperDashboard" });
export type DeveloperDashboard = Json<typeof developerDashboardSchema>;

/** GET /api/dashboard: the signed-in person's dashboard, chosen by their role. */
export const dashboardSchema = z
  .discriminatedUnion("role", [clientDashboardSchema, developerDashboardSchema])
  .meta({ id: "Dashboard" });
export type Dashboard = Json<typeof dashboardSchema>;

/** Spec §9: dashboard lists capped at 5; recent invoices show 3. Tasks due soon: the next 7 days, at most 10. */
export const DASHBOARD_PROJECTS_LIMIT = 5;
export const DASHBOARD_INVOICES_LIMIT = 3;
export const DUE_SOON_DAYS = 7;
export const DUE_SOON_LIMIT = 10;

/** Someone on a project page now (issue #8), as the live channel pushes them; never stored. */
export type PresenceViewer = { userId: string; name: string; typing: boolean };

/** Projects with something unread a person's summary lists (their cards' badges); the total counts them all. */
export const UNREAD_PROJECTS_MAX = 500;
export const unreadSummarySchema = z
  .object({
    total: z.number().int(),
    projects: z.array(z.object({ projectId: z.string(), unread: z.number().int() })),
  })
  .meta({ id: "UnreadSummary" });
export type UnreadSummary = z.input<typeof unreadSummarySchema>;
export const readStateSchema = z
  .object({ unread: z.number().int(), lastReadAt: timestamp.nullable() })
  .meta({ id: "ReadState" });
export type ReadState = z.input<typeof readStateSchema>;

/** The notification centre (issue #8 item 4). */
export const NOTIFICATION_KINDS = [
  "message",
  "milestone_added",
  "milestone_paid",
  "invoice_issued",
  "invoice_paid",
  "invoice_overdue",
  "order_status",
  "order_new",
  "order_withdrawn",
  "enquiry_new",
  "task_assigned",
  "task_status",
  "project_added",
  "project_status",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    readAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Notification" });
export type Notification = z.input<typeof notificationSchema>;
/** The bell counts unread notifications up to this many and shows "99+" past 99: a count need not read them all. */
export const NOTIFICATIONS_COUNTED_MAX = 100;
export const notificationCountSchema = z
  .object({ unread: z.number().int().max(NOTIFICATIONS_COUNTED_MAX) })
  .meta({ id: "NotificationCount" });
