import type {
  FieldPath,
  FieldValues,
  RegisterOptions,
  UseFormGetValues,
  UseFormRegister,
  UseFormRegisterReturn,
} from "react-hook-form";

type FormFields<T extends FieldValues> = { register: UseFormRegister<T>; getValues: UseFormGetValues<T> };

/**
 * `form.register(name)` with the field's value as the element's `defaultValue`, for the forms of pages the
 * server renders (server/http/portal-pages.ts). React Hook Form's fields are uncontrolled: it writes their
 * values when their refs attach, which happens only in the browser, and a rendered portal page hydrates on
 * the visitor's first interaction. Without this, the HTML showed the Settings profile with an empty name
 * and company, and a new project's status and progress other than the form's, until the page was touched.
 * After the first render the element's own value is the truth (React leaves a typed value alone).
 */
export function registerWithValue<T extends FieldValues, N extends FieldPath<T>>(
  form: FormFields<T>,
  name: N,
  options?: RegisterOptions<T, N>,
): UseFormRegisterReturn<N> & { defaultValue?: string | number } {
  const value: unknown = form.getValues(name);
  const field = form.register(name, options);
  return typeof value === "string" || typeof value === "number" ? { ...field, defaultValue: value } : field;
}
