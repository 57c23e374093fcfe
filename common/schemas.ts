import { z } from "zod";
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, ORDER_NOTES_MAX_LENGTH, TASK_STATUSES } from "./domain";
import "./error-map";
import { tooLong } from "./messages";
import { isBlank } from "./text";

export const MESSAGE_EMPTY = "Message cannot be empty";

export { emailSchema } from "./email";

/** Field schemas shared by the SPA's forms and the server's validation. */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Full name is required")
  .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH));
export const companyNameSchema = z.string().trim().max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH));

export const profileUpdateSchema = z.strictObject({
  fullName: fullNameSchema.optional(),
  companyName: companyNameSchema.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const messageSendSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, tooLong(MESSAGE_MAX_LENGTH))
    // Only spaces or zero-width characters shows nothing: as empty as "".
    .refine((text) => !isBlank(text), MESSAGE_EMPTY),
});
export type MessageSend = z.infer<typeof messageSendSchema>;

export const uuidParam = z.uuid("This is not a valid id.");

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
  serviceId: z.uuid("Choose a service to order."),
  notes: orderNotesSchema.optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;
