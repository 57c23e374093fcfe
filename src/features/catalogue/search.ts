import type { SearchSchemaInput } from "@tanstack/react-router";
import {
  type AdminTableQuery,
  BOOKING_SORTS,
  BOOKING_TABLE_DEFAULTS,
  type BookingSort,
} from "../../../common/admin-table";
import { ORDER_STATUSES, type OrderStatus } from "../../../common/domain";
import { tableSearch } from "../admin/search";

export type BookingsSearch = AdminTableQuery<BookingSort> & { status?: OrderStatus | undefined };

const tableOf = tableSearch(BOOKING_SORTS, BOOKING_TABLE_DEFAULTS);

/** The Bookings route's validateSearch: the table's page, sort and search, and a status filter (zod-free). */
export function bookingsSearch(
  raw: Partial<Record<keyof BookingsSearch, unknown>> & SearchSchemaInput,
): BookingsSearch {
  const table = tableOf(raw);
  const status = ORDER_STATUSES.includes(raw.status as OrderStatus) ? (raw.status as OrderStatus) : undefined;
  return { ...table, status };
}
