import { Button, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuRepeat } from "react-icons/lu";
import type { Subscription, SubscriptionsQuery } from "../../../common/admin-catalogue";
import type { SubscriptionSort } from "../../../common/admin-table";
import { countOf, formatDate } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { StatCard, StatGrid } from "../../components/StatCard";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { serverMessage, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import { type AdminColumn, AdminTable, type QueryChange } from "../admin/AdminTable";
import { ClientLink } from "../admin/PersonLink";
import { subscriptionsQueryOptions, useDecideBooking, useSubscriptionsLive } from "./api";
import { END_SUBSCRIPTION_QUESTION } from "./labels";

/** "₦X/mo": a subscription's amount, or the monthly revenue (spec §9). */
export const perMonth = (minor: number) => `${formatAmount(minor)}/mo`;

/**
 * Admin › Subscriptions (issue #7 item 10): approved orders as active subscriptions, and the monthly
 * revenue, live; End subscription completes the order, which leaves the table and the revenue.
 */
export function SubscriptionsPage({
  query,
  onQueryChange,
}: {
  query: SubscriptionsQuery;
  onQueryChange: QueryChange<SubscriptionsQuery>;
}) {
  useSubscriptionsLive();
  const subscriptions = useQuery(subscriptionsQueryOptions(query));
  const data = subscriptions.data;

  useLoadFailedToast(subscriptions.isError, TOAST.subscriptionsLoadFailed);

  const columns: AdminColumn<Subscription, SubscriptionSort>[] = [
    {
      key: "client",
      header: "Client",
      wrap: true,
      sort: "client",
      cell: (row) => (
        <>
          <ClientLink id={row.clientId} name={clientNameOf(row)} />
          {row.clientCompany && (
            <Text fontSize="xs" color="fg.muted">
              {row.clientCompany}
            </Text>
          )}
        </>
      ),
    },
    { key: "service", header: "Service", sort: "service", wrap: true, cell: (row) => row.serviceTitle },
    { key: "amount", header: "Amount", sort: "amount", cell: (row) => perMonth(row.amountMinor) },
    { key: "since", header: "Since", sort: "since", cell: (row) => formatDate(row.since) },
    {
      key: "actions",
      header: "Actions",
      align: "end",
      actions: true,
      cell: (row) => <EndSubscriptionButton subscription={row} />,
    },
  ];

  return (
    <>
      {/* One card, as wide as one of Payments' three (the whole width where three would not fit). */}
      <StatGrid label="Subscription revenue" columns={[1, 3]} mb="6">
        <StatCard
          label="Monthly revenue"
          pending={subscriptions.isPending}
          value={data && perMonth(data.monthlyRevenueMinor)}
          help={data && countOf(data.activeCount, "active subscription")}
        />
      </StatGrid>
      <AdminTable
        caption="Active subscriptions"
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        data={data}
        pending={subscriptions.isPending}
        error={subscriptions.isError}
        onRetry={() => subscriptions.refetch()}
        search={{ label: "Search by client, e-mail or service", placeholder: "Client, e-mail or service" }}
        empty={{
          title: query.q ? "No subscriptions match" : "No active subscriptions",
          text: query.q ? "Try another search." : "Approved bookings appear here as subscriptions.",
          icon: <LuRepeat aria-hidden="true" />,
        }}
      />
    </>
  );
}

function EndSubscriptionButton({ subscription }: { subscription: Subscription }) {
  const decide = useDecideBooking();
  const what = `${subscription.serviceTitle} for ${clientNameOf(subscription)}`;
  return (
    <ConfirmDialog
      question={END_SUBSCRIPTION_QUESTION}
      description={`${what}, ${perMonth(subscription.amountMinor)}. It leaves the monthly revenue, and the client sees the booking as completed.`}
      confirmLabel="End subscription"
      dismissLabel="Keep subscription"
      onConfirm={() =>
        toastOutcome(decide.mutateAsync({ id: subscription.id, verb: "end" }), {
          saved: { title: TOAST.subscriptionEnded },
          // As Bookings' decisions: the server's own message (this booking is no longer approved, say).
          failed: serverMessage,
        })
      }
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" disabled={decide.isPending}>
          End subscription
          <Text as="span" srOnly>
            {` ${what}`}
          </Text>
        </Button>
      }
    />
  );
}
