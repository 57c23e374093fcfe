import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/api";
import { applyServerError, FALLBACK_ERROR, showServerError } from "../../src/lib/form-errors";

type Values = { title: string; features: string; password: string; confirmPassword: string };

/** A form's two methods the mapping uses, recording what it was told. */
function fakeForm() {
  const set: { field: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const values: Values = { title: "", features: "", password: "", confirmPassword: "" };
  return {
    set,
    getValues: (() => values) as never,
    setError: ((field: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
      set.push({ field, message: error.message, focus: options?.shouldFocus });
    }) as never,
  };
}

const refusal = (fields: Record<string, string>) => new ApiError(400, "validation_failed", "first", fields);

describe("the API's errors on a form", () => {
  it("puts each message under the field of the same name, focusing the first", () => {
    const form = fakeForm();
    expect(applyServerError<Values>(form, refusal({ title: "Too long.", password: "Too short." }))).toBeUndefined();
    expect(form.set).toEqual([
      { field: "title", message: "Too long.", focus: true },
      { field: "password", message: "Too short.", focus: false },
    ]);
  });

  it("follows the form's own name for a field the API names otherwise, and an item's message to its list", () => {
    const form = fakeForm();
    applyServerError<Values>(form, refusal({ newPassword: "Too short.", "features.2": "Keep this to one line." }), {
      newPassword: "password",
    });
    expect(form.set.map(({ field, message }) => [field, message])).toEqual([
      ["password", "Too short."],
      ["features", "Keep this to one line."],
    ]);
  });

  it("returns the message when no field takes it, and shows it as the form's alert", () => {
    const form = fakeForm();
    expect(applyServerError<Values>(form, refusal({ token: "Expired." }))).toBe("first");
    expect(form.set).toEqual([]);
    showServerError<Values>(form, new ApiError(409, "conflict", "Already paid."));
    expect(form.set).toEqual([{ field: "root.server", message: "Already paid.", focus: undefined }]);
  });

  it("says something went wrong for a failure that is not the API's", () => {
    expect(applyServerError<Values>(fakeForm(), new TypeError(""))).toBe(FALLBACK_ERROR);
    expect(applyServerError<Values>(fakeForm(), new Error("Failed to fetch"))).toBe("Failed to fetch");
  });
});
