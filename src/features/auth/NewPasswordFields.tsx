import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "../../../common/domain";
import { FormField, TextInput } from "../../components/FormField";
import { type NewPasswordValues, PASSWORD_HINT } from "./schemas";

type Props = {
  /** The form's `register`; any form whose values include these two fields. */
  register: (name: keyof NewPasswordValues) => UseFormRegisterReturn;
  errors: FieldErrors<NewPasswordValues>;
  label?: string;
  confirmLabel?: string;
};

/** A new password and its confirmation, with the policy hint: sign-up, reset and change-password forms. */
export function NewPasswordFields({ register, errors, label = "Password", confirmLabel = "Confirm Password" }: Props) {
  return (
    <>
      <FormField label={label} required error={errors.password?.message} helperText={PASSWORD_HINT}>
        <TextInput
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...register("password")}
        />
      </FormField>
      <FormField label={confirmLabel} required error={errors.confirmPassword?.message}>
        <TextInput
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...register("confirmPassword")}
        />
      </FormField>
    </>
  );
}
