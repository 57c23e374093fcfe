import { Badge, Box, IconButton, Popover, Portal, Spinner } from "@chakra-ui/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { LuBell } from "react-icons/lu";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { lazyComponent } from "../../lib/lazy";
import { useLiveQuery } from "../../lib/live";
import { notificationCountQuery } from "./api";

const NotificationPanel = lazyComponent(() => import("./NotificationPanel"));

const SHOWN_MAX = 99;
/** The unread count as the bell says it: the server counts no further than NOTIFICATIONS_COUNTED_MAX. */
const unreadText = (unread: number) => (unread > SHOWN_MAX ? `more than ${SHOWN_MAX}` : String(unread));
export const bellLabel = (unread: number) =>
  unread === 0 ? "Notifications" : `Notifications, ${unreadText(unread)} unread`;

/** The top bar's bell (issue #8 item 4): the unread count, live; the list opens in a popover loaded on first use. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useLiveQuery(notificationCountQuery).data?.unread;
  const unread = count ?? 0;
  const announcement = useUnreadAnnouncement(count);
  return (
    <>
      <LiveAnnouncement announcement={announcement} />
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
                    <Spinner size="sm" role="status" aria-label="Loading notifications" />
                  </Box>
                }
              >
                <NotificationPanel onNavigate={() => setOpen(false)} />
              </Suspense>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </>
  );
}

/** How long the count must keep still before a rise is said: a burst of notices is said once, with its total. */
const SETTLED_MS = 1_500;

/**
 * New notifications are said, not only counted on the bell's name (read only when the bell has the
 * focus): "3 unread notifications", once the count has risen and kept still. A count that falls (read
 * here or in another tab) is not said; nor is the first, the page's own.
 */
function useUnreadAnnouncement(count: number | undefined) {
  const [announcement, announce] = useLiveAnnouncement();
  const said = useRef<number>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    const before = said.current;
    if (before === undefined || count <= before) {
      said.current = count;
      return;
    }
    const timer = setTimeout(() => {
      said.current = count;
      announce(count === 1 ? "1 unread notification" : `${unreadText(count)} unread notifications`);
    }, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [count, announce]);
  return announcement;
}
