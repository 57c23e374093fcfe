import { z } from "zod";
import { badRequest } from "./errors";

/**
 * Keyset paging: a list ordered by (created_at desc, id desc) continues after
 * its last row, named by its id. The query compares with that row's own
 * (created_at, id) as the database holds it, so no precision is lost on the
 * way through JSON (PostgreSQL keeps microseconds, JavaScript milliseconds).
 */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(100).optional(),
};

export const encodeCursor = (row: { id: string }) => Buffer.from(row.id).toString("base64url");

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  if (!z.uuid().safeParse(id).success) {
    throw badRequest("This page link is not valid. Load the list again.", { cursor: "Not a valid cursor." });
  }
  return id;
}

/** Reads one row more than asked to know whether a next page exists. */
export function toPage<T extends { id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? encodeCursor(last) : null };
}
