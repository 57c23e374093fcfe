import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./domain";

export { emailSchema } from "./email";

/** Field schemas shared by the SPA's forms and the server's validation. */
export const fullNameSchema = z.string().trim().min(1, "Full name is required").max(120);
export const companyNameSchema = z.string().trim().max(120);

export const profileUpdateSchema = z.strictObject({
  fullName: fullNameSchema.optional(),
  companyName: companyNameSchema.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const messageSendSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, "Message cannot be empty")
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type MessageSend = z.infer<typeof messageSendSchema>;

export const uuidParam = z.uuid("Must be a valid id");
