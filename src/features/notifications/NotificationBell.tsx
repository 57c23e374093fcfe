import { Badge, Box, IconButton, Popover, Portal, Spinner } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { LuBell } from "react-icons/lu";
import { useLiveQuery } from "../../lib/live";
import { notificationCountQuery } from "./api";

const NotificationPanel = lazy(() => import("./NotificationPanel"));

const SHOWN_MAX = 99;
export const bellLabel = (unread: number) => (unread === 0 ? "Notifications" : `Notifications, ${unread} unread`);

/** The top bar's bell (issue #8 item 4): the unread count, live; the list opens in a popover loaded on first use. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useLiveQuery(notificationCountQuery).data?.unread ?? 0;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
      unmountOnExit
      positioning={{ placement: "bottom-end" }}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label={bellLabel(unread)} variant="ghost" size="sm" position="relative">
          <LuBell />
          {unread > 0 && (
            <Badge
              data-testid="notification-count"
              aria-hidden="true"
              colorPalette="red"
              variant="solid"
              size="xs"
              position="absolute"
              top="0"
              insetEnd="0"
              borderRadius="full"
            >
              {unread > SHOWN_MAX ? `${SHOWN_MAX}+` : unread}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            aria-label="Notifications"
            w={{ base: "calc(100vw - 2rem)", sm: "24rem" }}
            maxH="32rem"
            overflow="hidden"
          >
            <Suspense
              fallback={
                <Box p="4" aria-busy="true">
                  <Spinner size="sm" />
                </Box>
              }
            >
              <NotificationPanel onNavigate={() => setOpen(false)} />
            </Suspense>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
