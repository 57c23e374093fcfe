import { z } from "zod";
import { adminTableQuery } from "./admin";
import {
  ADMIN_PAGE_MAX,
  BOOKING_SORTS,
  BOOKING_TABLE_DEFAULTS,
  SERVICES_PAGE_SIZE,
  SUBSCRIPTION_SORTS,
  SUBSCRIPTION_TABLE_DEFAULTS,
} from "./admin-table";
import { serviceSchema, timestamp } from "./api";
import { ORDER_STATUSES, SERVICE_STATUSES } from "./domain";
import "./error-map";
import { ONE_LINE, tooLong } from "./messages";
import { amountSchema, chosenId, toMinorUnits } from "./schemas";
import { featureLines, isBlank, ONE_LINE_PATTERN } from "./text";

/** The admin console's services and bookings (issue #7 items 8–10): forms, queries and answers. */

export const SERVICE_TITLE_MAX_LENGTH = 200;
export const SERVICE_DESCRIPTION_MAX_LENGTH = 4000;
export const SERVICE_DURATION_MAX_LENGTH = 100;
export const SERVICE_FEATURE_MAX_LENGTH = 200;
export const SERVICE_FEATURES_MAX = 50;
/** The features textarea whole: every feature at its longest, each on its line. */
export const SERVICE_FEATURES_TEXT_MAX_LENGTH = SERVICE_FEATURES_MAX * (SERVICE_FEATURE_MAX_LENGTH + 2);
/** ₦10,000,000,000.00 at most: far above any service, well inside a bigint. */
export const SERVICE_PRICE_MAX_MAJOR = 10_000_000_000;

/**
 * The service dialog's form, and the body of POST/PUT /api/admin/services:
 * the same schema validates both. Its input is what the form holds (price as
 * text, features as lines); its output is what is stored (price in minor
 * units, features as a list).
 */
export const serviceInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .refine((text) => !isBlank(text), "Title is required")
    .max(SERVICE_TITLE_MAX_LENGTH, tooLong(SERVICE_TITLE_MAX_LENGTH))
    .regex(ONE_LINE_PATTERN, ONE_LINE),
  price: amountSchema
    .refine((text) => Number(text) <= SERVICE_PRICE_MAX_MAJOR, "Price is too large")
    .transform(toMinorUnits),
  description: z.string().trim().max(SERVICE_DESCRIPTION_MAX_LENGTH, tooLong(SERVICE_DESCRIPTION_MAX_LENGTH)),
  estimatedDuration: z
    .string()
    .trim()
    .max(SERVICE_DURATION_MAX_LENGTH, tooLong(SERVICE_DURATION_MAX_LENGTH))
    .regex(ONE_LINE_PATTERN, ONE_LINE)
    .transform((text) => (text === "" ? null : text)),
  features: z
    .string()
    .max(SERVICE_FEATURES_TEXT_MAX_LENGTH, tooLong(SERVICE_FEATURES_TEXT_MAX_LENGTH))
    .transform(featureLines)
    .refine((lines) => lines.length <= SERVICE_FEATURES_MAX, `List at most ${SERVICE_FEATURES_MAX} features`)
    .refine(
      (lines) => lines.every((line) => line.length <= SERVICE_FEATURE_MAX_LENGTH),
      `Keep each feature to at most ${SERVICE_FEATURE_MAX_LENGTH} characters`,
    ),
  allowMilestones: z.boolean(),
  status: z.enum(SERVICE_STATUSES, "Choose active or inactive"),
});
export type ServiceFormValues = z.input<typeof serviceInputSchema>;
/** Create a service: the dialog's fields and the id the dialog chose. */
export const serviceCreateSchema = serviceInputSchema.safeExtend(chosenId);
export type ServiceInput = z.output<typeof serviceInputSchema>;

export const servicesPageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX, `Pages go up to ${ADMIN_PAGE_MAX}.`).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(SERVICES_PAGE_SIZE),
});

/** What DELETE did: a service nobody ordered is deleted; one with orders is deactivated and kept. */
export const serviceRemovalSchema = z
  .object({ outcome: z.enum(["deleted", "deactivated"]), service: serviceSchema })
  .meta({ id: "ServiceRemoval" });
export type ServiceRemoval = z.input<typeof serviceRemovalSchema>;

export const bookingsQuerySchema = adminTableQuery(BOOKING_SORTS, BOOKING_TABLE_DEFAULTS).extend({
  status: z.enum(ORDER_STATUSES).optional(),
});
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

export const bookingCountsSchema = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    cancelled: z.number().int(),
  })
  .meta({ id: "BookingCounts" });
export type BookingCounts = z.input<typeof bookingCountsSchema>;

export const subscriptionsQuerySchema = adminTableQuery(SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS);
export type SubscriptionsQuery = z.infer<typeof subscriptionsQuerySchema>;

/** An approved order as an active subscription: `since` is when it was approved. */
export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    clientId: z.string(),
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    clientDeactivated: z.boolean(),
    serviceTitle: z.string(),
    amountMinor: z.number().int(),
    since: timestamp,
  })
  .meta({ id: "Subscription" });
export type Subscription = z.input<typeof subscriptionSchema>;

export const subscriptionsPageSchema = z
  .object({
    items: z.array(subscriptionSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Every active subscription's amount, added up: the monthly revenue. */
    monthlyRevenueMinor: z.number().int(),
    /** How many subscriptions that revenue is of: every active one, searched or not (`total` counts the matches). */
    activeCount: z.number().int(),
  })
  .meta({ id: "SubscriptionsPage" });
export type SubscriptionsPage = z.input<typeof subscriptionsPageSchema>;
