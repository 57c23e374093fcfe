import { Link, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { type AdminClientDetail, CLIENT_DETAIL_LIMIT } from "../../../common/admin";
import { formatDate, formatDay } from "../../../common/format";
import { EmailAddress } from "../../components/EmailAddress";
import { InfoList } from "../../components/InfoList";
import { PageHeader } from "../../components/PageHeader";
import { useLiveRefetch } from "../../lib/live";
import { formatAmount } from "../../lib/money";
import { adminBookingsKey } from "../catalogue/api";
import { invoicesKey } from "../invoices/api";
import { DownloadInvoiceButton } from "../invoices/DownloadInvoiceButton";
import { InvoiceStatusBadge } from "../invoices/InvoiceStatusBadge";
import { OrderStatusBadge } from "../orders/OrderStatusBadge";
import { projectsListKey } from "../projects/api";
import { ProjectLink } from "../projects/ProjectLink";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { AccountStatus } from "./Account";
import { adminPeopleKey, clientDetailQueryOptions } from "./api";
import { EditClientDialog } from "./EditClientDialog";
import { PersonDetailFrame, RecordTable, Section } from "./PersonDetail";

/** Admin › Clients › a client (issue #7): profile, projects, invoices and orders. */
export function ClientDetail({ clientId }: { clientId: string }) {
  const options = clientDetailQueryOptions(clientId);
  const detail = useQuery(options);
  // Changed by anyone, elsewhere: the client, and their projects, invoices and orders.
  useLiveRefetch(adminPeopleKey, options.queryKey);
  useLiveRefetch(projectsListKey, options.queryKey);
  useLiveRefetch(invoicesKey, options.queryKey);
  useLiveRefetch(adminBookingsKey, options.queryKey);
  return (
    <PersonDetailFrame query={detail} kind="Client" backTo="/portal/admin/clients" backLabel="All clients">
      {({ profile, projects, invoices, orders }, back) => (
        <Stack gap="6">
          <Stack gap="0" align="start">
            {back}
            <PageHeader
              title={profile.fullName}
              documentTitle={profile.fullName}
              description={profile.companyName ?? "Client"}
            />
          </Stack>
          <Section title="Profile" action={<EditClientDialog client={profile} />}>
            <InfoList
              items={[
                { label: "E-mail", value: <EmailAddress email={profile.email} /> },
                { label: "Company", value: profile.companyName ?? "—" },
                { label: "Joined", value: formatDate(profile.createdAt) },
                { label: "Account", value: <AccountStatus kind="clients" profile={profile} /> },
              ]}
            />
          </Section>
          <RecordTable
            title="Projects"
            empty="No projects yet."
            limit={CLIENT_DETAIL_LIMIT}
            headers={["Project", "Status", "Progress"]}
            rows={projects.map((project) => ({
              id: project.id,
              cells: [
                <ProjectLink key="title" id={project.id} title={project.title} />,
                <ProjectStatusBadge key="status" status={project.status} />,
                `${project.progress}%`,
              ],
            }))}
          />
          <RecordTable
            title="Invoices"
            empty="No invoices yet."
            limit={CLIENT_DETAIL_LIMIT}
            more={
              <Link asChild variant="underline">
                <RouterLink to="/portal/admin/payments" search={{ q: profile.email }}>
                  See all in Payments
                </RouterLink>
              </Link>
            }
            headers={["Invoice", "Project", "Amount", "Status", "Due date", "Actions"]}
            rows={invoices.map((invoice: AdminClientDetail["invoices"][number]) => ({
              id: invoice.id,
              cells: [
                invoice.invoiceNumber,
                <ProjectLink key="project" id={invoice.projectId} title={invoice.projectTitle} />,
                formatAmount(invoice.amount),
                <InvoiceStatusBadge key="status" status={invoice.status} />,
                invoice.dueDate ? formatDay(invoice.dueDate) : "—",
                <DownloadInvoiceButton key="download" invoice={invoice} size="xs" />,
              ],
            }))}
          />
          <RecordTable
            title="Orders"
            empty="No orders yet."
            limit={CLIENT_DETAIL_LIMIT}
            more={
              <Link asChild variant="underline">
                <RouterLink to="/portal/admin/bookings" search={{ q: profile.email }}>
                  See all in Bookings
                </RouterLink>
              </Link>
            }
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
      )}
    </PersonDetailFrame>
  );
}
