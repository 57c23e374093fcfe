import { type QueryFunctionContext, useMutation } from "@tanstack/react-query";
import type { Invoice, InvoiceSummary } from "../../../common/api";
import { INVOICES_PAGE_SIZE } from "../../../common/domain";
import { countOf, formatInteger, lagosParts } from "../../../common/format";
import { api } from "../../lib/api";
import type { LiveChange } from "../../lib/live";
import { saveFile } from "../../lib/save-file";
import { cursorPages, placeRow, readShownPages, type ShownPages, useLoadMore } from "../../lib/shown-pages";

/** The live keys the server pushes invoice changes on (server/data/invoices.ts). */
export const invoicesKey = ["invoices", "list"] as const;
export const invoiceSummaryKey = ["invoices", "summary"] as const;

const fetchInvoicesPage = cursorPages<Invoice>("/api/invoices");

/** The viewer's invoices, newest first, a page at a time (`ShownPages`). */
export const fetchInvoices = ({ client }: QueryFunctionContext) =>
  readShownPages(client.getQueryData<ShownPages<Invoice>>(invoicesKey), INVOICES_PAGE_SIZE, fetchInvoicesPage);

/** "Load more" below the invoices table. */
export const useLoadMoreInvoices = () => useLoadMore(invoicesKey, INVOICES_PAGE_SIZE, fetchInvoicesPage);

/** The summary cards' figures, computed by the server; refetched when the server says they changed. */
export const fetchInvoiceSummary = () => api.get<InvoiceSummary>("/api/invoices/summary");

/** What the Pending card counts: every invoice not paid, and how many of them are overdue. */
export const pendingInvoicesHelp = (summary: InvoiceSummary) =>
  `${countOf(summary.pendingCount, "invoice")} pending${summary.overdueCount > 0 ? `, ${formatInteger(summary.overdueCount)} overdue` : ""}`;

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

/** A pushed invoice (`placeRow`): the table stays newest first. */
export const applyInvoiceChange = (list: ShownPages<Invoice> | undefined, change: LiveChange) => placeRow(list, change);

/** The invoice's PDF, made by the server, saved under the name it gives (the invoice number). */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (invoice: Pick<Invoice, "id" | "invoiceNumber">) => {
      const { blob, filename } = await api.download(`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`);
      saveFile(blob, filename ?? `${invoice.invoiceNumber}.pdf`);
    },
  });
}
