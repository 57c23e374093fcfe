import { describe, expect, it } from "vitest";
import { safeParse, type ZodMiniType } from "zod/mini";
import { serviceInputSchema } from "../../common/admin-catalogue";
import { enquiryInputSchema } from "../../common/enquiry";
import { planInputSchema } from "../../common/plans";
import { fullNameSchema } from "../../common/schemas";

/** Text that shows nothing: trim() leaves the zero-width characters. */
const INVISIBLE = ["\u200B", " \u200B\u200C ", "\uFEFF\u2060"];

const refusal = (schema: unknown, value: string) => {
  const result = safeParse(schema as ZodMiniType, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("a required name or title that shows nothing is refused, with the field's own message", () => {
  const fields: [string, unknown, string][] = [
    ["a person's full name", fullNameSchema, "Full name is required"],
    ["a service's title", serviceInputSchema.shape.title, "Title is required"],
    ["a plan's name", planInputSchema.shape.name, "Enter the plan's name."],
    ["an enquiry's first name", enquiryInputSchema.shape.firstName, "First name is required"],
    ["an enquiry's last name", enquiryInputSchema.shape.lastName, "Last name is required"],
  ];
  for (const [what, schema, message] of fields) {
    it(what, () => {
      for (const value of INVISIBLE) expect(refusal(schema, value), JSON.stringify(value)).toBe(message);
      expect(refusal(schema, "Ada\u200BObi")).toBeUndefined();
    });
  }

  it("an enquiry's message", () => {
    expect(refusal(enquiryInputSchema.shape.message, "\u200B")).toEqual(expect.any(String));
  });
});
