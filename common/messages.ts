/**
 * Validation messages written for people, shared by the server, the SPA's
 * forms and the public contact form. Kept free of zod so the contact page's
 * zod/mini bundle can use them; common/error-map.ts gives every check that
 * names no message of its own a sentence from here.
 */
import { FIRST_YEAR, LAST_YEAR } from "./domain";
import { formatInteger } from "./format";

export const tooLong = (max: number) => `Use at most ${formatInteger(max)} characters.`;
export const REQUIRED = "This field is required.";
export const CONTROL_CHARACTERS = "Remove the control characters from this text.";
export const INCOMPLETE_CHARACTERS = "Remove the incomplete characters from this text.";
export const DATE_OUT_OF_RANGE = `Enter a date between ${FIRST_YEAR} and ${LAST_YEAR}.`;
export const ONE_LINE = "Keep this to one line.";
export const INVALID_EMAIL = "Enter a valid e-mail address.";
/** Spec §5 and §8: a profile update made with nobody signed in (a session that ended while Settings was open). */
export const NO_USER_LOGGED_IN = "No user logged in";
/** For a field no form sends (a client of the API set it): names it, since no field shows it. */
export const unexpectedField = (name: string) => `"${name}" cannot be set.`;
