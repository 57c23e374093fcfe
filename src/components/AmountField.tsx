import type { UseFormRegisterReturn } from "react-hook-form";
import { currencyName } from "../../common/format";
import { getSiteConfig } from "../features/site/config";
import { FormField, TextInput } from "./FormField";

/** How every money field says what it takes, in the product's currency (CURRENCY). */
export const amountHint = (currency = getSiteConfig().currency) =>
  `In ${currencyName(currency)}, with up to two decimals, e.g. 150000.50.`;

/**
 * An amount as a person types it ("150000.50"), for every money field of the portal
 * (milestone and invoice amounts, service and plan prices): a text box with the decimal
 * keypad on a phone. Not type=number, which a browser blanks or rounds on input it dislikes
 * before the form's schema can name what is wrong.
 */
export function AmountField({
  label = "Amount",
  error,
  disabled,
  input,
}: {
  label?: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** The form's `register(name)`. */
  input: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} required error={error} helperText={amountHint()}>
      <TextInput type="text" inputMode="decimal" autoComplete="off" disabled={disabled} {...input} />
    </FormField>
  );
}
