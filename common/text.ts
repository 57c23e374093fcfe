/**
 * What text the product accepts. PostgreSQL cannot store NUL, and no person
 * types the other C0 control characters (or DEL); newline, carriage return
 * and tab are ordinary text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Whitespace and the invisible characters that render as nothing (zero-width spaces and joiners, BOM). */
const BLANK = /^[\s\u200B-\u200D\u2060\uFEFF]*$/;

export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/**
 * Half of a character: a UTF-16 surrogate without its pair, which no keyboard types but a JSON
 * escape ("\ud800") or text cut in the middle of an emoji carries. PostgreSQL's jsonb refuses it
 * (the audit log's before and after), and UTF-8 has no way to write it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogate = (value: string) => LONE_SURROGATE.test(value);

/** Text of one line (a name, a title): no line or paragraph break, which the forms' single-line inputs cannot hold but the API could be sent. */
export const ONE_LINE_PATTERN = /^[^\r\n\u2028\u2029]*$/;

/** True for text that shows nothing: "", spaces, or only zero-width characters. */
export const isBlank = (value: string) => BLANK.test(value);

/** A name as alphabetical order reads it: lower case, accents dropped ("Émeka" → "emeka"). */
const sortKey = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Alphabetical order ignoring case and accents (then as written, so the order is total), for
 * sorting names. Not `localeCompare`: its collation data would stay resident in the server (~3 MB).
 */
export function compareText(a: string, b: string): number {
  const left = sortKey(a);
  const right = sortKey(b);
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A features textarea's list (services and plans): one feature a line, trimmed; blank lines dropped,
 * and a line said again (a list names each feature once, and its cards key them by their words).
 */
export const featureLines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  ),
];

/**
 * A person's name on what they own, marked when their account is deactivated (issue #7: their projects
 * and tasks stay, shown as belonging to a deactivated person).
 */
export const ownerName = (name: string, deactivated: boolean) => (deactivated ? `${name} (deactivated)` : name);

/** The client a project, invoice or order belongs to, by name, marked when deactivated. */
export const clientNameOf = (row: { clientName: string; clientDeactivated: boolean }) =>
  ownerName(row.clientName, row.clientDeactivated);
