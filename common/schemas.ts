import { z } from "zod";
import {
  FIRST_YEAR,
  LAST_YEAR,
  MESSAGE_MAX_LENGTH,
  MILESTONE_DESCRIPTION_MAX_LENGTH,
  MILESTONE_TITLE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  ORDER_NOTES_MAX_LENGTH,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "./domain";
import "./error-map";
import { DATE_OUT_OF_RANGE, ONE_LINE, tooLong } from "./messages";
import { isBlank, ONE_LINE_PATTERN } from "./text";

export const MESSAGE_EMPTY = "Message cannot be empty";

/**
 * A day as YYYY-MM-DD, in the years the product keeps (FIRST_YEAR to LAST_YEAR): every date a
 * person enters or filters by. PostgreSQL has no year 0 (ISO's "0000" is 1 BC), and a year far
 * from now is a slip of the keyboard, not a project's date.
 */
export const calendarDate = (message = "Enter a date as YYYY-MM-DD.") =>
  z.iso.date(message).refine((day) => {
    const year = Number(day.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, DATE_OUT_OF_RANGE);

/** A date input's bounds, so its picker offers only the days calendarDate accepts. */
export const DATE_INPUT_RANGE = { min: `${FIRST_YEAR}-01-01`, max: `${LAST_YEAR}-12-31` };

export { emailSchema } from "./email";

/** Field schemas shared by the SPA's forms and the server's validation. */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Full name is required")
  // Zero-width characters are not trimmed: a name of only those shows as nothing everywhere it is used.
  .refine((text) => !isBlank(text), "Full name is required")
  .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH))
  .regex(ONE_LINE_PATTERN, ONE_LINE);
export const companyNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH))
  .regex(ONE_LINE_PATTERN, ONE_LINE);

export const profileUpdateSchema = z.strictObject({
  fullName: fullNameSchema.optional(),
  companyName: companyNameSchema.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const uuidParam = z.uuid("This is not a valid id.");

/**
 * What an edit form that writes every field of a row sends beside them: the row's `updatedAt` as the
 * form read it. A save from a form opened before someone else's change is refused (409) with this text:
 * written, it put back what the form showed and undid that change without a word (two administrators
 * on one project, or a developer moving the task an administrator is editing).
 */
export const EDITED_MEANWHILE =
  "Someone else changed this after you opened it. Close this form and open it again to see their changes.";
/**
 * The id of a new row, chosen by the page that creates it: sent again because its answer was lost (or
 * twice at once), the creation names the row it already is and is answered with it (200), not made,
 * audited or told twice (server/http/created-before.ts). Spread into a creation's body schema.
 */
export const chosenId = { id: uuidParam.optional() };

export const editedVersion = {
  expectedUpdatedAt: z.iso.datetime({
    offset: true,
    error: "Open the form again: it did not say which version it edits.",
  }),
};

/** How many files one message may carry (issue #8, item 6). */
export const MESSAGE_FILES_MAX = 10;
export const MESSAGE_TOO_MANY_FILES = `Attach at most ${MESSAGE_FILES_MAX} files to a message.`;

/**
 * A message: text, files of the same project (uploaded first, by their ids),
 * or both. Text of only spaces or zero-width characters shows nothing, so it
 * is as empty as "": refused without files, stored as "" with them.
 */
export const messageSendSchema = z
  .strictObject({
    /**
     * The message's id, chosen by the sender: a send repeated because its answer was lost (Retry after a
     * dropped connection) names the message it already is, and is answered with it, not sent twice.
     */
    ...chosenId,
    message: z.string().trim().max(MESSAGE_MAX_LENGTH, tooLong(MESSAGE_MAX_LENGTH)).default(""),
    fileIds: z
      .array(uuidParam)
      .max(MESSAGE_FILES_MAX, MESSAGE_TOO_MANY_FILES)
      .refine((ids) => new Set(ids).size === ids.length, "The same file is attached twice.")
      .default([]),
  })
  .refine((body) => body.fileIds.length > 0 || !isBlank(body.message), {
    message: MESSAGE_EMPTY,
    path: ["message"],
  });
export type MessageSend = z.input<typeof messageSendSchema>;
/** Why the server refused a message's files (checked against the database, so not by the schema). */
export const ATTACH_NOT_FOUND = "A file to attach was not found in this project. Upload it again.";
export const ATTACH_NOT_YOURS = "You can only attach files you uploaded.";
export const ATTACH_TAKEN = "A file to attach is already on another message. Upload it again to send it here.";
/** Read up to this message of the thread (the newest the person was shown). */
export const markReadSchema = z.strictObject({ upTo: uuidParam });

/** The only change My Tasks makes: a task's status, nothing else. */
export const taskStatusUpdateSchema = z.strictObject({ status: z.enum(TASK_STATUSES) });
export type TaskStatusUpdate = z.infer<typeof taskStatusUpdateSchema>;

/** A client's notes on a service order: optional, trimmed, at most ORDER_NOTES_MAX_LENGTH characters. */
export const orderNotesSchema = z.string().trim().max(ORDER_NOTES_MAX_LENGTH, tooLong(ORDER_NOTES_MAX_LENGTH));

/**
 * What a client sends to order a service: the service and notes, nothing
 * else. The server sets the client, the total (the service's price) and the
 * status (pending); a body naming any of them is refused.
 */
export const orderCreateSchema = z.strictObject({
  /**
   * The order's id, chosen by the client: an order sent again because its answer was lost (the dialog's
   * Submit pressed again after a dropped connection) names the order it already is, and is answered
   * with it, not placed twice.
   */
  ...chosenId,
  serviceId: z.uuid("Choose a service to order."),
  notes: orderNotesSchema.optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;
/** Up to 12 whole digits (a trillion naira) and at most two decimals, as a person types it. */
const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
export const AMOUNT_FORMAT = "Enter an amount like 1500 or 1500.50, with at most two decimals.";

/** A money amount as typed ("1500.50"): a decimal string, so no float ever stands between the form and kobo. */
export const amountSchema = z.string().trim().min(1, "Enter an amount.").regex(AMOUNT_PATTERN, AMOUNT_FORMAT);

/** "1500.5" → 150050 (kobo), exactly. Only for text amountSchema accepted. */
export function toMinorUnits(amount: string): number {
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 150050 (kobo) → "1500.50": how a form shows a stored amount, and a CSV writes one (spreadsheets add these up). */
export function fromMinorUnits(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const whole = Math.trunc(Math.abs(minor) / 100);
  return `${sign}${whole}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;
}

/** Spec §5 milestone create: title, description, amount (two decimals), optional due date. The server sets the rest. */
export const milestoneCreateSchema = z.strictObject({
  /**
   * The milestone's id, chosen by the dialog that adds it (its pending row has it too): sent again because
   * its answer was lost, it names the milestone it already is and is answered with it, not added twice.
   */
  ...chosenId,
  title: z
    .string()
    .trim()
    .min(1, "Enter a title.")
    .max(MILESTONE_TITLE_MAX_LENGTH, tooLong(MILESTONE_TITLE_MAX_LENGTH))
    .regex(ONE_LINE_PATTERN, ONE_LINE)
    .refine((text) => !isBlank(text), "Enter a title."),
  description: z
    .string()
    .trim()
    .max(MILESTONE_DESCRIPTION_MAX_LENGTH, tooLong(MILESTONE_DESCRIPTION_MAX_LENGTH))
    .optional(),
  amount: amountSchema,
  dueDate: calendarDate().nullable().optional(),
});
export type MilestoneCreate = z.infer<typeof milestoneCreateSchema>;

/**
 * The only changes the product makes to a milestone (spec §4): Mark Complete
 * sends {status:"completed"}, Mark as Paid {paymentStatus:"paid"}. Any other
 * field is refused; the server records paid_date itself.
 */
export const milestoneUpdateSchema = z
  .strictObject({
    status: z.literal("completed", 'Only "completed" can be set.').optional(),
    paymentStatus: z.literal("paid", 'Only "paid" can be set.').optional(),
  })
  .refine((body) => body.status !== undefined || body.paymentStatus !== undefined, {
    message: "Send status or paymentStatus.",
    path: ["status"],
  });
export type MilestoneUpdate = z.infer<typeof milestoneUpdateSchema>;

/** Admin › Tasks (issue #7): the create and edit dialog's fields, the same on the client and the server. */
export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 5000;
/** An optional reference or date a form sends as "" when left empty: stored as null. */
const emptyAsNull = <T extends z.ZodType>(inner: T) =>
  z
    .union([z.literal("").transform(() => null), inner])
    .nullable()
    .optional()
    .transform((value) => value ?? null);
export const taskInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .max(TASK_TITLE_MAX_LENGTH, tooLong(TASK_TITLE_MAX_LENGTH))
    .regex(ONE_LINE_PATTERN, ONE_LINE)
    .refine((text) => !isBlank(text), "Title is required"),
  description: z
    .string()
    .trim()
    .max(TASK_DESCRIPTION_MAX_LENGTH, tooLong(TASK_DESCRIPTION_MAX_LENGTH))
    .optional()
    .transform((text) => text ?? ""),
  status: z.enum(TASK_STATUSES, "Choose a status.").default("todo"),
  priority: z.enum(TASK_PRIORITIES, "Choose a priority.").default("medium"),
  assignedTo: emptyAsNull(z.string().max(100, "Choose someone from the list.")),
  projectId: emptyAsNull(z.uuid("Choose a project from the list.")),
  dueDate: emptyAsNull(calendarDate()),
});
export type TaskInput = z.input<typeof taskInputSchema>;
/** Create task: the dialog's fields and the id the dialog chose. */
export const taskCreateSchema = taskInputSchema.safeExtend(chosenId);
export type TaskData = z.output<typeof taskInputSchema>;
