import {
  Box,
  Button,
  Card,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useMutationState } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { LuBriefcase, LuCheck, LuShoppingBag } from "react-icons/lu";
import type { Service, ServiceOrder } from "../../../common/api";
import type { OrderStatus } from "../../../common/domain";
import { formatDate } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ContactUsButton } from "../../components/ContactUsButton";
import { EmptyList } from "../../components/EmptyList";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failedWith, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import {
  activeServicesKey,
  applyOrderChange,
  applyServiceChange,
  cancelOrderKey,
  fetchActiveServices,
  fetchMyOrders,
  myOrdersKey,
  useCancelOrder,
  useLoadMoreOrders,
} from "./api";
import {
  CANCEL_ORDER_QUESTION,
  NO_ORDERS,
  NO_ORDERS_TEXT,
  NO_SERVICES,
  NO_SERVICES_TEXT,
  ORDERS_NOT_LOADED,
  SERVICES_NOT_LOADED,
} from "./labels";
import { OrderDialog } from "./OrderDialog";
import { ORDER_STATUS_BADGES, OrderStatusBadge } from "./OrderStatusBadge";

const columns = { base: 1, md: 2, xl: 3 };

/** Spec §2 Order Services: My Orders (live) and the active services (live), each with an order dialog. */
export function OrderServicesPage() {
  return (
    <Stack gap="10">
      <MyOrders />
      <AvailableServices />
    </Stack>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <Heading as="h2" size="lg" id={id} mb="4">
      {children}
    </Heading>
  );
}

function CardSkeletons({ label, count }: { label: string; count: number }) {
  return (
    <SimpleGrid columns={columns} gap="6" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card.Root key={i} aria-hidden="true">
          <Card.Body gap="4">
            <Skeleton height="6" width="60%" />
            <SkeletonText noOfLines={2} />
            <Skeleton height="10" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * An order whose status the team changed while the page was open (approved, cancelled, completed) is
 * announced in a few words; the whole list is not a live region, which would read every card again.
 * The orders this tab cancelled are told by their toast.
 */
function useStatusAnnouncements(items: ServiceOrder[] | undefined, announce: (text: string) => void) {
  const shown = useRef<Map<string, OrderStatus>>(undefined);
  const cancelledHere = useMutationState({
    filters: { mutationKey: cancelOrderKey },
    select: (m) => m.state.variables,
  });
  useEffect(() => {
    if (!items) return;
    const before = shown.current;
    shown.current = new Map(items.map((order) => [order.id, order.status]));
    if (!before) return;
    const changed = items.filter(
      (order) => before.has(order.id) && before.get(order.id) !== order.status && !cancelledHere.includes(order.id),
    );
    const [only] = changed;
    if (changed.length === 1 && only) announce(`${only.serviceTitle}: ${ORDER_STATUS_BADGES[only.status].label}`);
    else if (changed.length > 1) announce(`${changed.length} orders changed status`);
  }, [items, announce, cancelledHere]);
}

function MyOrders() {
  const orders = useLiveQuery({ queryKey: myOrdersKey, queryFn: fetchMyOrders }, applyOrderChange);
  const more = useLoadMoreOrders();
  const [announcement, announce] = useLiveAnnouncement();
  useStatusAnnouncements(orders.data?.items, announce);
  return (
    <Box as="section" aria-labelledby="my-orders-heading">
      <SectionHeading id="my-orders-heading">My Orders</SectionHeading>
      <LiveAnnouncement announcement={announcement} />
      {orders.isPending ? (
        <CardSkeletons label="Loading your orders" count={2} />
      ) : // Not in spec §8's lists shown empty on a failed load: empty, it would invite ordering again.
      !orders.data ? (
        <LoadFailed message={ORDERS_NOT_LOADED} onRetry={() => orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyList icon={LuShoppingBag} title={NO_ORDERS} description={NO_ORDERS_TEXT} />
      ) : (
        <Stack gap="6">
          <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="My Orders">
            {orders.data.items.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </SimpleGrid>
          {orders.data.next ? (
            <LoadMoreButton loading={more.loading} onLoadMore={more.loadMore} failedText={TOAST.moreOrdersFailed} />
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

function OrderCard({ order }: { order: ServiceOrder }) {
  return (
    <Card.Root as="article" h="full" aria-labelledby={`order-${order.id}`}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Text as="h3" id={`order-${order.id}`} fontWeight="semibold" fontSize="lg">
            {order.serviceTitle}
          </Text>
          <OrderStatusBadge status={order.status} />
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" color="fg.muted">
              Total:{" "}
            </Text>
            {formatAmount(order.totalAmountMinor)}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Ordered:{" "}
            </Text>
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </Text>
        </Stack>
        {order.notes && (
          <Text color="fg.muted" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={4}>
            {order.notes}
          </Text>
        )}
      </Card.Body>
      {order.status === "pending" && (
        <Card.Footer>
          <CancelOrder order={order} />
        </Card.Footer>
      )}
    </Card.Root>
  );
}

/** A pending order taken back by its client, after the confirmation; once approved, only the team can cancel it. */
function CancelOrder({ order }: { order: ServiceOrder }) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      question={CANCEL_ORDER_QUESTION}
      description={`${order.serviceTitle}, ${formatAmount(order.totalAmountMinor)}. Our team is told; order it again whenever you are ready.`}
      confirmLabel="Cancel order"
      dismissLabel="Keep order"
      onConfirm={() =>
        toastOutcome(cancel.mutateAsync(order.id), {
          saved: { title: TOAST.orderCancelled },
          failed: failedWith(TOAST.orderCancelFailed),
        })
      }
      trigger={
        <Button size="sm" variant="outline">
          Cancel order
          <VisuallyHidden>{` ${order.serviceTitle}`}</VisuallyHidden>
        </Button>
      }
    />
  );
}

function AvailableServices() {
  const services = useLiveQuery({ queryKey: activeServicesKey, queryFn: fetchActiveServices }, applyServiceChange);
  // Spec §8: a failed services load is reported with a destructive toast.
  useLoadFailedToast(services.isError, TOAST.servicesFailed);
  return (
    <Box as="section" aria-labelledby="services-heading">
      <SectionHeading id="services-heading">Available Services</SectionHeading>
      {services.isPending ? (
        <CardSkeletons label="Loading services" count={3} />
      ) : !services.data ? (
        <LoadFailed message={SERVICES_NOT_LOADED} onRetry={() => services.refetch()} />
      ) : services.data.length === 0 ? (
        <EmptyList icon={LuBriefcase} title={NO_SERVICES} description={NO_SERVICES_TEXT} action={<ContactUsButton />} />
      ) : (
        <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="Available Services">
          {services.data.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

/** Spec §9: the client order view shows every feature (the public cards show three). */
function ServiceCard({ service }: { service: Service }) {
  const titleId = `service-${service.id}`;
  return (
    <Card.Root as="article" h="full" aria-labelledby={titleId}>
      <Card.Body gap="3">
        <Text as="h3" id={titleId} fontWeight="semibold" fontSize="lg">
          {service.title}
        </Text>
        {service.description && <Text color="fg.muted">{service.description}</Text>}
        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="sm">
          <Text fontWeight="semibold" fontSize="xl">
            {formatAmount(service.priceMinor)}
          </Text>
          {service.estimatedDuration && (
            <Text>
              <Text as="span" color="fg.muted">
                Duration:{" "}
              </Text>
              {service.estimatedDuration}
            </Text>
          )}
        </HStack>
        {service.features.length > 0 && (
          <List.Root gap="1.5" variant="plain" fontSize="sm" aria-label={`${service.title} features`}>
            {service.features.map((feature) => (
              <List.Item key={feature} alignItems="start">
                <List.Indicator asChild color="brand.fg" mt="0.5">
                  <LuCheck aria-hidden="true" />
                </List.Indicator>
                {feature}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <OrderDialog service={service} describedBy={titleId} />
      </Card.Footer>
    </Card.Root>
  );
}
