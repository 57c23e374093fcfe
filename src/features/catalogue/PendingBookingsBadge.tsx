import { Badge, VisuallyHidden } from "@chakra-ui/react";
import { usePendingBookings } from "./api";

/**
 * The admin sidebar's count of pending bookings on "Bookings" (issue #7 item
 * 9), live: a new order or a decision makes the server push "refetch". Read
 * as part of the link's name ("Bookings 3 pending"); nothing when none wait.
 */
export function PendingBookingsBadge({ collapsed }: { collapsed: boolean }) {
  const counts = usePendingBookings(true);
  const pending = counts.data?.pending ?? 0;
  if (pending === 0) return null;
  return (
    <Badge
      data-testid="pending-bookings-badge"
      colorPalette="orange"
      variant="solid"
      size="sm"
      ms={collapsed ? "-2" : "auto"}
      flexShrink="0"
    >
      {pending}
      <VisuallyHidden> pending</VisuallyHidden>
    </Badge>
  );
}
