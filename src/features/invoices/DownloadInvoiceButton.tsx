import { Button, type ButtonProps, IconButton } from "@chakra-ui/react";
import { LuDownload } from "react-icons/lu";
import type { Invoice } from "../../../common/api";
import { TOAST } from "../../lib/messages";
import { toastFailure } from "../../lib/toasts";
import { useDownloadInvoice } from "./api";

/**
 * Downloads an invoice's PDF, made on the server (Invoices, Admin › Payments, a client's page).
 * `iconOnly` where a table has no room for the word beside its other actions: the name stays.
 */
export function DownloadInvoiceButton({
  invoice,
  size = "sm",
  iconOnly = false,
}: {
  invoice: Pick<Invoice, "id" | "invoiceNumber">;
  size?: ButtonProps["size"];
  iconOnly?: boolean;
}) {
  const download = useDownloadInvoice();
  const props = {
    size,
    variant: "outline" as const,
    loading: download.isPending,
    "aria-label": `Download invoice ${invoice.invoiceNumber}`,
    title: iconOnly ? "Download PDF" : undefined,
    onClick: () =>
      download.mutate(invoice, {
        onError: () => toastFailure(TOAST.invoiceDownloadFailed),
      }),
  };
  return iconOnly ? (
    <IconButton {...props}>
      <LuDownload aria-hidden="true" />
    </IconButton>
  ) : (
    <Button {...props}>
      <LuDownload aria-hidden="true" />
      Download
    </Button>
  );
}
