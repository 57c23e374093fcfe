import { Button, Card, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { LuDownload, LuReceipt } from "react-icons/lu";
import type { Invoice, InvoiceSummary } from "../../../common/api";
import { formatDay } from "../../../common/format";
import { EmptyList } from "../../components/EmptyList";
import { StatCard } from "../../components/StatCard";
import { TableScrollArea } from "../../components/TableScrollArea";
import { toaster } from "../../components/Toaster";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { useMe } from "../../lib/session";
import {
  applyInvoiceChange,
  fetchInvoiceSummary,
  fetchInvoices,
  invoiceSummaryKey,
  invoicesKey,
  untilNextLagosDay,
  useDownloadInvoice,
} from "./api";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";

export const NO_INVOICES = "No invoices found";
const NO_INVOICES_TEXT = "Invoices for your projects will appear here when they are issued.";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Spec §2 Invoices: three summary cards and the invoice table with downloads; live both. */
export function InvoicesPage() {
  // Refetched when a new day begins in Lagos: invoices falling due turn overdue with no write to push.
  const refetchInterval = () => untilNextLagosDay();
  const summary = useLiveQuery({ queryKey: invoiceSummaryKey, queryFn: fetchInvoiceSummary, refetchInterval });
  const invoices = useLiveQuery({ queryKey: invoicesKey, queryFn: fetchInvoices, refetchInterval }, applyInvoiceChange);
  // Administrators see every client's invoices, so their table names the client (spec §7's admin variant).
  const withClient = useMe().data?.role === "admin";
  return (
    <Stack gap="6">
      <SummaryCards summary={summary.data} pending={summary.isPending} />
      <InvoiceTable invoices={invoices.data} pending={invoices.isPending} withClient={withClient} />
    </Stack>
  );
}

function SummaryCards({ summary, pending }: { summary: InvoiceSummary | undefined; pending: boolean }) {
  const cards = [
    { label: "Total Amount", amount: summary?.totalAmount, help: summary && plural(summary.totalCount, "invoice") },
    { label: "Paid", amount: summary?.paidAmount, help: summary && `${plural(summary.paidCount, "invoice")} paid` },
    {
      label: "Pending",
      amount: summary?.pendingAmount,
      help: summary && `${plural(summary.pendingCount, "invoice")} pending`,
    },
  ];
  return (
    <SimpleGrid as="section" aria-label="Invoice summary" columns={{ base: 1, md: 3 }} gap="4">
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          pending={pending}
          value={card.amount === undefined ? undefined : formatAmount(card.amount)}
          help={card.help}
        />
      ))}
    </SimpleGrid>
  );
}

const COLUMNS = ["Invoice ID", "Project", "Amount", "Status", "Due Date", "Actions"];
const ADMIN_COLUMNS = ["Invoice ID", "Client", "Project", "Amount", "Status", "Due Date", "Actions"];

function InvoiceTable({
  invoices,
  pending,
  withClient,
}: {
  invoices: Invoice[] | undefined;
  pending: boolean;
  withClient: boolean;
}) {
  const columns = withClient ? ADMIN_COLUMNS : COLUMNS;
  // Spec §8: a failed load is logged and the list shows as empty.
  if (!pending && (!invoices || invoices.length === 0)) {
    return <EmptyList icon={LuReceipt} headingLevel="h2" title={NO_INVOICES} description={NO_INVOICES_TEXT} />;
  }
  return (
    <Card.Root as="section" aria-labelledby="invoices-heading" aria-busy={pending || undefined}>
      <Card.Header>
        <Text as="h2" id="invoices-heading" fontWeight="semibold" fontSize="lg">
          All invoices
        </Text>
      </Card.Header>
      <Card.Body>
        {pending && <VisuallyHidden role="status">Loading invoices</VisuallyHidden>}
        <TableScrollArea>
          <Table.Root size="sm" aria-labelledby="invoices-heading">
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader
                    key={column}
                    scope="col"
                    textAlign={column === "Amount" || column === "Actions" ? "end" : undefined}
                  >
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {pending || !invoices
                ? Array.from({ length: 3 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Row key={i} aria-hidden="true">
                      {columns.map((column) => (
                        <Table.Cell key={column}>
                          <Skeleton height="5" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : invoices.map((invoice) => <InvoiceRow key={invoice.id} invoice={invoice} withClient={withClient} />)}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      </Card.Body>
    </Card.Root>
  );
}

function InvoiceRow({ invoice, withClient }: { invoice: Invoice; withClient: boolean }) {
  const download = useDownloadInvoice();
  function onDownload() {
    download.mutate(invoice, {
      onError: () => toaster.create({ type: "error", title: TOAST.error, description: TOAST.invoiceDownloadFailed }),
    });
  }
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium" whiteSpace="nowrap">
        {invoice.invoiceNumber}
      </Table.Cell>
      {withClient && (
        <Table.Cell>
          {invoice.clientName}
          {invoice.clientCompany && (
            <Text as="span" display="block" color="fg.muted" fontSize="xs">
              {invoice.clientCompany}
            </Text>
          )}
        </Table.Cell>
      )}
      <Table.Cell>{invoice.projectTitle ?? "—"}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatAmount(invoice.amount)}
      </Table.Cell>
      <Table.Cell>
        <InvoiceStatusBadge status={invoice.status} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{invoice.dueDate ? formatDay(invoice.dueDate) : "—"}</Table.Cell>
      <Table.Cell textAlign="end">
        <Button
          size="sm"
          variant="outline"
          onClick={onDownload}
          loading={download.isPending}
          aria-label={`Download invoice ${invoice.invoiceNumber}`}
        >
          <LuDownload aria-hidden="true" />
          Download
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
