import { z } from "zod/mini";
import { emailSchema } from "./email";
import {
  ENQUIRY_BUDGETS,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_SERVICES,
  NAME_MAX_LENGTH,
} from "./enquiry-options";
import { ONE_LINE, tooLong } from "./messages";
import { isBlank, ONE_LINE_PATTERN } from "./text";

/**
 * The contact enquiry as sent by the public site's form: the form and the
 * server (POST /api/enquiries) validate with this one schema. zod/mini keeps
 * the contact page's bundle small; every check names its own message because
 * zod/mini loads no locale.
 */
const emptyToUndefined = <T extends string>(value: T): Exclude<T, ""> | undefined =>
  value === "" ? undefined : (value as Exclude<T, "">);

/** A name or a company: one line (ONE_LINE_PATTERN). */
const oneLine = z.regex(ONE_LINE_PATTERN, ONE_LINE);

const optionalLine = (max: number) =>
  z.optional(
    z.pipe(z.string().check(z.trim(), z.maxLength(max, tooLong(max)), oneLine), z.transform(emptyToUndefined<string>)),
  );

/** "" from an untouched <select> means "not chosen". */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.optional(z.pipe(z.union([z.literal(""), z.enum(values, message)]), z.transform(emptyToUndefined<"" | T[number]>)));

/** Not only spaces or zero-width characters (which trim leaves). */
const shown = (required: string) => z.refine<string>((text) => !isBlank(text), required);
const requiredText = (max: number, required: string) =>
  z.string().check(z.trim(), z.minLength(1, required), shown(required), z.maxLength(max, tooLong(max)));
const requiredLine = (max: number, required: string) =>
  z.string().check(z.trim(), z.minLength(1, required), shown(required), z.maxLength(max, tooLong(max)), oneLine);

export const enquiryInputSchema = z.strictObject({
  firstName: requiredLine(ENQUIRY_NAME_MAX_LENGTH, "First name is required"),
  lastName: requiredLine(ENQUIRY_NAME_MAX_LENGTH, "Last name is required"),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, "E-mail is required")), emailSchema),
  company: optionalLine(NAME_MAX_LENGTH),
  service: optionalChoice(ENQUIRY_SERVICES, "Choose one of the listed services"),
  budget: optionalChoice(ENQUIRY_BUDGETS, "Choose one of the listed budgets"),
  plan: z.optional(
    z.pipe(
      z
        .string()
        .check(z.trim(), z.maxLength(60, tooLong(60)), z.regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Unknown plan")),
      z.transform(emptyToUndefined<string>),
    ),
  ),
  message: requiredText(ENQUIRY_MESSAGE_MAX_LENGTH, "Message is required"),
  /** Honeypot: a visually hidden field people never fill in; bots do. */
  website: z.optional(z.string().check(z.maxLength(500, tooLong(500)))),
});
export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type EnquiryData = z.output<typeof enquiryInputSchema>;
