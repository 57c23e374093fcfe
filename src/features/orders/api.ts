import { type QueryFunctionContext, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Service, ServiceOrder } from "../../../common/api";
import { ORDERS_PAGE_SIZE } from "../../../common/domain";
import type { OrderCreate } from "../../../common/schemas";
import { api } from "../../lib/api";
import type { LiveChange } from "../../lib/live";
import { cursorPages, placeRow, readShownPages, type ShownPages, useLoadMore } from "../../lib/shown-pages";

/** The live keys the server pushes on (server/data/orders.ts myOrdersKey, server/data/services.ts activeServicesKey). */
export const myOrdersKey = ["orders", "mine"] as const;
export const activeServicesKey = ["services", "active"] as const;

/** The services a client may order: only active ones (spec §4), as the server lists them. */
export async function fetchActiveServices(): Promise<Service[]> {
  return (await api.get<Service[]>("/api/services")).filter((service) => service.status === "active");
}

const fetchOrdersPage = cursorPages<ServiceOrder>("/api/orders");

/** My Orders, newest first, a page at a time (`ShownPages`). */
export const fetchMyOrders = ({ client }: QueryFunctionContext) =>
  readShownPages(client.getQueryData<ShownPages<ServiceOrder>>(myOrdersKey), ORDERS_PAGE_SIZE, fetchOrdersPage);

/** A pushed order (`placeRow`): My Orders stays newest first. */
export const applyOrderChange = (list: ShownPages<ServiceOrder> | undefined, change: LiveChange) =>
  placeRow(list, change);

/** "Load more" below My Orders. */
export const useLoadMoreOrders = () => useLoadMore(myOrdersKey, ORDERS_PAGE_SIZE, fetchOrdersPage);

/** Newest first: a row not yet listed goes on top; a known one is replaced in place; a deleted one leaves. */
export function applyNewestFirst<T extends { id: string }>(list: T[] | undefined, change: LiveChange): T[] | undefined {
  if (!list) return list;
  const row = change.row as T;
  if (change.op === "delete") return list.filter((item) => item.id !== row.id);
  if (!list.some((item) => item.id === row.id)) return [row, ...list];
  return list.map((item) => (item.id === row.id ? row : item));
}

/** A pushed active service: a new one is added at the top of the list (the server lists newest first). */
export const applyServiceChange = (list: Service[] | undefined, change: LiveChange) => applyNewestFirst(list, change);

/**
 * Orders a service. The server sets the client, the total (the service's
 * price) and the status; its row goes on top of My Orders, merged by id with
 * the live push of the same order.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderCreate) => api.post<ServiceOrder>("/api/orders", order),
    onSuccess: (row) =>
      queryClient.setQueryData<ShownPages<ServiceOrder>>(myOrdersKey, (list) =>
        applyOrderChange(list, { type: "change", key: myOrdersKey, op: "insert", row }),
      ),
  });
}

/** Takes back one of the client's own pending orders; its row in My Orders shows Cancelled (merged with the live push). */
/** The cancellations this tab asked for (useMutationState): My Orders does not announce them, their toast does. */
export const cancelOrderKey = ["orders", "cancel"] as const;

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cancelOrderKey,
    mutationFn: (orderId: string) => api.post<ServiceOrder>(`/api/orders/${encodeURIComponent(orderId)}/cancel`),
    onSuccess: (row) =>
      queryClient.setQueryData<ShownPages<ServiceOrder>>(myOrdersKey, (list) =>
        applyOrderChange(list, { type: "change", key: myOrdersKey, op: "update", row }),
      ),
  });
}
