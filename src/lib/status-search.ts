import type { SearchSchemaInput } from "@tanstack/react-router";

/** `value` when it is one of `statuses`, else undefined: how every route reads a status from its URL. */
export const knownStatus = <S extends string>(statuses: readonly S[], value: unknown): S | undefined =>
  statuses.find((known) => known === value);

/**
 * A route's validateSearch for a list shown for one status (Show: My Tasks, Projects): the URL's
 * `status` when it is one of `statuses`, else undefined, so an unknown value never reaches the API.
 */
export const statusSearch =
  <S extends string>(statuses: readonly S[]) =>
  (raw: { status?: unknown } & SearchSchemaInput): { status?: S | undefined } => ({
    status: knownStatus(statuses, raw.status),
  });
