import { useEffect } from "react";
import { toaster, UNSAID } from "../components/Toaster";
import { errorMessage } from "./form-errors";
import { TOAST } from "./messages";

/** A toast's words: the spec §8 text as its title, and what it adds. */
export type ToastText = { title: string; description?: string };
/** The words, or how they follow from what happened (the saved row, the error). */
export type Told<T> = ToastText | ((value: T) => ToastText);

/** Shows the toast of an outcome, worded from `value` where the words depend on it. */
export function toast<T>(type: "success" | "error", told: Told<T>, value: T): void {
  toaster.create({ type, ...(typeof told === "function" ? told(value) : told) });
}

/**
 * An action's outcome told as a toast, its success's or its failure's: for an action run through
 * `mutateAsync` (a confirmation's, whose row may unmount with mutate's callbacks before they run; see
 * ConfirmDialog). Never rejects: the toast has said what went wrong. `onSaved` runs after a
 * success, with its result (awaited, as a navigation away).
 */
export async function toastOutcome<T>(
  action: Promise<T>,
  told: { saved: Told<T>; failed: Told<Error>; onSaved?: (result: T) => unknown },
): Promise<void> {
  let result: T;
  try {
    result = await action;
  } catch (error) {
    toast("error", told.failed, error instanceof Error ? error : new Error(String(error)));
    return;
  }
  toast("success", told.saved, result);
  await told.onSaved?.(result);
}

/** A failure's words (spec §8: destructive toasts are titled 'Error', the text saying what failed). */
export const failure = (description: string): ToastText => ({ title: TOAST.error, description });

/** Shows the destructive toast of `failure(description)`. */
export function toastFailure(description: string): void {
  toast("error", failure(description), undefined);
}

/** A failure told in the server's own words (spec §8: payments, bookings, staff). */
export const serverMessage: Told<Error> = (error) => failure(errorMessage(error));

/** A failure told as the spec's text for it, then the server's reason. */
export const failedWith =
  (text: string): Told<Error> =>
  (error) =>
    failure(`${text}: ${errorMessage(error)}`);

/**
 * Spec §8: a list that could not be loaded says so in a destructive toast, `description` its words:
 * when its read fails, and again only once it has loaded since or the words change (the list shows
 * its own error state meanwhile). The toast is seen, not said (`UNSAID`): the list's own alert, where
 * the list would be and with its Retry, tells a screen reader, which heard it twice.
 */
export function useLoadFailedToast(failed: boolean, description: string): void {
  useEffect(() => {
    if (failed) toaster.create({ type: "error", ...failure(description), meta: UNSAID });
  }, [failed, description]);
}
