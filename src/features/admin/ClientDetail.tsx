import { Badge, Button, Card, Link, Skeleton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuArrowLeft } from "react-icons/lu";
import type { AdminClientDetail } from "../../../common/admin";
import { formatDate, formatDay } from "../../../common/format";
import { InfoList } from "../../components/InfoList";
import { PageHeader } from "../../components/PageHeader";
import { ApiError } from "../../lib/api";
import { formatAmount } from "../../lib/money";
import { InvoiceStatusBadge } from "../invoices/InvoiceStatusBadge";
import { OrderStatusBadge } from "../orders/OrderStatusBadge";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { clientDetailQueryOptions } from "./api";

/** Admin › Clients › a client (issue #7): profile, projects, invoices and orders. */
export function ClientDetail({ clientId }: { clientId: string }) {
  const detail = useQuery(clientDetailQueryOptions(clientId));
  const back = (
    <Link asChild variant="underline" fontSize="sm" mb="4">
      <RouterLink to="/portal/admin/clients">
        <LuArrowLeft aria-hidden="true" />
        All clients
      </RouterLink>
    </Link>
  );
  if (detail.isPending) {
    return (
      <Stack aria-busy="true">
        {back}
        <VisuallyHidden role="status">Loading client</VisuallyHidden>
        <Skeleton height="9" width="64" aria-hidden="true" />
        <Skeleton height="32" aria-hidden="true" />
      </Stack>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack gap="4" align="start">
        {back}
        <PageHeader title={missing ? "Client not found" : "Client"} />
        <Text>{missing ? "This client does not exist or was deleted." : "This client could not be loaded."}</Text>
        {!missing && (
          <Button size="sm" variant="outline" onClick={() => detail.refetch()}>
            Retry
          </Button>
        )}
      </Stack>
    );
  }
  const { profile, projects, invoices, orders } = detail.data;
  return (
    <Stack gap="6">
      <Stack gap="0" align="start">
        {back}
        <PageHeader
          title={profile.fullName}
          documentTitle={profile.fullName}
          description={profile.companyName ?? "Client"}
        />
      </Stack>
      <Section title="Profile">
        <InfoList
          items={[
            { label: "E-mail", value: profile.email },
            { label: "Company", value: profile.companyName ?? "—" },
            { label: "Joined", value: formatDate(profile.createdAt) },
            {
              label: "Account",
              value: profile.archivedAt ? (
                <Badge colorPalette="gray" variant="surface">
                  Deactivated {formatDate(profile.archivedAt)}
                </Badge>
              ) : (
                "Active"
              ),
            },
          ]}
        />
      </Section>
      <RecordTable
        title="Projects"
        empty="No projects yet."
        headers={["Project", "Status", "Progress"]}
        rows={projects.map((project) => ({
          id: project.id,
          cells: [
            <Link key="title" asChild variant="underline">
              <RouterLink to="/portal/projects/$projectId" params={{ projectId: project.id }}>
                {project.title}
              </RouterLink>
            </Link>,
            <ProjectStatusBadge key="status" status={project.status} />,
            `${project.progress}%`,
          ],
        }))}
      />
      <RecordTable
        title="Invoices"
        empty="No invoices yet."
        headers={["Invoice", "Amount", "Status", "Due date"]}
        rows={invoices.map((invoice: AdminClientDetail["invoices"][number]) => ({
          id: invoice.id,
          cells: [
            invoice.invoiceNumber,
            formatAmount(invoice.amount),
            <InvoiceStatusBadge key="status" status={invoice.status} />,
            invoice.dueDate ? formatDay(invoice.dueDate) : "—",
          ],
        }))}
      />
      <RecordTable
        title="Orders"
        empty="No orders yet."
        headers={["Service", "Amount", "Status", "Ordered"]}
        rows={orders.map((order) => ({
          id: order.id,
          cells: [
            order.serviceTitle,
            formatAmount(order.totalAmountMinor),
            <OrderStatusBadge key="status" status={order.status} />,
            formatDate(order.createdAt),
          ],
        }))}
      />
    </Stack>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function RecordTable({
  title,
  empty,
  headers,
  rows,
}: {
  title: string;
  empty: string;
  headers: string[];
  rows: { id: string; cells: ReactNode[] }[];
}) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={title}>
            <Table.Header>
              <Table.Row>
                {headers.map((header) => (
                  <Table.ColumnHeader key={header} scope="col">
                    {header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id}>
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                    <Table.Cell key={i}>{cell}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
}
