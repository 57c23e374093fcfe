import { Box, Button, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import {
  LuChartNoAxesColumn,
  LuCircleCheck,
  LuFileText,
  LuFolderKanban,
  LuFolderOpen,
  LuReceipt,
  LuSettings,
} from "react-icons/lu";
import type { ClientDashboard as ClientFigures, DashboardInvoice } from "../../../common/api";
import { countOf, formatDay, formatInteger } from "../../../common/format";
import { ContactUsButton } from "../../components/ContactUsButton";
import { EmptyList } from "../../components/EmptyList";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import { formatAmount } from "../../lib/money";
import { InvoiceStatusBadge } from "../invoices/InvoiceStatusBadge";
import { NO_INVOICES } from "../invoices/labels";
import { NO_PROJECTS, NO_PROJECTS_TEXT } from "../projects/labels";
import { dashboardQuery } from "./api";
import { ProjectsSection } from "./ProjectsSection";
import { ListSkeleton, LoadError, Section } from "./Section";

/**
 * Spec §2 client dashboard: four stat cards, Recent Projects, Quick Actions
 * and Recent Invoices, every figure from one read and refetched live when
 * one of the client's projects or invoices changes.
 */
export function ClientDashboard() {
  const query = useLiveQuery(dashboardQuery);
  // A developer's figures never reach this screen (the route picks by role); treat them as not loaded.
  const data = query.data?.role === "client" ? query.data : undefined;
  const pending = query.isPending;

  if (query.isError && !data) {
    // The figures could not be read; the ways on, which need none, are still offered.
    return (
      <Stack gap="6">
        <LoadError icon={LuFolderOpen} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <QuickActions />
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Stats figures={data} pending={pending} />
      <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="6" alignItems="start">
        <ProjectsSection
          id="recent-projects"
          title="Recent Projects"
          projects={data?.recentProjects}
          pending={pending}
          empty={
            <EmptyList
              framed={false}
              size="sm"
              icon={LuFolderOpen}
              title={NO_PROJECTS}
              description={NO_PROJECTS_TEXT.client}
              action={<ContactUsButton />}
            />
          }
        />
        <Stack gap="6">
          <QuickActions />
          <Section id="recent-invoices" title="Recent Invoices">
            {pending ? (
              <ListSkeleton label="Loading your invoices" rows={3} lines={1} />
            ) : data && data.recentInvoices.length > 0 ? (
              <RecentInvoices invoices={data.recentInvoices} />
            ) : (
              <EmptyList
                framed={false}
                size="sm"
                icon={LuReceipt}
                title={NO_INVOICES}
                description="Your invoices will appear here once they are issued."
              />
            )}
          </Section>
        </Stack>
      </Grid>
    </Stack>
  );
}

function Stats({ figures, pending }: { figures: ClientFigures | undefined; pending: boolean }) {
  const projects = figures?.projects;
  const invoices = figures?.invoices;
  return (
    <StatGrid label="Your figures" columns={[1, 2, 4]}>
      <StatCard
        label="Active Projects"
        icon={LuFolderKanban}
        pending={pending || !projects}
        value={projects?.active}
        help={projects && countOf(projects.total, "total project")}
      />
      <StatCard
        label="Total Invoices"
        icon={LuFileText}
        pending={pending || !invoices}
        value={invoices && formatAmount(invoices.totalMinor)}
        help={invoices && `${formatInteger(invoices.paid)} paid`}
      />
      <StatCard
        label="Average Progress"
        icon={LuChartNoAxesColumn}
        pending={pending || !projects}
        value={`${projects?.averageProgress}%`}
        help="Across all your projects"
      />
      {/* Spec §2: always Active (a person who can see this page has an active account). */}
      <StatCard
        label="Account Status"
        icon={LuCircleCheck}
        pending={false}
        value="Active"
        help="Your account is in good standing"
      />
    </StatGrid>
  );
}

function QuickActions() {
  const actions = [
    { label: "View All Projects", to: "/portal/projects", icon: LuFolderKanban },
    { label: "View Invoices", to: "/portal/invoices", icon: LuFileText },
    { label: "Account Settings", to: "/portal/settings", icon: LuSettings },
  ] as const;
  return (
    <Section id="quick-actions" title="Quick Actions">
      <Stack as="ul" listStyleType="none" gap="3">
        {actions.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Button asChild variant="outline" width="full" justifyContent="start">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          </li>
        ))}
      </Stack>
    </Section>
  );
}

function RecentInvoices({ invoices }: { invoices: DashboardInvoice[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label="Recent Invoices">
      {invoices.map((invoice, index) => (
        <Box as="li" key={invoice.id} borderTopWidth={index === 0 ? undefined : "1px"} py="3" _first={{ pt: 0 }}>
          {/* In the narrow column beside the projects, the amount goes under the number rather than break. */}
          <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
            <Stack gap="0.5">
              <Text fontWeight="semibold" whiteSpace="nowrap">
                {invoice.invoiceNumber}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {invoice.dueDate ? `Due ${formatDay(invoice.dueDate)}` : "No due date"}
              </Text>
            </Stack>
            <Stack gap="1" align="end">
              <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="invoice-amount">
                {formatAmount(invoice.amountMinor)}
              </Text>
              <InvoiceStatusBadge status={invoice.status} />
            </Stack>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
