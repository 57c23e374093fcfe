import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. A semicolon or a tab is
 * quoted too: a spreadsheet set to read them as separators would otherwise start a cell after one,
 * where a leading "=" is a formula again ("Ada;=cmd|…").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
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

/**
 * An export's rows in its table's order, `batch` at a time: the ids chosen and sorted in one read
 * (`ids`), then each batch's rows by primary key (`rowsOf`). Paged with OFFSET instead, each batch read
 * and sorted every row before it again: ~400 batches for 200,000 invoices, the last reading them all.
 * A row deleted between the two reads is left out.
 */
export async function* exportInOrder<Row extends { id: string }>(
  ids: PromiseLike<{ id: string }[]>,
  rowsOf: (ids: string[]) => PromiseLike<Row[]>,
  batch = 500,
): AsyncGenerator<Row[]> {
  const order = (await ids).map((row) => row.id);
  for (let start = 0; start < order.length; start += batch) {
    const chosen = order.slice(start, start + batch);
    const byId = new Map((await rowsOf(chosen)).map((row) => [row.id, row]));
    yield chosen.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }
}
