import { z } from "zod";
import { INVALID_EMAIL, REQUIRED, tooLong, unexpectedField } from "./messages";

/**
 * zod's global error map: any check without a message of its own reads as a
 * sentence for people, never as the library's text ("Too big: expected
 * string to have <=120 characters"). Imported for its effect by
 * common/schemas.ts, which the server and every portal form load.
 */
export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return tooLong(Number(issue.maximum));
      if (issue.origin === "number") return `Use a value of at most ${issue.maximum}.`;
      if (issue.origin === "array") return `Choose at most ${issue.maximum}.`;
      return "This value is too large.";
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? REQUIRED : `Use at least ${issue.minimum} characters.`;
      }
      if (issue.origin === "number") return `Use a value of at least ${issue.minimum}.`;
      return REQUIRED;
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? REQUIRED : "This value has the wrong type.";
    case "invalid_format":
      if (issue.format === "email") return INVALID_EMAIL;
      if (issue.format === "uuid" || issue.format === "guid") return "This is not a valid id.";
      if (issue.format === "date") return "Enter a date as YYYY-MM-DD.";
      if (issue.format === "datetime") return "Enter a valid date and time.";
      return "This value is not in the expected format.";
    case "invalid_value":
      return "Choose one of the listed options.";
    case "unrecognized_keys":
      return issue.keys.length > 0
        ? issue.keys.map(unexpectedField).join(" ")
        : "This request has fields that cannot be set.";
    case "not_multiple_of":
      return `Use a multiple of ${issue.divisor}.`;
    default:
      return "This value is not valid.";
  }
}

z.config({ customError: humanMessage });
