import { z } from "zod";
import { adminTableQuery } from "./admin";
import { PAYMENT_FILTERS, PAYMENT_SORTS, PAYMENT_TABLE_DEFAULTS } from "./admin-table";

export type { PaymentSort } from "./admin-table";

import { invoiceSchema, projectSchema, timestamp } from "./api";
import { PROJECT_STATUSES } from "./domain";
import { ONE_LINE, tooLong } from "./messages";
import { amountSchema, calendarDate, chosenId, editedVersion, toMinorUnits } from "./schemas";
import { isBlank, ONE_LINE_PATTERN } from "./text";

/**
 * The admin console's money and projects (issue #7 items 5 and 7): the
 * payments table, a new invoice, a new or edited project, and the bounded
 * pickers their forms read. The SPA's forms and the server validate with the
 * same schemas.
 */

export const paymentsQuerySchema = adminTableQuery(PAYMENT_SORTS, PAYMENT_TABLE_DEFAULTS).extend({
  status: z.enum(PAYMENT_FILTERS).optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

/** A row of the payments table: the invoice as the portal shows it, with its client's e-mail. */
export const adminPaymentSchema = invoiceSchema
  .extend({
    clientEmail: z.string(),
    /** What Edit invoice sends back as the version it edits (common/schemas.ts editedVersion). */
    updatedAt: timestamp,
  })
  .meta({ id: "AdminPayment" });
export type AdminPayment = z.input<typeof adminPaymentSchema>;

/** A person offered by a picker (clients for an invoice or a project, developers to assign). */
export const personOptionSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), companyName: z.string().nullable() })
  .meta({ id: "PersonOption" });
export type PersonOption = z.input<typeof personOptionSchema>;

/** A person a task may be assigned to (Admin › Tasks' assignee selects): staff, with whether they are a developer. */
export const taskAssigneeOptionSchema = z
  .object({ id: z.string(), name: z.string(), role: z.string() })
  .meta({ id: "TaskAssigneeOption" });
export type TaskAssigneeOption = z.input<typeof taskAssigneeOptionSchema>;

/** How many people a picker offers at most: it is searched, never the whole table. */
export const PICKER_LIMIT = 20;
export const DEVELOPER_PICKER_LIMIT = 100;
/**
 * How many projects Admin › Tasks' project selects offer at most: the first titles, or the first that
 * start with the search. The search is how one finds a project among thousands; a select of 200
 * titles served no one and made the options the admin bench's slowest read but one (S36).
 */
export const TASK_PROJECT_OPTIONS_LIMIT = 50;
/** How many people Admin › Tasks' assignee selects offer at most, for one search or none (the large data set has 100 developers). */
export const ASSIGNEE_OPTIONS_LIMIT = 200;
export const pickerQuerySchema = z.strictObject({
  q: z.string().trim().max(100, tooLong(100)).optional(),
  limit: z.coerce.number().int().min(1).max(DEVELOPER_PICKER_LIMIT).default(PICKER_LIMIT),
});

export const projectOptionSchema = z.object({ id: z.uuid(), title: z.string() }).meta({ id: "ProjectOption" });
export type ProjectOption = z.input<typeof projectOptionSchema>;
/** A client's projects offered by the new invoice form (their newest first). */
export const PROJECT_OPTIONS_LIMIT = 100;

export const CHOOSE_CLIENT = "Choose a client.";
export const AMOUNT_POSITIVE = "Enter an amount greater than zero.";
export const PROJECT_NOT_CLIENTS = "This project does not belong to the chosen client.";

/** A new invoice: client, optionally one of that client's projects, amount in naira (two decimals), due date. */
export const invoiceCreateSchema = z.strictObject({
  /**
   * The invoice's id, chosen by the page that creates it: sent again because its answer was lost, it
   * names the invoice it already is and is answered with it, not numbered, told and mailed twice.
   */
  ...chosenId,
  clientId: z.string().trim().min(1, CHOOSE_CLIENT).max(100),
  projectId: z.uuid("Choose one of the client's projects.").nullable(),
  amount: amountSchema.refine((amount) => toMinorUnits(amount) > 0, AMOUNT_POSITIVE),
  dueDate: calendarDate("Enter a due date."),
});
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

export const PAID_INVOICE_LOCKED = "A paid invoice cannot be changed.";
/** A paid invoice records money received: it is kept, as a paid milestone is. */
export const PAID_INVOICE_KEPT = "A paid invoice cannot be deleted.";

/**
 * An unpaid (or overdue) invoice corrected: its project (one of the same client's, or none), amount
 * and due date. Its client and number stay: an invoice for someone else is a new invoice. A paid
 * invoice records money received and is not edited (PAID_INVOICE_LOCKED).
 */
export const invoiceUpdateSchema = invoiceCreateSchema.omit({ id: true, clientId: true });
/** What Edit invoice sends: the fields and the version of the invoice its form read (common/schemas.ts editedVersion). */
export const invoiceEditSchema = invoiceUpdateSchema.safeExtend(editedVersion);
export type InvoiceEdit = z.infer<typeof invoiceEditSchema>;

export const PROJECT_TITLE_MAX_LENGTH = 200;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;
export const PROJECT_DEVELOPERS_MAX = 50;
export const END_BEFORE_START = "The end date cannot be before the start date.";

/** A project as an administrator creates or edits it: every field, the same schema for both. */
export const projectFormSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, "Enter a title.")
      .max(PROJECT_TITLE_MAX_LENGTH, tooLong(PROJECT_TITLE_MAX_LENGTH))
      .regex(ONE_LINE_PATTERN, ONE_LINE)
      .refine((text) => !isBlank(text), "Enter a title."),
    description: z.string().trim().max(PROJECT_DESCRIPTION_MAX_LENGTH, tooLong(PROJECT_DESCRIPTION_MAX_LENGTH)),
    clientId: z.string().trim().min(1, CHOOSE_CLIENT).max(100),
    developerIds: z
      .array(z.string().min(1).max(100))
      .max(PROJECT_DEVELOPERS_MAX, `Assign at most ${PROJECT_DEVELOPERS_MAX} developers.`)
      .refine((ids) => new Set(ids).size === ids.length, "Each developer can be assigned once."),
    status: z.enum(PROJECT_STATUSES),
    progress: z
      .number("Enter a progress from 0 to 100.")
      .int("Enter a whole number from 0 to 100.")
      .min(0, "Enter a progress from 0 to 100.")
      .max(100, "Enter a progress from 0 to 100."),
    startDate: calendarDate().nullable(),
    endDate: calendarDate().nullable(),
  })
  .refine((project) => !project.startDate || !project.endDate || project.endDate >= project.startDate, {
    message: END_BEFORE_START,
    path: ["endDate"],
  });
export type ProjectForm = z.infer<typeof projectFormSchema>;
/** New project: every field, and the id the page chose. */
export const projectCreateSchema = projectFormSchema.safeExtend(chosenId);
export type ProjectCreate = z.infer<typeof projectCreateSchema>;
/** Edit project: every field, from the version of the project the dialog read. */
export const projectEditSchema = projectFormSchema.safeExtend(editedVersion);
export type ProjectEdit = z.infer<typeof projectEditSchema>;

/** A project as the edit dialog loads it: the portal's project with its assigned developers. */
export const adminProjectSchema = projectSchema
  .extend({
    developers: z.array(personOptionSchema),
    /** What Edit project sends back as the version it edits (common/schemas.ts editedVersion). */
    updatedAt: timestamp,
  })
  .meta({ id: "AdminProject" });
export type AdminProject = z.input<typeof adminProjectSchema>;
