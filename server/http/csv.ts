import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Streams a CSV download (admin exports, issue #7): a BOM so spreadsheets read
 * UTF-8, the header, then each batch of rows as it is read, never the whole
 * table in memory.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  batches: AsyncIterable<T[]>,
  cells: (row: T) => string[],
) {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) for (const row of batch) yield csvLine(cells(row));
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(Readable.from(lines()));
}
