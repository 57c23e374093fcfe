import { z } from "zod/mini";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "./domain";
import { emailSchema } from "./email";

/**
 * The contact enquiry as sent by the public site's form: the form and the
 * server (POST /api/enquiries) validate with this one schema. zod/mini keeps
 * the contact page's bundle small; every check names its own message because
 * zod/mini loads no locale.
 */
const emptyToUndefined = <T extends string>(value: T): Exclude<T, ""> | undefined =>
  value === "" ? undefined : (value as Exclude<T, "">);

const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)),
      z.transform(emptyToUndefined<string>),
    ),
  );

/** "" from an untouched <select> means "not chosen". */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.optional(z.pipe(z.union([z.literal(""), z.enum(values, message)]), z.transform(emptyToUndefined<"" | T[number]>)));

const requiredText = (max: number, required: string, tooLong = `Must be at most ${max} characters`) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

export const enquiryInputSchema = z.strictObject({
  firstName: requiredText(80, "First name is required"),
  lastName: requiredText(80, "Last name is required"),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, "E-mail is required")), emailSchema),
  company: optionalText(120),
  service: optionalChoice(ENQUIRY_SERVICES, "Choose one of the listed services"),
  budget: optionalChoice(ENQUIRY_BUDGETS, "Choose one of the listed budgets"),
  plan: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(60, "Must be at most 60 characters"),
          z.regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Unknown plan"),
        ),
      z.transform(emptyToUndefined<string>),
    ),
  ),
  message: requiredText(5000, "Message is required", "Message must be at most 5000 characters"),
  /** Honeypot: a visually hidden field people never fill in; bots do. */
  website: z.optional(z.string().check(z.maxLength(500, "Must be at most 500 characters"))),
});
export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type EnquiryData = z.output<typeof enquiryInputSchema>;
