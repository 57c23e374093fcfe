import type { SearchSchemaInput } from "@tanstack/react-router";

/**
 * A route's validateSearch for a list shown for one status (Show: My Tasks, Projects): the URL's
 * `status` when it is one of `statuses`, else undefined, so an unknown value never reaches the API.
 */
export const statusSearch =
  <S extends string>(statuses: readonly S[]) =>
  (raw: { status?: unknown } & SearchSchemaInput): { status?: S | undefined } => ({
    status: statuses.find((known) => known === raw.status),
  });
