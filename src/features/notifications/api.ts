import { queryOptions } from "@tanstack/react-query";
import type { Notification, Page } from "../../../common/api";
import { api } from "../../lib/api";

/** The live key the server publishes on (server/data/notifications.ts): the bell's unread count. */
export const notificationsKey = ["notifications"] as const;
/** The newest notifications the open bell lists; refetched whenever the count is told to. */
export const notificationListKey = ["notifications", "list"] as const;
export const NOTIFICATIONS_SHOWN = 20;

export const notificationCountQuery = {
  queryKey: [...notificationsKey] as string[],
  queryFn: () => api.get<{ unread: number }>("/api/notifications/count"),
};

export const notificationListQuery = queryOptions({
  queryKey: notificationListKey,
  queryFn: () => api.get<Page<Notification>>(`/api/notifications?limit=${NOTIFICATIONS_SHOWN}`),
});

export const markNotificationRead = (id: string) => api.post<null>(`/api/notifications/${encodeURIComponent(id)}/read`);
export const markAllNotificationsRead = () => api.post<null>("/api/notifications/read-all");
