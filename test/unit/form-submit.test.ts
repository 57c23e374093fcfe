import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl, type UseFormReturn } from "react-hook-form";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { toaster } from "../../src/components/Toaster";
import { ApiError } from "../../src/lib/api";
import { submitMutation } from "../../src/lib/form-submit";

const schema = z.object({ title: z.string().trim().min(1, "Enter a title.") });
type Values = z.input<typeof schema>;

/** A real react-hook-form control, outside React, with the schema's resolver. */
function formOf(title: string) {
  const control = createFormControl<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { title },
  });
  const form = control as unknown as UseFormReturn<Values, unknown, z.output<typeof schema>>;
  const errorOf = (name: "title" | "root") =>
    name === "root"
      ? control.control._formState.errors.root?.server?.message
      : control.getFieldState(name).error?.message;
  return { form, errorOf };
}

/**
 * A mutation that records what it was sent and answers as told, as TanStack's mutateAsync does: the
 * promise settles either way, the per-call callbacks are called only while the form is `mounted`.
 */
function mutationThat(answer: { result: { id: string } } | { error: Error }, isPending = false, mounted = true) {
  const sent: unknown[] = [];
  return {
    sent,
    isPending,
    mutateAsync: async (
      variables: { id: string; title: string },
      options: { onSuccess: (result: { id: string }) => void; onError: (error: Error) => void },
    ) => {
      sent.push(variables);
      if ("result" in answer) {
        if (mounted) options.onSuccess(answer.result);
        return answer.result;
      }
      if (mounted) options.onError(answer.error);
      throw answer.error;
    },
  };
}

const toasts = () => toaster.getVisibleToasts().map(({ type, title, description }) => ({ type, title, description }));

describe("a form's submit that sends a mutation", () => {
  beforeEach(() => toaster.remove());

  it("sends nothing while the schema refuses the values, and says why under the field", async () => {
    const { form, errorOf } = formOf("  ");
    const mutation = mutationThat({ result: { id: "1" } });
    await submitMutation(form, mutation, { variables: (values) => ({ id: "1", ...values }) })();
    expect(mutation.sent).toEqual([]);
    expect(errorOf("title")).toBe("Enter a title.");
  });

  it("sends the parsed values as the variables, then toasts the result and does what follows", async () => {
    const { form } = formOf("  Launch  ");
    const mutation = mutationThat({ result: { id: "7" } });
    const saved: string[] = [];
    await submitMutation(form, mutation, {
      variables: (values) => ({ id: "7", ...values }),
      saved: (result) => ({ title: "Saved", description: `#${result.id}` }),
      onSaved: (result) => saved.push(result.id),
      failed: { title: "Not saved" },
    })();
    expect(mutation.sent).toEqual([{ id: "7", title: "Launch" }]);
    expect(saved).toEqual(["7"]);
    expect(toasts()).toEqual([{ type: "success", title: "Saved", description: "#7" }]);
  });

  it("sends nothing when the values change nothing, and tells and follows it as saved", async () => {
    const { form } = formOf("  Launch ");
    const mutation = mutationThat({ result: { id: "7" } });
    const saved: string[] = [];
    const options = {
      variables: (values: { title: string }) => ({ id: "7", ...values }),
      saved: (result: { id: string }) => ({ title: "Saved", description: `#${result.id}` }),
      onSaved: (result: { id: string }) => saved.push(result.id),
      unchanged: (values: { title: string }) => (values.title === "Launch" ? { id: "7" } : undefined),
    };
    await submitMutation(form, mutation, options)();
    expect(mutation.sent).toEqual([]);
    expect(saved).toEqual(["7"]);
    expect(toasts()).toEqual([{ type: "success", title: "Saved", description: "#7" }]);
    // Changed, it is sent as ever.
    form.setValue("title", "Launch day");
    await submitMutation(form, mutation, options)();
    expect(mutation.sent).toEqual([{ id: "7", title: "Launch day" }]);
  });

  it("sends nothing again while a save is on its way", async () => {
    const { form } = formOf("Launch");
    const mutation = mutationThat({ result: { id: "1" } }, true);
    await submitMutation(form, mutation, { variables: (values) => ({ id: "1", ...values }) })();
    expect(mutation.sent).toEqual([]);
  });

  it("on a refusal toasts the failure, puts the server's message under its field and keeps what was typed", async () => {
    const { form, errorOf } = formOf("Taken");
    const refusal = new ApiError(400, "validation_failed", "Check the form.", { title: "This title is taken." });
    const mutation = mutationThat({ error: refusal });
    let followed = false;
    await submitMutation(form, mutation, {
      variables: (values) => ({ id: "1", ...values }),
      onSaved: () => {
        followed = true;
      },
      failed: (error) => ({ title: "Not saved", description: error.message }),
    })();
    expect(followed).toBe(false);
    expect(toasts()).toEqual([{ type: "error", title: "Not saved", description: "Check the form." }]);
    expect(errorOf("title")).toBe("This title is taken.");
    expect(form.getValues("title")).toBe("Taken");
  });

  it("puts a message that belongs to no field above the buttons, with no toast unless one is asked for", async () => {
    const { form, errorOf } = formOf("Launch");
    const mutation = mutationThat({ error: new ApiError(409, "conflict", "Someone else saved it first.") });
    await submitMutation(form, mutation, { variables: (values) => ({ id: "1", ...values }) })();
    expect(errorOf("root")).toBe("Someone else saved it first.");
    expect(toasts()).toEqual([]);
  });

  it("tells the outcome of a save the person left the form during, and does nothing that follows", async () => {
    const { form, errorOf } = formOf("Launch");
    const followed: string[] = [];
    const options = {
      variables: (values: z.output<typeof schema>) => ({ id: "3", ...values }),
      saved: { title: "Saved" },
      onSaved: (result: { id: string }) => followed.push(result.id),
      failed: { title: "Not saved" },
    };
    await submitMutation(form, mutationThat({ result: { id: "3" } }, false, false), options)();
    expect(toasts()).toEqual([{ type: "success", title: "Saved", description: undefined }]);
    expect(followed).toEqual([]);

    toaster.remove();
    const refusal = new ApiError(400, "validation_failed", "Check the form.", { title: "This title is taken." });
    await submitMutation(form, mutationThat({ error: refusal }, false, false), options)();
    expect(toasts()).toEqual([{ type: "error", title: "Not saved", description: undefined }]);
    expect(errorOf("title")).toBeUndefined();

    // A form that tells its failures in its fields only: gone, the server's message is toasted instead.
    toaster.remove();
    const { failed: _failed, ...inFieldsOnly } = options;
    await submitMutation(form, mutationThat({ error: refusal }, false, false), inFieldsOnly)();
    expect(toasts()).toEqual([{ type: "error", title: "Error", description: "Check the form." }]);
    // Still there, it tells them in the fields and toasts nothing.
    toaster.remove();
    await submitMutation(form, mutationThat({ error: refusal }), inFieldsOnly)();
    expect(toasts()).toEqual([]);
    expect(errorOf("title")).toBe("This title is taken.");
  });
});
