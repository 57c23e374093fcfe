import { z } from "zod";

/**
 * Client-side checks are deliberately light (spec §5: required fields and the
 * password match only); the server applies the e-mail and password policy and
 * its messages are shown next to the field or in the form's alert.
 */
const required = (label: string) => z.string().trim().min(1, `${label} is required`);

export const signInSchema = z.object({
  email: required("Email"),
  password: z.string().min(1, "Password is required"),
});
export type SignInValues = z.infer<typeof signInSchema>;

const newPasswordFields = {
  password: z.string().min(1, "Password is required"),
  confirmPassword: z.string().min(1, "Confirm your password"),
};
export type NewPasswordValues = { password: string; confirmPassword: string };
const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const mismatch = { message: "Passwords do not match", path: ["confirmPassword"] };

export const signUpSchema = z
  .object({ fullName: required("Full name"), email: required("Email"), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: required("Email") });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "Current password is required"), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const PASSWORD_HINT = "At least 8 characters with letters, numbers and symbols";
