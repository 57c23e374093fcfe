import { z } from "zod";
import { timestamp } from "./api";
import { ONE_LINE } from "./messages";
import { amountSchema, editedVersion, toMinorUnits } from "./schemas";
import { PLAN_CATEGORIES } from "./site-domain";
import { featureLines, isBlank, ONE_LINE_PATTERN } from "./text";

/**
 * Plan management (issue #7 item 10): the admin console's plan form and API
 * shapes. The form and POST/PUT /api/admin/plans validate with the same
 * schema; the server turns its values into a row with `planValues`.
 * Server and admin console only: public pages read plans as `Plan`
 * (common/public.ts) without zod.
 */

export const PLAN_PERIODS = ["month", "quarter", "year"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export const PLAN_NAME_MAX_LENGTH = 80;
export const PLAN_DESCRIPTION_MAX_LENGTH = 500;
export const PLAN_BADGE_MAX_LENGTH = 30;
export const PLAN_FEATURE_MAX_LENGTH = 120;
export const PLAN_FEATURES_MAX = 20;
/** The features textarea whole: every feature at its longest, each on its line. */
export const PLAN_FEATURES_TEXT_MAX_LENGTH = PLAN_FEATURES_MAX * (PLAN_FEATURE_MAX_LENGTH + 2);
/** A category's plans are cards side by side on /plans: a price list, not a catalogue. */
export const PLANS_PER_CATEGORY_MAX = 12;
export const PLANS_MAX = PLANS_PER_CATEGORY_MAX * PLAN_CATEGORIES.length;
export const categoryFull = () => `A category can have at most ${PLANS_PER_CATEGORY_MAX} plans.`;

export const planInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Enter the plan's name.")
    .refine((text) => !isBlank(text), "Enter the plan's name.")
    .max(PLAN_NAME_MAX_LENGTH, `At most ${PLAN_NAME_MAX_LENGTH} characters.`)
    .regex(ONE_LINE_PATTERN, ONE_LINE),
  category: z.enum(PLAN_CATEGORIES, "Choose a category."),
  /** Naira as typed, two decimals at most ("150000.50"); stored in kobo. */
  price: amountSchema,
  period: z.enum(PLAN_PERIODS, "Choose a billing period."),
  description: z.string().trim().max(PLAN_DESCRIPTION_MAX_LENGTH, `At most ${PLAN_DESCRIPTION_MAX_LENGTH} characters.`),
  /** One feature a line; blank lines are dropped. */
  features: z
    .string()
    .max(PLAN_FEATURES_TEXT_MAX_LENGTH, "Too many features.")
    .refine((text) => featureLines(text).length <= PLAN_FEATURES_MAX, `At most ${PLAN_FEATURES_MAX} features.`)
    .refine(
      (text) => featureLines(text).every((line) => line.length <= PLAN_FEATURE_MAX_LENGTH),
      `Each feature at most ${PLAN_FEATURE_MAX_LENGTH} characters.`,
    ),
  isPopular: z.boolean(),
  /** Optional: empty means no badge. */
  badge: z
    .string()
    .trim()
    .max(PLAN_BADGE_MAX_LENGTH, `At most ${PLAN_BADGE_MAX_LENGTH} characters.`)
    .regex(ONE_LINE_PATTERN, ONE_LINE),
});
export type PlanInput = z.input<typeof planInputSchema>;
/** An edit sends the version of the plan its form read (common/schemas.ts editedVersion). */
export const planEditSchema = planInputSchema.safeExtend(editedVersion);
export type PlanEdit = z.input<typeof planEditSchema>;

/** The row fields a valid form sets. */
export function planValues(input: z.output<typeof planInputSchema>) {
  return {
    name: input.name,
    category: input.category,
    price: toMinorUnits(input.price),
    period: input.period,
    description: input.description,
    features: featureLines(input.features),
    isPopular: input.isPopular,
    badge: input.badge === "" ? null : input.badge,
  };
}

export const adminPlanSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    category: z.enum(PLAN_CATEGORIES),
    name: z.string(),
    priceMinor: z.number().int(),
    period: z.string(),
    description: z.string(),
    features: z.array(z.string()),
    isPopular: z.boolean(),
    badge: z.string().nullable(),
    hidden: z.boolean(),
    sortOrder: z.number().int(),
    /** What an edit sends back as the version it edits (common/schemas.ts editedVersion). */
    updatedAt: timestamp,
  })
  .meta({ id: "AdminPlan" });
export type AdminPlan = z.input<typeof adminPlanSchema>;

export const planMoveSchema = z.strictObject({ direction: z.enum(["up", "down"]) });
export type PlanMove = z.infer<typeof planMoveSchema>;

export const planVisibilitySchema = z.strictObject({ hidden: z.boolean() });
export type PlanVisibility = z.infer<typeof planVisibilitySchema>;
