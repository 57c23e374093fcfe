import { Box, Button, Flex, Popover, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import type { Notification } from "../../../common/api";
import { formatDateTime } from "../../../common/format";
import { LoadFailed } from "../../components/LoadFailed";
import { TOAST } from "../../lib/messages";
import { toastFailure } from "../../lib/toasts";
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationCountQuery,
  notificationListKey,
  notificationListQuery,
  notificationsKey,
} from "./api";

export const NO_NOTIFICATIONS = "No notifications yet";

/** The open bell: the newest notifications, each linking to its page and marked read when followed. */
export default function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(notificationListQuery);
  // The count is the live one: when the server says it changed, the list is read again too.
  const count = useQuery(notificationCountQuery);
  const countUpdatedAt = count.dataUpdatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch the list whenever the live count was refetched
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationListKey, exact: true });
  }, [countUpdatedAt, queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  const readOne = useMutation({
    mutationFn: markNotificationRead,
    onError: () => toastFailure(TOAST.notificationReadFailed),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onError: () => toastFailure(TOAST.notificationsReadFailed),
    onSettled: refresh,
  });
  const items = list.data?.items ?? [];
  // The count too: unread notices may all be older than the ones listed (newer ones read in their threads).
  const anyUnread = (count.data?.unread ?? 0) > 0 || items.some((item) => item.readAt === null);

  return (
    <>
      <Box px="4" py="3">
        <Flex align="center" justify="space-between" gap="2">
          <Text as="h2" fontWeight="semibold" fontSize="md">
            Notifications
          </Text>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            // aria-disabled, not disabled, once nothing is unread: a disabled button drops the keyboard focus
            // to the page's body (the spinner's disabling is undone by src/lib/keep-focus.ts).
            aria-disabled={!anyUnread || undefined}
            loading={readAll.isPending}
            onClick={() => anyUnread && readAll.mutate()}
          >
            Mark all as read
          </Button>
        </Flex>
      </Box>
      <Popover.Body p="0" overflowY="auto" maxH="26rem">
        {list.isPending ? (
          <Stack p="4" gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading notifications</VisuallyHidden>
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : !list.data ? (
          <LoadFailed message="Notifications could not be loaded." onRetry={() => list.refetch()} p="4" />
        ) : items.length === 0 ? (
          <Text p="6" textAlign="center" color="fg.muted">
            {NO_NOTIFICATIONS}
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Newest notifications">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onFollow={() => {
                  if (item.readAt === null) readOne.mutate(item.id);
                  onNavigate();
                }}
              />
            ))}
          </Box>
        )}
      </Popover.Body>
    </>
  );
}

function NotificationItem({ item, onFollow }: { item: Notification; onFollow: () => void }) {
  const unread = item.readAt === null;
  return (
    <Box as="li" borderTopWidth="1px">
      <Link
        // The server stores in-app paths made from the router's own routes.
        to={item.link as "/portal"}
        onClick={onFollow}
        data-testid="notification-link"
      >
        <Flex gap="3" px="4" py="3" _hover={{ bg: "bg.muted" }} align="start">
          <Box
            mt="1.5"
            boxSize="2"
            borderRadius="full"
            flexShrink="0"
            bg={unread ? "brand.600" : "transparent"}
            aria-hidden="true"
          />
          <Box minW="0">
            <Text fontWeight={unread ? "semibold" : "normal"} fontSize="sm">
              {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
              {item.title}
            </Text>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {item.body}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={String(item.createdAt)}>{formatDateTime(item.createdAt)}</time>
            </Text>
          </Box>
        </Flex>
      </Link>
    </Box>
  );
}
