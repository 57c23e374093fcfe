import { createRequire } from "node:module";
import { company } from "../../common/company";
import { INVOICE_STATUS_LABELS } from "../../common/domain";
import { formatDate, formatDay, formatMoney, LOCALE } from "../../common/format";
import type { InvoiceView } from "../data/invoices";

/**
 * Fonts embedded in every invoice: DejaVu Sans has the naira sign (U+20A6),
 * which the PDF standard fonts lack. Resolved from node_modules at run time,
 * so the bundled server (dist/server) finds them as the sources do.
 */
const resolve = createRequire(import.meta.url).resolve;
export const INVOICE_FONT = resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
export const INVOICE_BOLD_FONT = resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export type InvoicePdfSettings = { currency: string; whatsappNumber: string };

/** "Content-Disposition" naming the file after the invoice number (an ASCII fallback plus the exact UTF-8 name). */
export function invoiceDisposition(invoiceNumber: string): string {
  const name = `${invoiceNumber}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const MARGIN = 56;
const BRAND = "#1f3a8a";
const MUTED = "#4b5563";

/**
 * The invoice as a PDF stream, tagged for accessibility (PDF/UA: a structure
 * tree with headings and paragraphs, document language and title). The
 * caller pipes it to the response; nothing is buffered whole. pdfkit (with
 * fontkit, ~5 MB of heap once loaded) loads with the first invoice asked for,
 * not with the server.
 */
export async function invoicePdf(invoice: InvoiceView, settings: InvoicePdfSettings): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import("pdfkit");
  const title = `Invoice ${invoice.invoiceNumber}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    pdfVersion: "1.7",
    // pdfkit supports PDF/UA; @types/pdfkit lists only the PDF/A subsets.
    subset: "PDF/UA" as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    lang: LOCALE,
    displayTitle: true,
    font: INVOICE_FONT,
    info: { Title: title, Author: company.name, Subject: `${title} from ${company.name}`, Creator: company.name },
  });
  doc.registerFont("body", INVOICE_FONT);
  doc.registerFont("bold", INVOICE_BOLD_FONT);

  const root = doc.struct("Document");
  doc.addStructure(root);
  const width = doc.page.width - MARGIN * 2;
  const add = (tag: string, draw: () => void) => root.add(doc.struct(tag, {}, draw));

  // The company: name, address and contact.
  add("H1", () => doc.font("bold").fontSize(20).fillColor(BRAND).text(company.name));
  const { office } = company;
  add("P", () =>
    doc
      .font("body")
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${office.street}, ${office.city}, ${office.region}, ${office.country}`)
      .text(`${company.email} · +${settings.whatsappNumber}`),
  );

  doc.moveDown(1.5);
  add("H2", () => doc.font("bold").fontSize(16).fillColor("black").text(title));

  doc.moveDown(0.5);
  add("H3", () => doc.font("bold").fontSize(11).fillColor(MUTED).text("Billed to"));
  add("P", () => {
    doc.font("body").fontSize(11).fillColor("black").text(invoice.clientName);
    if (invoice.clientCompany) doc.text(invoice.clientCompany);
  });

  doc.moveDown(1);
  const rows: [string, string][] = [
    ["Invoice number", invoice.invoiceNumber],
    ["Project", invoice.projectTitle ?? "No project"],
    ["Amount", formatMoney(invoice.amount, settings.currency)],
    ["Status", INVOICE_STATUS_LABELS[invoice.status]],
    ["Issue date", formatDate(invoice.createdAt)],
    ["Due date", invoice.dueDate ? formatDay(invoice.dueDate) : "No due date"],
    ["Paid date", invoice.paidDate ? formatDate(invoice.paidDate) : "Not paid"],
  ];
  const labelWidth = 140;
  for (const [label, value] of rows) {
    add("P", () => {
      const y = doc.y;
      doc.font("body").fontSize(11).fillColor(MUTED).text(`${label}:`, MARGIN, y, { width: labelWidth });
      const afterLabel = doc.y;
      doc
        .font(label === "Amount" ? "bold" : "body")
        .fillColor("black")
        .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, afterLabel) + 6;
      doc.x = MARGIN;
    });
  }

  doc.moveDown(2);
  add("P", () =>
    doc
      .font("body")
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Thank you for your business. Questions about this invoice: ${company.email}.`, MARGIN, doc.y, {
        width,
      }),
  );
  root.end();
  doc.end();
  return doc;
}
