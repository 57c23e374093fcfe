import type { SearchSchemaInput } from "@tanstack/react-router";
import { type AdminTableQuery, readTableQuery, type TableDefaults } from "../../../common/admin-table";

/**
 * A route's validateSearch for an admin table: the URL's page, sort and
 * search, read by readTableQuery (the same limits the API's zod schema
 * checks). Not zod itself: route options load with every public page.
 */
export function tableSearch<C extends string>(columns: readonly C[], defaults: TableDefaults<C>) {
  return (raw: Partial<Record<keyof AdminTableQuery, unknown>> & SearchSchemaInput): AdminTableQuery<C> =>
    readTableQuery(raw, columns, defaults);
}
