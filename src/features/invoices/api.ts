import { useMutation } from "@tanstack/react-query";
import type { Invoice, InvoiceSummary, Page } from "../../../common/api";
import { lagosParts } from "../../../common/format";
import { api } from "../../lib/api";
import { applyToList, type LiveChange } from "../../lib/live";
import { saveFile } from "../../lib/save-file";

/** The live keys the server pushes invoice changes on (server/data/invoices.ts). */
export const invoicesKey = ["invoices", "list"] as const;
export const invoiceSummaryKey = ["invoices", "summary"] as const;

const PAGE = 100;

/** Every page of the viewer's invoices, newest first: the screen shows them all on one table. */
export async function fetchInvoices(): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=${PAGE}&cursor=${encodeURIComponent(cursor)}` : `?limit=${PAGE}`;
    const page: Page<Invoice> = await api.get<Page<Invoice>>(`/api/invoices${query}`);
    invoices.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return invoices;
}

/** The summary cards' figures, computed by the server; refetched when the server says they changed. */
export const fetchInvoiceSummary = () => api.get<InvoiceSummary>("/api/invoices/summary");

/**
 * Milliseconds until the next calendar day begins in Lagos (plus a second):
 * when unpaid invoices may turn overdue without any write, so the open
 * screen refetches then and shows what the server now derives.
 */
export function untilNextLagosDay(now = new Date()): number {
  const { hour, minute, second } = lagosParts(now);
  const elapsed = ((hour * 60 + minute) * 60 + second) * 1000 + now.getMilliseconds();
  return 86_400_000 - elapsed + 1_000;
}

/** A pushed invoice: replaced by id, or placed by its creation time so the table stays newest first. */
export function applyInvoiceChange(list: Invoice[] | undefined, change: LiveChange): Invoice[] | undefined {
  const merged = applyToList(list, change);
  return merged && [...merged].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The invoice's PDF, made by the server, saved under the name it gives (the invoice number). */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (invoice: Pick<Invoice, "id" | "invoiceNumber">) => {
      const { blob, filename } = await api.download(`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`);
      saveFile(blob, filename ?? `${invoice.invoiceNumber}.pdf`);
    },
  });
}
