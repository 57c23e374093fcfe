import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page, Service, ServiceOrder } from "../../../common/api";
import type { OrderCreate } from "../../../common/schemas";
import { api } from "../../lib/api";
import type { LiveChange } from "../../lib/live";

/** The live keys the server pushes on (server/data/orders.ts myOrdersKey, server/data/services.ts activeServicesKey). */
export const myOrdersKey = ["orders", "mine"] as const;
export const activeServicesKey = ["services", "active"] as const;

/** The services a client may order: only active ones (spec §4), as the server lists them. */
export async function fetchActiveServices(): Promise<Service[]> {
  return (await api.get<Service[]>("/api/services")).filter((service) => service.status === "active");
}

const PAGE = 100;

/** Every page of the person's orders, newest first: My Orders shows them all. */
export async function fetchMyOrders(): Promise<ServiceOrder[]> {
  const orders: ServiceOrder[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=${PAGE}&cursor=${encodeURIComponent(cursor)}` : `?limit=${PAGE}`;
    const page: Page<ServiceOrder> = await api.get<Page<ServiceOrder>>(`/api/orders${query}`);
    orders.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return orders;
}

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
      queryClient.setQueryData<ServiceOrder[]>(myOrdersKey, (list) =>
        applyNewestFirst(list, { type: "change", key: myOrdersKey, op: "insert", row }),
      ),
  });
}

/** Takes back one of the client's own pending orders; its row in My Orders shows Cancelled (merged with the live push). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<ServiceOrder>(`/api/orders/${encodeURIComponent(orderId)}/cancel`),
    onSuccess: (row) =>
      queryClient.setQueryData<ServiceOrder[]>(myOrdersKey, (list) =>
        applyNewestFirst(list, { type: "change", key: myOrdersKey, op: "update", row }),
      ),
  });
}
