import { Field, HStack } from "@chakra-ui/react";
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
      {/* The asterisk sits beside, not inside, the label so the label text is exactly `label`. */}
      <HStack gap="1">
        <Field.Label>{label}</Field.Label>
        {required && <Field.RequiredIndicator />}
      </HStack>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
