/**
 * Domain vocabulary shared by the server, the database schema and the SPA.
 * The database enforces these lists with check constraints.
 */
export const ROLES = ["admin", "developer", "client"] as const;
export type Role = (typeof ROLES)[number];

/** How each role reads on screen (Settings' account type, staff badges). */
export const ROLE_LABELS: Record<Role, string> = { admin: "Administrator", developer: "Developer", client: "Client" };

export const PROJECT_STATUSES = ["active", "completed", "on_hold", "cancelled"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

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

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const SERVICE_STATUSES = ["active", "inactive"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const ORDER_STATUSES = ["pending", "approved", "cancelled", "in_progress", "completed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PLAN_CATEGORIES = ["social", "maintenance"] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

/** Spec §2: the four services, each with its page at /services/{id}. */
export const SERVICE_IDS = ["web-app-development", "digital-marketing", "brand-strategy", "it-solutions"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export function isServiceId(id: string): id is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(id);
}

/** The networks the footer can link to, each configured by its SOCIAL_<NETWORK>_URL variable. */
export const SOCIAL_NETWORKS = ["facebook", "instagram", "x", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Spec §9: the contact form's service and budget options, exactly. */
export const ENQUIRY_SERVICES = [...SERVICE_IDS, "multiple", "consultation"] as const;
export const ENQUIRY_BUDGETS = ["under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k", "discuss"] as const;

export type EnquiryService = (typeof ENQUIRY_SERVICES)[number];
export type EnquiryBudget = (typeof ENQUIRY_BUDGETS)[number];

/** How the options read on the form and in the enquiry mail. */
export const enquiryServiceLabels: Record<EnquiryService, string> = {
  "web-app-development": "Web & App Development",
  "digital-marketing": "Digital Marketing",
  "brand-strategy": "Brand Strategy",
  "it-solutions": "IT Solutions",
  multiple: "Multiple services",
  consultation: "Consultation only",
};

/**
 * The ids are the spec's; the labels are naira amounts on the scale of the
 * plans (₦80,000-₦300,000 a month), as a project budget reads next to them:
 * each id's figure in thousands of naira, times ten (README, Decisions).
 */
export const enquiryBudgetLabels: Record<EnquiryBudget, string> = {
  "under-10k": "Under ₦100,000",
  "10k-25k": "₦100,000 – ₦250,000",
  "25k-50k": "₦250,000 – ₦500,000",
  "50k-100k": "₦500,000 – ₦1,000,000",
  "over-100k": "Over ₦1,000,000",
  discuss: "Let's discuss",
};

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
/** A project thread's page: the newest 50 first, older ones on request. */
export const MESSAGES_PAGE_SIZE = 50;
export const MILESTONE_TITLE_MAX_LENGTH = 200;
export const MILESTONE_DESCRIPTION_MAX_LENGTH = 2000;
/** A project's milestones are read as one list (not paged): this many at most. */
export const MILESTONES_PER_PROJECT_MAX = 200;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 5000;
export const ENQUIRY_NAME_MAX_LENGTH = 80;
/** Lengths the forms set as maxLength, the same the schemas check. */
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
/** Notes a client adds to a service order; the order dialog's textarea stops at the same length. */
export const ORDER_NOTES_MAX_LENGTH = 2000;
