import { z } from "zod";
import { NOTIFICATION_KINDS, type NotificationKind } from "./api";
import type { Role } from "./domain";

/**
 * E-mail notifications (issue #8 item 5): which kinds a person may choose
 * by role (the kinds the notification centre sends them: a client follows the
 * tasks on their projects but is never told of them), their names in Settings
 * and on the unsubscribe page, and the defaults when a person has not chosen:
 * every kind on but task status changes, which are noisy.
 */
export const MAIL_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  admin: [
    "message",
    "milestone_added",
    "milestone_paid",
    "order_new",
    "order_withdrawn",
    "enquiry_new",
    "task_assigned",
    "task_status",
  ],
  developer: [
    "message",
    "milestone_added",
    "milestone_paid",
    "task_assigned",
    "task_status",
    "project_added",
    "project_status",
  ],
  client: [
    "message",
    "milestone_added",
    "milestone_paid",
    "invoice_issued",
    "invoice_paid",
    "invoice_overdue",
    "order_status",
    "project_added",
    "project_status",
  ],
};

export const MAIL_KIND_LABELS: Record<NotificationKind, string> = {
  message: "New messages on your projects",
  milestone_added: "Milestones added",
  milestone_paid: "Milestones paid",
  invoice_issued: "Invoices issued",
  invoice_paid: "Invoices paid",
  invoice_overdue: "Invoices past their due date",
  order_status: "Booking status changes",
  order_new: "New bookings",
  order_withdrawn: "Bookings cancelled by their client",
  enquiry_new: "New enquiries",
  task_assigned: "Tasks assigned to you",
  task_status: "Task status changes",
  project_added: "Projects you are added to",
  project_status: "Project status changes",
};

export const mailKindDefault = (kind: NotificationKind): boolean => kind !== "task_status";

export const mailPreferenceSchema = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string(), enabled: z.boolean() })
  .meta({ id: "MailPreference" });
export const mailPreferencesSchema = z.object({ items: z.array(mailPreferenceSchema) }).meta({ id: "MailPreferences" });
export type MailPreferences = z.input<typeof mailPreferencesSchema>;

/** PUT body: only the kinds being changed, each on or off. */
export const mailPreferencesUpdateSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type MailPreferencesUpdate = z.input<typeof mailPreferencesUpdateSchema>;

export const unsubscribeQuerySchema = z.strictObject({
  token: z.string().trim().min(1, "The unsubscribe link is incomplete.").max(512, "The unsubscribe link is not valid."),
});
export const unsubscribeResultSchema = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string() })
  .meta({ id: "UnsubscribeResult" });
export type UnsubscribeResult = z.input<typeof unsubscribeResultSchema>;
/** The unsubscribe page's one action: what the person presses to turn the mail off. */
export const UNSUBSCRIBE_ACTION = "Turn off these e-mails";
export const UNSUBSCRIBE_BAD_TOKEN =
  "This unsubscribe link is not valid. Change your e-mail settings in Settings instead.";
