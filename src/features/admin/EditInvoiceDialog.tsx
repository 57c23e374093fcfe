import { IconButton, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LuPencil } from "react-icons/lu";
import type { z } from "zod";
import { type AdminPayment, invoiceUpdateSchema } from "../../../common/admin-money";
import { fromMinorUnits } from "../../../common/schemas";
import { clientNameOf } from "../../../common/text";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failedWith } from "../../lib/toasts";
import { InvoiceFields, type InvoiceFieldValues } from "./InvoiceFields";
import { useUpdateInvoice } from "./money-api";

/**
 * Edit invoice on Payments, for an invoice not yet paid: its project, amount and due date, checked
 * by the schema the server uses. Its client and number stay (an invoice for someone else is a new
 * invoice), and a paid one records money received, so the row offers no Edit. The dialog keeps
 * what was typed when the server refuses it; the client's open pages follow live.
 */
export function EditInvoiceDialog({ invoice }: { invoice: AdminPayment }) {
  const [open, setOpen] = useState(false);
  // Held here, outside the form the dialog unmounts: a save's outcome is told even after it closes.
  const update = useUpdateInvoice(invoice.id);
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      lazyMount
      unmountOnExit
      closeOnEscape={!update.isPending}
      closeOnInteractOutside={!update.isPending}
      trigger={
        <IconButton size="xs" variant="outline" aria-label={`Edit invoice ${invoice.invoiceNumber}`} title="Edit">
          <LuPencil aria-hidden="true" />
        </IconButton>
      }
    >
      <EditForm invoice={invoice} update={update} onDone={() => setOpen(false)} />
    </DialogShell>
  );
}

function EditForm({
  invoice,
  update,
  onDone,
}: {
  invoice: AdminPayment;
  update: ReturnType<typeof useUpdateInvoice>;
  onDone: () => void;
}) {
  const form = useForm<InvoiceFieldValues, unknown, z.output<typeof invoiceUpdateSchema>>({
    resolver: zodResolver(invoiceUpdateSchema),
    // Opened anew each time (unmountOnExit): the form starts from the row as the table shows it now.
    defaultValues: {
      projectId: invoice.projectId,
      amount: fromMinorUnits(invoice.amount),
      dueDate: invoice.dueDate ?? "",
    },
  });
  const { errors } = form.formState;
  // The invoice as the form read it: a live change to its row meanwhile is refused, not undone, by the save.
  const [editedVersion] = useState(invoice.updatedAt);

  const onSubmit = submitMutation(form, update, {
    variables: (values) => ({ ...values, expectedUpdatedAt: editedVersion }),
    saved: (saved) => ({
      title: TOAST.invoiceUpdated,
      description: `${saved.invoiceNumber}: ${formatAmount(saved.amount)}`,
    }),
    onSaved: onDone,
    failed: failedWith(TOAST.invoiceUpdateFailed),
  });

  return (
    <DialogForm
      title={`Edit invoice ${invoice.invoiceNumber}`}
      onSubmit={onSubmit}
      error={errors.root?.server?.message}
      submitLabel="Save changes"
      pending={update.isPending}
      cancelWhilePending={false}
    >
      <Text color="fg.muted" fontSize="sm">
        For {clientNameOf(invoice)}. They are told of the change, and their invoice and its PDF show it at once.
      </Text>
      <InvoiceFields
        form={form}
        clientId={invoice.clientId}
        currentProject={
          invoice.projectId && invoice.projectTitle ? { id: invoice.projectId, title: invoice.projectTitle } : undefined
        }
        disabled={update.isPending}
      />
    </DialogForm>
  );
}
