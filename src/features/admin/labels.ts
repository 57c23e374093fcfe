import type { SortDirection } from "../../../common/admin";
import { countOf } from "../../../common/format";

/** The Payments page's confirmations (the journeys assert them word for word). */
export const MARK_PAID_QUESTION = "Mark this invoice as paid?";
/** Worded like the spec's other deletes. */
export const DELETE_INVOICE_QUESTION = "Are you sure you want to delete this invoice?";
/** A person page's Sign out everywhere (Account line). */
export const SIGN_OUT_EVERYWHERE_QUESTION = "Sign this person out of every device?";
/** An admin table's first read failed (no rows), or a refetch did (its rows stay, perhaps out of date). */
export const TABLE_NOT_LOADED = "This list could not be loaded.";
export const TABLE_NOT_REFRESHED = "This list could not be refreshed: it may be out of date.";
/** An admin table's sort button pressed, said politely: "Sorted by Name, ascending". */
export const sortedBy = (column: string, dir: SortDirection) =>
  `Sorted by ${column}, ${dir === "asc" ? "ascending" : "descending"}`;

/** A person's Delete confirmation (Admin › Developers, Admin › Clients): the question, then what deleting does. */
export const DELETE_DEVELOPER_QUESTION = "Are you sure you want to delete this developer?";
export const DELETE_DEVELOPER_NOTE =
  "A developer on projects or with tasks, messages or milestones is deactivated instead: they can no longer sign in, and their records are kept.";

export const DELETE_CLIENT_QUESTION = "Are you sure you want to delete this client?";
export const DELETE_CLIENT_NOTE =
  "A client with projects, invoices, orders or messages is deactivated instead: they can no longer sign in, and their records are kept.";

/** Admin › Plans: a plan moved up or down, said politely with its new place in its category. */
export const planMoved = (name: string, position: number, count: number) =>
  `${name} moved to position ${position} of ${count}`;

/**
 * What a picker's search found ("Find a client"), said once its results are in: "2 clients match this search."
 * The server offers at most `limit`: as many found may be fewer than match.
 */
export const pickerFound = (
  count: number,
  singular: string,
  plural = `${singular}s`,
  limit = Number.POSITIVE_INFINITY,
) =>
  count === 0
    ? `No ${plural} match this search.`
    : count >= limit
      ? `${count} or more ${plural} match this search: type more to narrow them.`
      : `${countOf(count, singular, plural)} ${count === 1 ? "matches" : "match"} this search.`;

/** Under a picker that offers as many as the server gives (`limit`): there may be others, which a search finds. */
export const pickerFirstOnly = (limit: number, plural: string) =>
  `Only the first ${limit} ${plural} are offered: search to find others.`;

/**
 * What a picker says under its choices, the most pressing first: they could not be loaded, a search
 * found none, or they are as many as the server gives (there may be others); otherwise `otherwise`.
 */
export function pickerHelp({
  loadFailed,
  noneFound,
  offered,
  limit,
  singular,
  plural = `${singular}s`,
  otherwise,
}: {
  loadFailed: boolean;
  noneFound: boolean;
  /** How many the server offered. */
  offered: number;
  limit: number;
  singular: string;
  plural?: string;
  otherwise?: string | undefined;
}): string | undefined {
  if (loadFailed) return `The ${plural} could not be loaded.`;
  if (noneFound) return pickerFound(0, singular, plural);
  if (offered >= limit) return pickerFirstOnly(limit, plural);
  return otherwise;
}
