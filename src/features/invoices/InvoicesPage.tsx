import { Card, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useRef } from "react";
import { LuReceipt } from "react-icons/lu";
import type { Invoice, InvoiceSummary } from "../../../common/api";
import { countOf, formatDay, formatInteger } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { DataTable } from "../../components/DataTable";
import { EmptyList } from "../../components/EmptyList";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { useMe } from "../../lib/session";
import { ClientLink } from "../admin/PersonLink";
import { ProjectLink } from "../projects/ProjectLink";
import {
  applyInvoiceChange,
  fetchInvoiceSummary,
  fetchInvoices,
  invoiceSummaryKey,
  invoicesKey,
  pendingInvoicesHelp,
  untilNextLagosDay,
  useLoadMoreInvoices,
} from "./api";
import { DownloadInvoiceButton } from "./DownloadInvoiceButton";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { NO_INVOICES } from "./labels";

const NO_INVOICES_TEXT = "Invoices for your projects will appear here when they are issued.";

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
      <InvoiceTable
        invoices={invoices.data?.items}
        hasMore={!!invoices.data?.next}
        total={summary.data?.totalCount}
        pending={invoices.isPending}
        withClient={withClient}
      />
    </Stack>
  );
}

function SummaryCards({ summary, pending }: { summary: InvoiceSummary | undefined; pending: boolean }) {
  const cards = [
    { label: "Total Amount", amount: summary?.totalAmount, help: summary && countOf(summary.totalCount, "invoice") },
    { label: "Paid", amount: summary?.paidAmount, help: summary && `${countOf(summary.paidCount, "invoice")} paid` },
    {
      label: "Pending",
      amount: summary?.pendingAmount,
      help: summary && pendingInvoicesHelp(summary),
    },
  ];
  return (
    <StatGrid label="Invoice summary" columns={[1, 3]}>
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          pending={pending}
          value={card.amount === undefined ? undefined : formatAmount(card.amount)}
          help={card.help}
        />
      ))}
    </StatGrid>
  );
}

const COLUMNS = ["Invoice ID", "Project", "Amount", "Status", "Due Date", "Actions"];
const ADMIN_COLUMNS = ["Invoice ID", "Client", "Project", "Amount", "Status", "Due Date", "Actions"];

function InvoiceTable({
  invoices,
  hasMore,
  total,
  pending,
  withClient,
}: {
  invoices: Invoice[] | undefined;
  /** More invoices than shown: "Load more" adds the next page. */
  hasMore: boolean;
  /** Every invoice of the viewer, counted by the summary. */
  total: number | undefined;
  pending: boolean;
  withClient: boolean;
}) {
  const more = useLoadMoreInvoices();
  const rows = useRef<HTMLTableSectionElement>(null);
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
        <DataTable.Root aria-labelledby="invoices-heading">
          <DataTable.Head>
            {columns.map((column) => (
              <DataTable.ColumnHeader key={column} alignEnd={column === "Amount" || column === "Actions"}>
                {column}
              </DataTable.ColumnHeader>
            ))}
          </DataTable.Head>
          <DataTable.Body ref={rows}>
            {pending || !invoices
              ? Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <DataTable.Row key={i} aria-hidden="true">
                    {columns.map((column, index) => (
                      <DataTable.Cell key={column} label={index === 0 || column === "Actions" ? undefined : column}>
                        <Skeleton height="5" />
                      </DataTable.Cell>
                    ))}
                  </DataTable.Row>
                ))
              : invoices.map((invoice) => <InvoiceRow key={invoice.id} invoice={invoice} withClient={withClient} />)}
          </DataTable.Body>
        </DataTable.Root>
      </Card.Body>
      {invoices && hasMore ? (
        <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
          <Text color="fg.muted" fontSize="sm">
            {total === undefined
              ? `${formatInteger(invoices.length)} shown`
              : `${formatInteger(invoices.length)} of ${formatInteger(total)} shown`}
          </Text>
          <LoadMoreButton
            loading={more.loading}
            onLoadMore={more.loadMore}
            failedText={TOAST.moreInvoicesFailed}
            list={rows}
            alignSelf="auto"
          />
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}

function InvoiceRow({ invoice, withClient }: { invoice: Invoice; withClient: boolean }) {
  return (
    <DataTable.Row>
      <DataTable.Cell fontWeight="medium" whiteSpace="nowrap">
        {invoice.invoiceNumber}
      </DataTable.Cell>
      {withClient && (
        <DataTable.Cell label="Client" wrap>
          <ClientLink id={invoice.clientId} name={clientNameOf(invoice)} />
          {invoice.clientCompany && (
            <Text as="span" display="block" color="fg.muted" fontSize="xs">
              {invoice.clientCompany}
            </Text>
          )}
        </DataTable.Cell>
      )}
      <DataTable.Cell label="Project" wrap>
        {/* Administrators (the table naming clients) open every project; a client those still theirs. */}
        <ProjectLink
          id={withClient || invoice.clientOwnsProject ? invoice.projectId : null}
          title={invoice.projectTitle}
        />
      </DataTable.Cell>
      <DataTable.Cell label="Amount" alignEnd whiteSpace="nowrap">
        {formatAmount(invoice.amount)}
      </DataTable.Cell>
      <DataTable.Cell label="Status">
        <InvoiceStatusBadge status={invoice.status} />
      </DataTable.Cell>
      <DataTable.Cell label="Due Date" whiteSpace="nowrap">
        {invoice.dueDate ? formatDay(invoice.dueDate) : "—"}
      </DataTable.Cell>
      <DataTable.Cell alignEnd>
        <DownloadInvoiceButton invoice={invoice} />
      </DataTable.Cell>
    </DataTable.Row>
  );
}
