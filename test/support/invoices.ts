import { randomBytes } from "node:crypto";
import { TIME_ZONE } from "../../common/format";
import type { Db } from "../../server/db";
import { invoices } from "../../server/db/schema";

/** Invoice test data: rows written straight to the database, as the admin console will write them. */

export type NewInvoice = typeof invoices.$inferInsert;

/** Today's calendar day in Lagos (YYYY-MM-DD), shifted by `offset` days. */
export function lagosDay(offset = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A unique invoice number that no seed uses. */
export const invoiceNumber = () => `TST-${randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * An invoice due in the past is written as told already, as the seed writes its own, so the mail
 * worker's overdue sweep does not notify its client in the middle of a test; give `overdueToldFor:
 * null` to leave it to the sweep.
 */
export async function insertInvoice(
  db: Db,
  values: Partial<NewInvoice> & Pick<NewInvoice, "clientId">,
): Promise<typeof invoices.$inferSelect> {
  const dueDate = values.dueDate === undefined ? lagosDay(14) : values.dueDate;
  const overdue = dueDate !== null && dueDate < lagosDay(0);
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: invoiceNumber(),
      amount: 10_000_00,
      status: "unpaid",
      overdueToldFor: overdue ? dueDate : null,
      ...values,
      dueDate,
    })
    .returning();
  if (!row) throw new Error("invoice not inserted");
  return row;
}

/** The text of a PDF, page by page joined with new lines, read with pdf.js. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
        .join("")
        .replace(/[ \t]+/g, " "),
    );
  }
  await document.destroy();
  return pages.join("\n");
}
