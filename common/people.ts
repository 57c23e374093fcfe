import { z } from "zod";
import { companyNameSchema, emailSchema, fullNameSchema, profileUpdateSchema } from "./schemas";

/**
 * New accounts and staff changes made by administrators (issue #7): the
 * forms' schemas, which the API validates with too. The server sets the role
 * of a new client or developer; staff invitations name theirs.
 */
export const STAFF_ROLES = ["admin", "developer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: "Administrator", developer: "Developer" };

/** How long an invitation's set-your-password link stays valid. */
export const INVITATION_DAYS = 7;

const staffRoleSchema = z.enum(STAFF_ROLES, "Choose administrator or developer");

export const newClientSchema = z.strictObject({
  fullName: fullNameSchema,
  email: emailSchema,
  companyName: companyNameSchema.optional(),
});
export type NewClient = z.input<typeof newClientSchema>;

export const newDeveloperSchema = z.strictObject({ fullName: fullNameSchema, email: emailSchema });
export type NewDeveloper = z.input<typeof newDeveloperSchema>;

export const staffInviteSchema = z.strictObject({
  fullName: fullNameSchema,
  email: emailSchema,
  role: staffRoleSchema,
});
export type StaffInvite = z.input<typeof staffInviteSchema>;

export const staffUpdateSchema = z
  .strictObject({ fullName: fullNameSchema.optional(), role: staffRoleSchema.optional() })
  .refine((body) => body.fullName !== undefined || body.role !== undefined, "Change the name or the role");
export type StaffUpdate = z.input<typeof staffUpdateSchema>;

/**
 * An administrator's correction of a client's profile: the fields the client
 * edits in their own Settings (an empty company clears it). The e-mail is how
 * they sign in, so it is not among them.
 */
export const clientUpdateSchema = profileUpdateSchema.refine(
  (body) => body.fullName !== undefined || body.companyName !== undefined,
  "Change the name or the company",
);
export type ClientUpdate = z.input<typeof clientUpdateSchema>;

/** An administrator ending every session of someone else (a lost phone, a shared computer). */
export const signedOutEverywhereSchema = z.object({ ended: z.number().int() }).meta({ id: "SignedOutEverywhere" });
export type SignedOutEverywhere = z.input<typeof signedOutEverywhereSchema>;
export const SIGN_OUT_YOURSELF =
  "This is your own account: end your other sessions in Settings › Signed-in devices, and this one with Logout.";
