import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

export const FALLBACK_ERROR = "Something went wrong. Please try again.";

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_ERROR;
}

/**
 * The one mapping from the API's error shape onto a form: each field message
 * goes under its field (the first one takes focus); a message that belongs to
 * no field is returned for the form's alert. `fieldMap` names the form field
 * for each API field (the API may say `newPassword` where the form says
 * `password`). Returns undefined when the fields carry everything, so the
 * message is never shown twice.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
): string | undefined {
  if (error instanceof ApiError) {
    let applied = false;
    for (const [apiField, message] of Object.entries(error.fields)) {
      const field = fieldMap[apiField];
      if (!field) continue;
      setError(field, { type: "server", message }, { shouldFocus: !applied });
      applied = true;
    }
    if (applied) return undefined;
  }
  return errorMessage(error);
}

/** applyServerError for a useForm form: what no field takes becomes `errors.root.server`, shown by its alert. */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
): void {
  const message = applyServerError(setError, error, fieldMap);
  if (message) setError("root.server" as Path<T>, { type: "server", message });
}
