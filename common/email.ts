import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH } from "./enquiry-options";
import { INVALID_EMAIL, tooLong } from "./messages";

/**
 * The e-mail field schema shared by the contact form, the auth API and the
 * CLI. Written with zod/mini (the same zod core, a fraction of the bundle)
 * because the public contact page ships it to browsers; the server's full-zod
 * schemas embed it like any other schema. Every check carries its own message:
 * zod/mini loads no locale, so default messages would read "Invalid input".
 */
export const emailSchema = z
  .email(INVALID_EMAIL)
  .check(z.maxLength(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH)), z.trim(), z.toLowerCase());
