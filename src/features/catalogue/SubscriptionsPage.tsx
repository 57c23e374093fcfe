import { Button, Card, HStack, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { LuPlus, LuRepeat } from "react-icons/lu";
import type { Subscription, SubscriptionsQuery } from "../../../common/admin-catalogue";
import type { SubscriptionSort } from "../../../common/admin-table";
import { formatDate } from "../../../common/format";
import { toaster } from "../../components/Toaster";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { type AdminColumn, AdminTable } from "../admin/AdminTable";
import { subscriptionsQueryOptions } from "./api";

/** "₦X/mo": a subscription's amount, or the monthly revenue (spec §9). */
export const perMonth = (minor: number) => `${formatAmount(minor)}/mo`;

/** Admin › Subscriptions (issue #7 item 10): approved orders as active subscriptions, and the monthly revenue. */
export function SubscriptionsPage({
  query,
  onQueryChange,
}: {
  query: SubscriptionsQuery;
  onQueryChange: (next: Partial<SubscriptionsQuery>) => void;
}) {
  const subscriptions = useQuery(subscriptionsQueryOptions(query));
  const data = subscriptions.data;

  useEffect(() => {
    if (subscriptions.isError)
      toaster.create({ type: "error", title: TOAST.error, description: TOAST.subscriptionsLoadFailed });
  }, [subscriptions.isError]);

  const columns: AdminColumn<Subscription, SubscriptionSort>[] = [
    {
      key: "client",
      header: "Client",
      sort: "client",
      cell: (row) => (
        <>
          <Text>{row.clientName}</Text>
          {row.clientCompany && (
            <Text fontSize="xs" color="fg.muted">
              {row.clientCompany}
            </Text>
          )}
        </>
      ),
    },
    { key: "service", header: "Service", sort: "service", cell: (row) => row.serviceTitle },
    { key: "amount", header: "Amount", sort: "amount", cell: (row) => perMonth(row.amountMinor) },
    { key: "since", header: "Since", sort: "since", cell: (row) => formatDate(row.since) },
  ];

  return (
    <>
      <HStack justify="space-between" align="end" wrap="wrap" gap="4" mb="6">
        <Card.Root minW="64">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>Monthly revenue</Stat.Label>
              {subscriptions.isPending ? (
                <Stack as="dd" aria-hidden="true">
                  <Skeleton height="8" width="32" />
                </Stack>
              ) : (
                <Stat.ValueText>{data ? perMonth(data.monthlyRevenueMinor) : "—"}</Stat.ValueText>
              )}
            </Stat.Root>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {data ? `${data.total} active ${data.total === 1 ? "subscription" : "subscriptions"}` : ""}
            </Text>
          </Card.Body>
        </Card.Root>
        <Button asChild colorPalette="brand">
          {/* Plan management (issue #7 item 10) is its own screen: a plain link until its route is merged. */}
          <a href="/portal/admin/plans">
            <LuPlus aria-hidden="true" />
            Create Plan
          </a>
        </Button>
      </HStack>
      <AdminTable
        caption="Active subscriptions"
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        data={data}
        pending={subscriptions.isPending}
        error={subscriptions.isError}
        onRetry={() => subscriptions.refetch()}
        searchLabel="Search by client, e-mail or service"
        empty={{
          title: query.q ? "No subscriptions match" : "No active subscriptions",
          text: query.q ? "Try another search." : "Approved bookings appear here as subscriptions.",
          icon: <LuRepeat aria-hidden="true" />,
        }}
      />
    </>
  );
}
