import { z } from "zod";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES, PLAN_CATEGORIES } from "./domain";
import { emailSchema } from "./schemas";

/**
 * The public site's API shapes: the published plans and the contact
 * enquiry. The SPA's form and the server validate with the same schema.
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/** "" from an untouched <select> means "not chosen". */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(""), z.enum(values, message)])
    .transform((value) => (value === "" ? undefined : value))
    .optional();

export const PLAN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const enquiryInputSchema = z.strictObject({
  firstName: z.string().trim().min(1, "First name is required").max(80, "Must be at most 80 characters"),
  lastName: z.string().trim().min(1, "Last name is required").max(80, "Must be at most 80 characters"),
  email: z.string().trim().min(1, "E-mail is required").pipe(emailSchema),
  company: optionalText(120),
  service: optionalChoice(ENQUIRY_SERVICES, "Choose one of the listed services"),
  budget: optionalChoice(ENQUIRY_BUDGETS, "Choose one of the listed budgets"),
  plan: z
    .string()
    .trim()
    .max(60)
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Unknown plan")
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
  message: z.string().trim().min(1, "Message is required").max(5000, "Message must be at most 5000 characters"),
  /** Honeypot: a visually hidden field people never fill in; bots do. */
  website: z.string().max(500).optional(),
});
export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type EnquiryData = z.output<typeof enquiryInputSchema>;

const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (value) => new Date(value),
  encode: (value) => value.toISOString(),
});

export const enquirySchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    service: z.enum(ENQUIRY_SERVICES).nullable(),
    budget: z.enum(ENQUIRY_BUDGETS).nullable(),
    plan: z.string().nullable(),
    message: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: "Enquiry" });
export type Enquiry = z.input<typeof enquirySchema>;

export const enquiryReceiptSchema = z
  .object({ received: z.literal(true), message: z.string() })
  .meta({ id: "EnquiryReceipt" });
export type EnquiryReceipt = z.input<typeof enquiryReceiptSchema>;

export const planSchema = z
  .object({
    slug: z.string(),
    category: z.enum(PLAN_CATEGORIES),
    name: z.string(),
    /** Whole minor units (kobo for NGN). */
    priceMinor: z.number().int(),
    currency: z.string(),
    period: z.string(),
    description: z.string(),
    features: z.array(z.string()),
    isPopular: z.boolean(),
    badge: z.string().nullable(),
  })
  .meta({ id: "Plan" });
export type Plan = z.input<typeof planSchema>;
