import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  label: string;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

/**
 * A labelled form control with its helper and error text wired up for
 * assistive technology (Chakra's Field links label, hint and error by id).
 */
export function FormField({ label, error, helperText, required, disabled, children }: Props) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
