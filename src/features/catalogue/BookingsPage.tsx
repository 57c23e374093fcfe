import { Button, chakra, HStack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { LuCalendarCheck } from "react-icons/lu";
import type { BookingSort } from "../../../common/admin-table";
import type { ServiceOrder } from "../../../common/api";
import { ORDER_STATUSES, type OrderStatus } from "../../../common/domain";
import { formatDate } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { SelectInput } from "../../components/FormField";
import { StatCard, StatGrid } from "../../components/StatCard";
import { errorMessage } from "../../lib/form-errors";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { serverMessage, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import { type AdminColumn, AdminTable, type QueryChange } from "../admin/AdminTable";
import { ClientLink } from "../admin/PersonLink";
import { ORDER_STATUS_BADGES, OrderStatusBadge } from "../orders/OrderStatusBadge";
import { bookingCountsQueryOptions, bookingsQueryOptions, useBookingsLive, useDecideBooking } from "./api";
import { CANCEL_BOOKING_QUESTION } from "./labels";
import type { BookingsSearch } from "./search";

/** Admin › Bookings (issue #7 item 9): live counters and the orders table with approve and cancel. */
export function BookingsPage({
  query,
  onQueryChange,
}: {
  query: BookingsSearch;
  onQueryChange: QueryChange<BookingsSearch>;
}) {
  // Live: a new order or a decision anywhere makes the server push "refetch" for the page.
  useBookingsLive();
  const counts = useQuery(bookingCountsQueryOptions());
  const bookings = useQuery(bookingsQueryOptions(query));
  const statusId = useId();

  // Spec §8: the server's own message.
  useLoadFailedToast(bookings.isError, errorMessage(bookings.error));

  const counters = [
    { label: "Total bookings", value: counts.data?.total },
    { label: "Pending", value: counts.data?.pending },
    { label: "Approved", value: counts.data?.approved },
    { label: "Cancelled", value: counts.data?.cancelled },
  ];

  const columns: AdminColumn<ServiceOrder, BookingSort>[] = [
    { key: "service", header: "Service", sort: "service", wrap: true, cell: (order) => order.serviceTitle },
    {
      key: "client",
      header: "Client",
      wrap: true,
      sort: "client",
      cell: (order) => (
        <>
          <ClientLink id={order.clientId} name={clientNameOf(order)} />
          {order.clientCompany && (
            <Text fontSize="xs" color="fg.muted">
              {order.clientCompany}
            </Text>
          )}
        </>
      ),
    },
    { key: "amount", header: "Amount", sort: "amount", cell: (order) => formatAmount(order.totalAmountMinor) },
    {
      key: "notes",
      header: "Notes",
      wrap: true,
      cell: (order) =>
        order.notes ? (
          <Text lineClamp={2} maxW="xs">
            {order.notes}
          </Text>
        ) : (
          "—"
        ),
    },
    { key: "status", header: "Status", sort: "status", cell: (order) => <OrderStatusBadge status={order.status} /> },
    { key: "created", header: "Created", sort: "created", cell: (order) => formatDate(order.createdAt) },
    {
      key: "actions",
      header: "Actions",
      align: "end",
      actions: true,
      cell: (order) => <BookingActions order={order} />,
    },
  ];

  return (
    <>
      <StatGrid label="Booking counts" columns={[2, 4]} minCardRem={9} mb="6">
        {counters.map((counter) => (
          <StatCard key={counter.label} label={counter.label} pending={counts.isPending} value={counter.value} />
        ))}
      </StatGrid>
      <AdminTable
        caption="All bookings"
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        data={bookings.data}
        pending={bookings.isPending}
        error={bookings.isError}
        onRetry={() => bookings.refetch()}
        search={{ label: "Search by client, e-mail or service", placeholder: "Client, e-mail or service" }}
        empty={{
          title: query.status || query.q ? "No bookings match" : "No bookings yet",
          text: query.status || query.q ? "Try another status or search." : "Orders clients place appear here.",
          icon: <LuCalendarCheck aria-hidden="true" />,
        }}
        toolbar={
          <HStack gap="2">
            <chakra.label htmlFor={statusId} fontSize="sm" whiteSpace="nowrap">
              Status
            </chakra.label>
            <SelectInput
              id={statusId}
              value={query.status ?? ""}
              onChange={(event) =>
                onQueryChange({ status: (event.target.value || undefined) as OrderStatus | undefined, page: 1 })
              }
            >
              <option value="">All</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_BADGES[status].label}
                </option>
              ))}
            </SelectInput>
          </HStack>
        }
      />
    </>
  );
}

function BookingActions({ order }: { order: ServiceOrder }) {
  const decide = useDecideBooking();
  if (order.status !== "pending") return null;
  const run = (verb: "approve" | "cancel") =>
    toastOutcome(decide.mutateAsync({ id: order.id, verb }), {
      saved: { title: verb === "approve" ? TOAST.bookingApproved : TOAST.bookingCancelled },
      // Spec §8: bookings show the server's own message.
      failed: serverMessage,
    });
  const who = ` ${order.serviceTitle} for ${clientNameOf(order)}`;
  return (
    <HStack gap="2" justify="end">
      <Button
        size="xs"
        colorPalette="brand"
        loading={decide.isPending && decide.variables?.verb === "approve"}
        disabled={decide.isPending}
        onClick={(event) => {
          keepPlace(event.currentTarget);
          run("approve").catch(() => undefined);
        }}
      >
        Approve
        <Text as="span" srOnly>
          {who}
        </Text>
      </Button>
      <ConfirmDialog
        question={CANCEL_BOOKING_QUESTION}
        description={`${order.serviceTitle} for ${clientNameOf(order)}. The client sees the booking as cancelled.`}
        confirmLabel="Cancel booking"
        onConfirm={() => run("cancel")}
        trigger={
          <Button size="xs" variant="outline" colorPalette="red" disabled={decide.isPending}>
            Cancel
            <Text as="span" srOnly>
              {who}
            </Text>
          </Button>
        }
      />
    </HStack>
  );
}
