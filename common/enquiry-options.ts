import { SERVICE_IDS } from "./site-domain";

/**
 * What the public contact form offers and accepts (common/domain.ts
 * re-exports it): kept apart so the contact page loads this, not the
 * portal's domain constants.
 */

/** Spec §9: the contact form's service and budget options, exactly. */
export const ENQUIRY_SERVICES = [...SERVICE_IDS, "multiple", "consultation"] as const;
export const ENQUIRY_BUDGETS = ["under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k", "discuss"] as const;

export type EnquiryService = (typeof ENQUIRY_SERVICES)[number];
export type EnquiryBudget = (typeof ENQUIRY_BUDGETS)[number];

/** How the options read on the form and in the enquiry mail. */
export const enquiryServiceLabels: Record<EnquiryService, string> = {
  "web-app-development": "Web & App Development",
  "digital-marketing": "Digital Marketing",
  "brand-strategy": "Brand Strategy",
  "it-solutions": "IT Solutions",
  multiple: "Multiple services",
  consultation: "Consultation only",
};

/**
 * The ids are the spec's; the labels are naira amounts on the scale of the
 * plans (₦80,000-₦300,000 a month), as a project budget reads next to them:
 * each id's figure in thousands of naira, times ten (README, Decisions).
 */
export const enquiryBudgetLabels: Record<EnquiryBudget, string> = {
  "under-10k": "Under ₦100,000",
  "10k-25k": "₦100,000 – ₦250,000",
  "25k-50k": "₦250,000 – ₦500,000",
  "50k-100k": "₦500,000 – ₦1,000,000",
  "over-100k": "Over ₦1,000,000",
  discuss: "Let's discuss",
};

export const ENQUIRY_MESSAGE_MAX_LENGTH = 5000;
export const ENQUIRY_NAME_MAX_LENGTH = 80;
/** Lengths the forms set as maxLength, the same the schemas check. */
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
