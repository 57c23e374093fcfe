import { Card, Heading, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import type { ChartConfiguration } from "chart.js";
import { type ReactNode, useMemo } from "react";
import type { AdminAnalytics } from "../../../common/admin-analytics";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "../../../common/domain";
import { formatMonth } from "../../../common/format";
import { LoadFailed } from "../../components/LoadFailed";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import { formatAmount, formatPrice } from "../../lib/money";
import { TASK_STATUS_LABELS } from "../tasks/labels";
import { adminAnalyticsKey, fetchAdminAnalytics } from "./api";
import { CHART_COLOURS, ChartCanvas } from "./Chart";

/** Admin analytics (issue #7, item 11; spec §2): eight metric cards, three charts each with a table of its figures. */

/** The analytics name statuses as strings; one the screen does not know reads as itself. */
const projectStatusLabel = (status: string) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;
const ROLE_LABELS: Record<string, string> = { admin: "Administrators", developer: "Developers", client: "Clients" };

export function AnalyticsPage() {
  // Live: a project, task, invoice or order change makes the server push "refetch" for this key.
  const analytics = useLiveQuery<AdminAnalytics>({ queryKey: adminAnalyticsKey, queryFn: fetchAdminAnalytics });
  const data = analytics.data;
  if (analytics.isError && !data) {
    return <LoadFailed message="The analytics could not be loaded." onRetry={() => analytics.refetch()} />;
  }
  return (
    <Stack gap="6" aria-busy={analytics.isPending}>
      {analytics.isPending && <VisuallyHidden role="status">Loading the analytics</VisuallyHidden>}
      <MetricCards data={data} />
      {data ? (
        <Charts data={data} />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-hidden="true">
          <Skeleton height="72" />
          <Skeleton height="72" />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function MetricCards({ data }: { data: AdminAnalytics | undefined }) {
  const cards = data?.cards;
  const metrics: { label: string; value: string | undefined; help?: string }[] = [
    { label: "Total Clients", value: cards && String(cards.clients) },
    { label: "Total Developers", value: cards && String(cards.developers) },
    { label: "Total Projects", value: cards && String(cards.projects) },
    { label: "Completed Projects", value: cards && String(cards.completedProjects) },
    { label: "Active Tasks", value: cards && String(cards.activeTasks), help: "To do, in progress and in review" },
    { label: "Total Revenue", value: cards && formatAmount(cards.revenue), help: "From paid invoices" },
    {
      label: "Active Subscriptions",
      value: cards && String(cards.activeSubscriptions),
      help: cards ? `${formatAmount(cards.monthlyRevenue)}/mo` : undefined,
    },
    {
      label: "Completion Rate",
      value: cards && `${cards.completionRate.toFixed(1)}%`,
      help: "Completed of all projects",
    },
  ];
  return (
    <StatGrid label="Key figures" columns={[1, 2, 4]}>
      {metrics.map((metric) => (
        <StatCard key={metric.label} label={metric.label} pending={!cards} value={metric.value} help={metric.help} />
      ))}
    </StatGrid>
  );
}

function Charts({ data }: { data: AdminAnalytics }) {
  const projectChart = useMemo<ChartConfiguration>(
    () => ({
      type: "doughnut",
      data: {
        labels: data.projectStatus.map((row) => projectStatusLabel(row.status)),
        datasets: [{ data: data.projectStatus.map((row) => row.count), backgroundColor: CHART_COLOURS.slice(0, 4) }],
      },
      options: { plugins: { legend: { position: "bottom" } } },
    }),
    [data.projectStatus],
  );
  const teamChart = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: data.team.map((row) => ROLE_LABELS[row.role] ?? row.role),
        datasets: [{ label: "People", data: data.team.map((row) => row.count), backgroundColor: CHART_COLOURS[0] }],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    [data.team],
  );
  const revenueChart = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: data.revenueByMonth.map((row) => formatMonth(row.month)),
        datasets: [
          {
            label: "Revenue",
            data: data.revenueByMonth.map((row) => row.amount / 100),
            backgroundColor: CHART_COLOURS[1],
          },
        ],
      },
      options: {
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => formatAmount(Math.round(Number(item.raw) * 100)) } },
        },
        scales: {
          // Every month named, the latest too: on a phone they turn on their side rather than skip.
          x: { ticks: { autoSkip: false, maxRotation: 90 } },
          // Amounts in the product's currency, whole (₦500,000), as the table beside it gives them.
          y: { beginAtZero: true, ticks: { callback: (value) => formatPrice(Math.round(Number(value) * 100)) } },
        },
      },
    }),
    [data.revenueByMonth],
  );
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartPanel
          title="Project status overview"
          chart={<ChartCanvas config={projectChart} />}
          columns={["Status", "Projects"]}
          rows={data.projectStatus.map((row) => [projectStatusLabel(row.status), String(row.count)])}
        />
        <ChartPanel
          title="Team overview"
          chart={<ChartCanvas config={teamChart} />}
          columns={["Role", "People"]}
          rows={data.team.map((row) => [ROLE_LABELS[row.role] ?? row.role, String(row.count)])}
          footer={
            <Text fontSize="sm" color="fg.muted">
              Tasks:{" "}
              {data.taskStatus
                .map((row) => `${TASK_STATUS_LABELS[row.status as keyof typeof TASK_STATUS_LABELS]} ${row.count}`)
                .join(" · ")}
            </Text>
          }
        />
      </SimpleGrid>
      <ChartPanel
        title="Revenue by month"
        description="Paid invoices by the month they were paid, the last 12 months."
        chart={<ChartCanvas config={revenueChart} height={300} />}
        columns={["Month", "Revenue", "Invoices paid"]}
        rows={data.revenueByMonth.map((row) => [formatMonth(row.month), formatAmount(row.amount), String(row.count)])}
      />
    </Stack>
  );
}

/** A chart in a figure: the caption names it, the canvas is decoration, and a table (read by screen readers) holds its figures. */
function ChartPanel({
  title,
  description,
  chart,
  columns,
  rows,
  footer,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  columns: string[];
  rows: string[][];
  footer?: ReactNode;
}) {
  const id = `chart-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Body gap="3">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
        {chart}
        <VisuallyHidden>
          <Table.Root size="sm">
            <Table.Caption>{title}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column} scope="col">
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(([head, ...cells]) => (
                <Table.Row key={head}>
                  <Table.Cell as="th" scope="row">
                    {head}
                  </Table.Cell>
                  {cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row are positional
                    <Table.Cell key={i}>{cell}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </VisuallyHidden>
        {footer}
      </Card.Body>
    </Card.Root>
  );
}
