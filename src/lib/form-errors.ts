import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api";

export const FALLBACK_ERROR = "Something went wrong. Please try again.";

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_ERROR;
}

/** What the mapping needs of a react-hook-form form: its fields (the keys of its values) and setError. */
type FormFields<T extends FieldValues> = Pick<UseFormReturn<T>, "setError" | "getValues">;

/**
 * The one mapping from the API's error shape onto a form: each field message
 * goes under its field (the first one takes focus); a message that belongs to
 * no field is returned for the form's alert. The API names a field as the form
 * does, or under a name `renamed` gives (the API may say `newPassword` where
 * the form says `password`); an item's message ("features.2") goes under its
 * list's field. Returns undefined when the fields carry everything, so the
 * message is never shown twice.
 */
export function applyServerError<T extends FieldValues>(
  form: FormFields<T>,
  error: unknown,
  renamed: Partial<Record<string, Path<T>>> = {},
): string | undefined {
  if (error instanceof ApiError) {
    const fields = new Set(Object.keys(form.getValues()));
    const fieldOf = (apiField: string): Path<T> | undefined => {
      const named = renamed[apiField] ?? renamed[apiField.split(".")[0] ?? ""];
      if (named) return named;
      const own = [apiField, apiField.split(".")[0] ?? ""].find((name) => fields.has(name));
      return own as Path<T> | undefined;
    };
    let applied = false;
    for (const [apiField, message] of Object.entries(error.fields)) {
      const field = fieldOf(apiField);
      if (!field) continue;
      form.setError(field, { type: "server", message }, { shouldFocus: !applied });
      applied = true;
    }
    if (applied) return undefined;
  }
  return errorMessage(error);
}

/** applyServerError for a useForm form: what no field takes becomes `errors.root.server`, shown by its alert. */
export function showServerError<T extends FieldValues>(
  form: FormFields<T>,
  error: unknown,
  renamed?: Partial<Record<string, Path<T>>>,
): void {
  const message = applyServerError(form, error, renamed);
  if (message) form.setError("root.server" as Path<T>, { type: "server", message });
}
