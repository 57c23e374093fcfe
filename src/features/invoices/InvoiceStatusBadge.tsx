import { Badge } from "@chakra-ui/react";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "../../../common/domain";

/** Spec §4: paid shows the default badge, any other status the destructive one. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="solid" colorPalette={status === "paid" ? "brand" : "red"} flexShrink="0">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
