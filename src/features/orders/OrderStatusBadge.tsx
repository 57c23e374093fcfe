import { Badge } from "@chakra-ui/react";
import type { OrderStatus } from "../../../common/domain";

/**
 * Spec §4: orders start pending; an administrator approves or cancels them;
 * the client view also styles in_progress and completed. Palettes whose text
 * meets 4.5:1 on their background.
 */
export const ORDER_STATUS_BADGES: Record<
  OrderStatus,
  { label: string; variant: "solid" | "subtle" | "outline"; colorPalette: string }
> = {
  pending: { label: "Pending", variant: "subtle", colorPalette: "orange" },
  approved: { label: "Approved", variant: "solid", colorPalette: "brand" },
  cancelled: { label: "Cancelled", variant: "solid", colorPalette: "red" },
  in_progress: { label: "In Progress", variant: "subtle", colorPalette: "blue" },
  completed: { label: "Completed", variant: "subtle", colorPalette: "gray" },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const style = ORDER_STATUS_BADGES[status];
  return (
    <Badge variant={style.variant} colorPalette={style.colorPalette} flexShrink="0">
      {style.label}
    </Badge>
  );
}
