import { z } from "zod/mini";

/**
 * The e-mail field schema shared by the contact form, the auth API and the
 * CLI. Written with zod/mini (the same zod core, a fraction of the bundle)
 * because the public contact page ships it to browsers; the server's full-zod
 * schemas embed it like any other schema. Every check carries its own message:
 * zod/mini loads no locale, so default messages would read "Invalid input".
 */
export const emailSchema = z
  .email("Enter a valid e-mail address")
  .check(z.maxLength(254, "Must be at most 254 characters"), z.trim(), z.toLowerCase());
