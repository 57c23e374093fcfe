import { z } from "zod";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES, PLAN_CATEGORIES } from "./domain";

/**
 * The public site's API shapes: the published plans and the contact
 * enquiry. The enquiry's input schema lives in ./enquiry (zod/mini, shipped
 * to browsers by the contact form); the rest are server-side response shapes.
 */
export { type EnquiryData, type EnquiryInput, enquiryInputSchema } from "./enquiry";

export const PLAN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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
