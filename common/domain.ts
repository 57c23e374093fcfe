/**
 * Domain vocabulary shared by the server, the database schema and the SPA.
 * The database enforces these lists with check constraints.
 */
export * from "./enquiry-options";
export * from "./site-domain";

/** The years a date of the product may fall in (common/schemas.ts, calendarDate). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

export const ROLES = ["admin", "developer", "client"] as const;
export type Role = (typeof ROLES)[number];

/** How each role reads on screen (Settings' account type, staff badges). */
export const ROLE_LABELS: Record<Role, string> = { admin: "Administrator", developer: "Developer", client: "Client" };

export const PROJECT_STATUSES = ["active", "completed", "on_hold", "cancelled"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** How each project status reads on screen (badges, the project form, Show, the analytics). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: "Active",
  completed: "Completed",
  on_hold: "On Hold",
  cancelled: "Cancelled",
};

export const MILESTONE_STATUSES = ["pending", "completed"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const PAYMENT_STATUSES = ["unpaid", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVOICE_STATUSES = ["paid", "unpaid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How each invoice status reads, on screen and on the PDF. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  paid: "Paid",
  unpaid: "Unpaid",
  overdue: "Overdue",
};

export const TASK_STATUSES = ["todo", "in_progress", "review", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** A task's status as people read it: the portal's selects and badges, and the bell's and mail's notices. */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: "To Do",
  in_progress: "In Progress",
  review: "Review",
  completed: "Completed",
};

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const SERVICE_STATUSES = ["active", "inactive"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const ORDER_STATUSES = ["pending", "approved", "cancelled", "in_progress", "completed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec §5: at least 8 characters with letters, numbers and symbols. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_POLICY_MESSAGE =
  "Password must be at least 8 characters and include letters, numbers and symbols.";
export function passwordMeetsPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export const MESSAGE_MAX_LENGTH = 4000;
/**
 * The pages the portal asks for, kept here so that the benchmarks (bench/portal-large-routes.ts,
 * bench/admin-large-routes.ts) measure the requests the product makes. The API's own default and
 * cap for a page are server/http/cursor.ts's.
 */
/** A project thread's page: the newest 50 first, older ones on request. */
export const MESSAGES_PAGE_SIZE = 50;
/** Project cards (Projects) and task cards (My Tasks, Admin › Tasks): 24 fill rows of 1, 2, 3 or 4 cards. */
export const PROJECTS_PAGE_SIZE = 24;
export const TASKS_PAGE_SIZE = 24;
/** Table rows: a client has a few invoices, an administrator every client's (200,000 in the large data set). */
export const INVOICES_PAGE_SIZE = 50;
/** My Orders' cards. */
export const ORDERS_PAGE_SIZE = 12;
/** A project's files. */
export const FILES_PAGE_SIZE = 20;
export const MILESTONE_TITLE_MAX_LENGTH = 200;
export const MILESTONE_DESCRIPTION_MAX_LENGTH = 2000;
/** A project's milestones are read as one list (not paged): this many at most. */
export const MILESTONES_PER_PROJECT_MAX = 200;
/** Why a paid milestone stays: it records money received (DELETE /api/milestones/:id answers 409 with it). */
export const PAID_MILESTONE_KEPT = "A paid milestone cannot be deleted.";
/**
 * Why a project stays (DELETE /api/admin/projects/:id answers 409 with them): its invoices and paid
 * milestones record money, and a deletion would take them with it.
 */
export const PROJECT_INVOICED_KEPT =
  "This project has invoices, which are kept as financial records. Set its status to Cancelled instead.";
export const PROJECT_PAID_KEPT =
  "This project has paid milestones, which record money received. Set its status to Cancelled instead.";
export const PASSWORD_MAX_LENGTH = 128;
/** Notes a client adds to a service order; the order dialog's textarea stops at the same length. */
export const ORDER_NOTES_MAX_LENGTH = 2000;
