import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { EMAIL_MAX_LENGTH } from "../../../common/domain";
import { FormField, TextInput } from "../../components/FormField";

type Props = {
  /** The form's `register`; any form whose values include `email`. */
  register: (name: "email") => UseFormRegisterReturn;
  errors: FieldErrors<{ email: string }>;
};

/**
 * The e-mail a person signs in with, as the sign-in, sign-up, forgot-password and new-link forms ask
 * for it: the browser may fill it in and a phone shows its e-mail keyboard.
 */
export function AccountEmailField({ register, errors }: Props) {
  return (
    <FormField label="Email" required error={errors.email?.message}>
      <TextInput
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        {...register("email")}
      />
    </FormField>
  );
}
