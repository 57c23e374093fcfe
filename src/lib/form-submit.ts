import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { showServerError } from "./form-errors";
import { serverMessage, type Told, toast } from "./toasts";

/**
 * What the submit needs of a TanStack Query mutation (any context, so optimistic writes fit). Its
 * promise settles however the form fares; the callbacks given with it are TanStack's per-call ones,
 * called only while the form that sent it is still mounted.
 */
type FormMutation<TVariables, TResult> = {
  isPending: boolean;
  mutateAsync: (
    variables: TVariables,
    options: { onSuccess: (result: TResult) => void; onError: (error: Error) => void },
  ) => Promise<TResult>;
};

/** How the form's values become the mutation's variables: as they are, where the types agree. */
type Sends<TOutput, TVariables> = [TOutput] extends [TVariables]
  ? { variables?: (values: TOutput) => TVariables }
  : { variables: (values: TOutput) => TVariables };

/**
 * The one submit of a form that sends a mutation: once its schema accepts the values, and not again
 * while a save is on its way; on success the toast and what follows (a dialog closes, a page
 * navigates); on failure the toast, the server's field messages under their fields and the rest above
 * the buttons, with everything typed kept. The toast is told even when the person has left the form
 * while the save was on its way (the save went through, or did not: either is news), and a form
 * that tells its failures only in its fields has them told in a toast then (the server's message);
 * what follows and the field messages only while the form is still there, so leaving is never
 * undone by a navigation the save asked for.
 */
export function submitMutation<TValues extends FieldValues, TOutput, TVariables, TResult>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  mutation: FormMutation<TVariables, TResult>,
  options: Sends<TOutput, NoInfer<TVariables>> & {
    saved?: Told<TResult>;
    onSaved?: (result: TResult) => void;
    failed?: Told<Error>;
    /** API field names the form calls otherwise (`showServerError`'s). */
    renamed?: Partial<Record<string, Path<TValues>>>;
    /**
     * The row as it is when the values change nothing of it (an edit whose PATCH takes only what
     * changed, and refuses an empty one); undefined otherwise. Then nothing is sent, and the save is
     * told and followed as one that went through: what the form shows is what is saved.
     */
    unchanged?: (values: TOutput) => TResult | undefined;
  },
) {
  const { saved, onSaved, failed, renamed } = options;
  return form.handleSubmit((values) => {
    if (mutation.isPending) return;
    const already = options.unchanged?.(values);
    if (already !== undefined) {
      onSaved?.(already);
      if (saved) toast("success", saved, already);
      return;
    }
    const variables = options.variables ? options.variables(values) : (values as unknown as TVariables);
    // TanStack calls the per-call onError before the promise rejects, and only while the form is mounted.
    let shownInForm = false;
    return mutation
      .mutateAsync(variables, {
        onSuccess: (result) => onSaved?.(result),
        onError: (error) => {
          shownInForm = true;
          showServerError(form, error, renamed);
        },
      })
      .then(
        (result) => {
          if (saved) toast("success", saved, result);
        },
        (error: Error) => {
          if (failed) toast("error", failed, error);
          else if (!shownInForm) toast("error", serverMessage, error);
        },
      );
  });
}
