import { Button, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuCircleCheck, LuDownload, LuReceipt, LuTrash2 } from "react-icons/lu";
import type { AdminPayment, PaymentSort, PaymentsQuery } from "../../../common/admin-money";
import { PAYMENT_FILTER_LABELS, PAYMENT_FILTERS } from "../../../common/admin-table";
import { countOf, formatDate, formatDay } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { StatCard, StatGrid } from "../../components/StatCard";
import { errorMessage } from "../../lib/form-errors";
import { useLiveQuery, useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failedWith, serverMessage, toast, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import {
  fetchInvoiceSummary,
  invoiceSummaryKey,
  invoicesKey,
  pendingInvoicesHelp,
  untilNextLagosDay,
} from "../invoices/api";
import { DownloadInvoiceButton } from "../invoices/DownloadInvoiceButton";
import { InvoiceStatusBadge } from "../invoices/InvoiceStatusBadge";
import { NO_INVOICES } from "../invoices/labels";
import { ProjectLink } from "../projects/ProjectLink";
import { type AdminColumn, AdminTable, type QueryChange, TableFilter } from "./AdminTable";
import { EditInvoiceDialog } from "./EditInvoiceDialog";
import { DELETE_INVOICE_QUESTION, MARK_PAID_QUESTION } from "./labels";
import { adminPaymentsKey, paymentsQueryOptions, useDeleteInvoice, useExportPayments, useMarkPaid } from "./money-api";
import { ClientLink } from "./PersonLink";

/**
 * Admin › Payments (issue #7 item 7): revenue, paid and pending totals (live),
 * then every invoice with its client, paged, sorted and searched on the
 * server, with Edit and Mark paid on unpaid ones and the CSV export. Errors show the server's own
 * message (spec §8).
 */
export function PaymentsPage({
  query,
  onQueryChange,
}: {
  query: PaymentsQuery;
  onQueryChange: QueryChange<PaymentsQuery>;
}) {
  const payments = useQuery(paymentsQueryOptions(query));
  const exportPayments = useExportPayments();
  // Any invoice change (a new one, one paid, elsewhere or in another tab) refetches the page shown.
  useLiveRefetch(invoicesKey, adminPaymentsKey);

  useLoadFailedToast(payments.isError, errorMessage(payments.error));

  const columns: AdminColumn<AdminPayment, PaymentSort>[] = [
    {
      key: "number",
      header: "Invoice",
      sort: "number",
      cell: (row) => <Text fontWeight="medium">{row.invoiceNumber}</Text>,
    },
    {
      key: "client",
      header: "Client",
      wrap: true,
      sort: "client",
      cell: (row) => (
        <Stack gap="0">
          <ClientLink id={row.clientId} name={clientNameOf(row)} />
          <Text color="fg.muted" fontSize="xs">
            {row.clientEmail}
          </Text>
        </Stack>
      ),
    },
    {
      key: "project",
      header: "Project",
      sort: "project",
      wrap: true,
      cell: (row) => <ProjectLink id={row.projectId} title={row.projectTitle} />,
    },
    { key: "amount", header: "Amount", sort: "amount", align: "end", cell: (row) => formatAmount(row.amount) },
    {
      key: "status",
      header: "Status",
      sort: "status",
      // The paid date under its badge rather than in a column of dashes: at 1280 px beside the
      // sidebar that column pushed Actions past the card's edge.
      cell: (row) => (
        <Stack gap="0.5" align="start">
          <InvoiceStatusBadge status={row.status} />
          {row.paidDate && (
            <Text color="fg.muted" fontSize="xs">
              on {formatDate(row.paidDate)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "due", header: "Due date", sort: "due", cell: (row) => (row.dueDate ? formatDay(row.dueDate) : "—") },
    { key: "actions", header: "Actions", align: "end", actions: true, cell: (row) => <PaymentActions invoice={row} /> },
  ];

  return (
    <Stack gap="6">
      <PaymentTotals />
      <AdminTable
        caption="All invoices"
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        data={payments.data}
        pending={payments.isPending}
        error={payments.isError}
        onRetry={() => payments.refetch()}
        search={{ label: "Search by invoice number or client name or e-mail", placeholder: "Number, client or e-mail" }}
        empty={{
          title: query.status ? `No ${PAYMENT_FILTER_LABELS[query.status].toLowerCase()} invoices` : NO_INVOICES,
          text: "Invoices appear here once they are created.",
          icon: <LuReceipt aria-hidden="true" />,
        }}
        toolbar={
          <>
            <TableFilter
              label="Status"
              value={query.status}
              options={PAYMENT_FILTERS}
              labels={PAYMENT_FILTER_LABELS}
              onChange={(status) => onQueryChange({ status, page: 1 })}
            />
            <Button
              size="sm"
              variant="outline"
              loading={exportPayments.isPending}
              onClick={() =>
                exportPayments.mutate(
                  { sort: query.sort, dir: query.dir, q: query.q, status: query.status },
                  {
                    onError: (error) => toast("error", serverMessage, error),
                  },
                )
              }
            >
              <LuDownload aria-hidden="true" />
              Export CSV
            </Button>
          </>
        }
      />
    </Stack>
  );
}

/** Revenue (paid), paid and pending (everything not paid, overdue included): the live invoice summary. */
function PaymentTotals() {
  const refetchInterval = () => untilNextLagosDay();
  const summary = useLiveQuery({ queryKey: invoiceSummaryKey, queryFn: fetchInvoiceSummary, refetchInterval });
  const data = summary.data;
  const cards = [
    { label: "Revenue", amount: data?.paidAmount, help: data && `From ${countOf(data.paidCount, "paid invoice")}` },
    { label: "Paid", amount: data?.paidAmount, help: data && `${countOf(data.paidCount, "invoice")} paid` },
    {
      label: "Pending",
      amount: data?.pendingAmount,
      help: data && pendingInvoicesHelp(data),
    },
  ];
  return (
    <StatGrid label="Payment totals" columns={[1, 3]}>
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          pending={summary.isPending}
          value={card.amount === undefined ? undefined : formatAmount(card.amount)}
          help={card.help}
        />
      ))}
    </StatGrid>
  );
}

function PaymentActions({ invoice }: { invoice: AdminPayment }) {
  return (
    // Wraps where the table is tight (1280 px beside the sidebar): Mark paid above, the icons under it.
    <HStack gap="2" justify="end" wrap="wrap">
      {invoice.status !== "paid" && <MarkPaid invoice={invoice} />}
      <HStack gap="2">
        {invoice.status !== "paid" && <EditInvoiceDialog invoice={invoice} />}
        <DownloadInvoiceButton invoice={invoice} size="xs" iconOnly />
        {invoice.status !== "paid" && <DeleteInvoice invoice={invoice} />}
      </HStack>
    </HStack>
  );
}

function MarkPaid({ invoice }: { invoice: AdminPayment }) {
  const markPaid = useMarkPaid();
  return (
    <ConfirmDialog
      question={MARK_PAID_QUESTION}
      description={`${invoice.invoiceNumber} for ${clientNameOf(invoice)}, ${formatAmount(invoice.amount)}. Today is recorded as its paid date.`}
      confirmLabel="Mark paid"
      onConfirm={() =>
        toastOutcome(markPaid.mutateAsync(invoice.id), {
          saved: { title: TOAST.paymentConfirmed },
          failed: serverMessage,
        })
      }
      trigger={
        <Button size="xs" variant="outline">
          <LuCircleCheck aria-hidden="true" />
          Mark paid
          <Text as="span" srOnly>
            {` ${invoice.invoiceNumber}`}
          </Text>
        </Button>
      }
    />
  );
}

/** An unpaid invoice issued by mistake (to the wrong client, say): deleted after the confirmation; its client is told. */
function DeleteInvoice({ invoice }: { invoice: AdminPayment }) {
  const remove = useDeleteInvoice();
  return (
    <ConfirmDialog
      question={DELETE_INVOICE_QUESTION}
      description={`${invoice.invoiceNumber} for ${clientNameOf(invoice)}, ${formatAmount(invoice.amount)}. They are told it was withdrawn, and it leaves their invoices and the totals. Its number is not used again.`}
      confirmLabel="Delete"
      onConfirm={() =>
        toastOutcome(remove.mutateAsync(invoice.id), {
          saved: { title: TOAST.invoiceDeleted },
          failed: failedWith(TOAST.invoiceDeleteFailed),
        })
      }
      trigger={
        <IconButton size="xs" variant="outline" aria-label={`Delete invoice ${invoice.invoiceNumber}`} title="Delete">
          <LuTrash2 aria-hidden="true" />
        </IconButton>
      }
    />
  );
}
