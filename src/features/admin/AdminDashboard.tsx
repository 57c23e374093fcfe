import { Button, Link, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { LuFilePlus, LuFolderPlus, LuLayers, LuUserCog, LuUserPlus, LuUsers } from "react-icons/lu";
import type { AdminDashboard as Dashboard } from "../../../common/admin";
import { formatDate } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import { formatAmount } from "../../lib/money";
import { Section } from "../dashboard/Section";
import { OrderStatusBadge } from "../orders/OrderStatusBadge";
import { adminDashboardKey, fetchAdminDashboard } from "./api";
import { ClientLink } from "./PersonLink";

/** Spec §2: manage clients and developers, create a project or an invoice; and the people and plans forms of issue #7. */
const QUICK_ACTIONS = [
  { label: "Manage clients", to: "/portal/admin/clients", icon: LuUsers },
  { label: "Manage developers", to: "/portal/admin/developers", icon: LuUserCog },
  { label: "Manage plans", to: "/portal/admin/plans", icon: LuLayers },
  { label: "Add client", to: "/portal/admin/clients/new", icon: LuUserPlus },
  { label: "Add developer", to: "/portal/admin/developers/new", icon: LuUserPlus },
  { label: "Create project", to: "/portal/admin/projects/new", icon: LuFolderPlus },
  { label: "Create invoice", to: "/portal/admin/invoices/new", icon: LuFilePlus },
] as const;

/** Admin dashboard (issue #7): live counters, quick actions, the newest pending bookings and enquiries. */
export function AdminDashboard() {
  // Live: a booking or invoice change makes the server push "refetch" for this key.
  const dashboard = useLiveQuery<Dashboard>({ queryKey: adminDashboardKey, queryFn: fetchAdminDashboard });
  const data = dashboard.data;
  const counters = [
    { label: "Clients", value: data?.counts.clients },
    { label: "Developers", value: data?.counts.developers },
    {
      label: "Active projects",
      value: data?.counts.activeProjects,
      // The figure's projects: Projects shown for that status.
      help: (
        <Link asChild variant="underline">
          <RouterLink to="/portal/projects" search={{ status: "active" }}>
            View active projects
          </RouterLink>
        </Link>
      ),
    },
    {
      label: "Unpaid invoices",
      value: data?.counts.unpaidInvoices,
      // Everything not paid, overdue included: Payments' Pending filter.
      help: (
        <Link asChild variant="underline">
          <RouterLink to="/portal/admin/payments" search={{ status: "pending" }}>
            View unpaid invoices
          </RouterLink>
        </Link>
      ),
    },
  ];
  return (
    <Stack gap="6">
      <StatGrid label="Overview" columns={[1, 2, 4]} minCardRem={10}>
        {counters.map((counter) => (
          <StatCard
            key={counter.label}
            label={counter.label}
            pending={dashboard.isPending}
            value={counter.value}
            help={counter.help}
          />
        ))}
      </StatGrid>
      {dashboard.isPending && <VisuallyHidden role="status">Loading the dashboard</VisuallyHidden>}
      <Section id="quick-actions" title="Quick Actions">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {QUICK_ACTIONS.map((action) => (
            <Button key={action.to} asChild variant="outline">
              <RouterLink to={action.to}>
                <action.icon aria-hidden="true" />
                {action.label}
              </RouterLink>
            </Button>
          ))}
        </SimpleGrid>
      </Section>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Section
          id="pending-bookings"
          title="Pending bookings"
          action={<SeeAll to="/portal/admin/bookings" what="bookings" />}
        >
          {dashboard.isPending ? (
            <Skeleton height="24" aria-hidden="true" />
          ) : !data || data.pendingBookings.length === 0 ? (
            <Text color="fg.muted">{data ? "No pending bookings." : "Bookings could not be loaded."}</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data.pendingBookings.map((order) => (
                <Stack as="li" key={order.id} direction="row" justify="space-between" align="flex-start" gap="3">
                  <Stack gap="0">
                    <Text fontWeight="medium">{order.serviceTitle}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      <ClientLink id={order.clientId} name={clientNameOf(order)} /> · {formatDate(order.createdAt)} ·{" "}
                      {formatAmount(order.totalAmountMinor)}
                    </Text>
                  </Stack>
                  <OrderStatusBadge status={order.status} />
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
        <Section
          id="newest-enquiries"
          title="Newest enquiries"
          action={<SeeAll to="/portal/admin/enquiries" what="enquiries" />}
        >
          {dashboard.isPending ? (
            <Skeleton height="24" aria-hidden="true" />
          ) : !data || data.enquiries.length === 0 ? (
            <Text color="fg.muted">{data ? "No enquiries yet." : "Enquiries could not be loaded."}</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data.enquiries.map((enquiry) => (
                <Stack as="li" key={enquiry.id} gap="0">
                  <Text fontWeight="medium">
                    {/* Their enquiries, each with its details, on Admin › Enquiries. */}
                    <Link asChild variant="underline">
                      <RouterLink to="/portal/admin/enquiries" search={{ q: enquiry.email }}>
                        {enquiry.firstName} {enquiry.lastName}
                      </RouterLink>
                    </Link>
                    {enquiry.company ? ` · ${enquiry.company}` : ""}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {enquiry.email} · {formatDate(enquiry.createdAt)}
                  </Text>
                  <Text fontSize="sm" lineClamp={2}>
                    {enquiry.message}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A section's way to its whole list, beside its title as on the client's and developer's dashboards
 * ("View all", which fits beside the title on a phone; read as "View all bookings").
 */
function SeeAll({ to, what }: { to: "/portal/admin/bookings" | "/portal/admin/enquiries"; what: string }) {
  return (
    <Button asChild size="sm" variant="ghost" colorPalette="brand">
      <RouterLink to={to}>
        View all<VisuallyHidden> {what}</VisuallyHidden>
      </RouterLink>
    </Button>
  );
}
