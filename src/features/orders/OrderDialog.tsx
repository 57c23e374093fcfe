import { Button, Dialog, HStack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Service } from "../../../common/api";
import { ORDER_NOTES_MAX_LENGTH } from "../../../common/domain";
import { orderNotesSchema } from "../../../common/schemas";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormField, TextArea } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failure } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { useCreateOrder } from "./api";

const orderFormSchema = z.object({ notes: orderNotesSchema });
type OrderFormValues = z.input<typeof orderFormSchema>;

/**
 * A service's "Order Service" button and its dialog: optional notes, then the
 * order. The total is the service's price, which the server reads when the
 * order is placed. A refused order keeps the typed notes; closing returns
 * focus to the button.
 */
export function OrderDialog({ service, describedBy }: { service: Service; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateOrder();
  return (
    <DialogShell
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
      unmountOnExit
      // An order on its way is not abandoned by a stray Escape or click outside.
      closeOnEscape={!create.isPending}
      closeOnInteractOutside={!create.isPending}
      trigger={
        <Button colorPalette="brand" aria-describedby={describedBy}>
          Order Service
        </Button>
      }
    >
      <OrderForm service={service} create={create} onOrdered={() => setOpen(false)} />
    </DialogShell>
  );
}

function OrderForm({
  service,
  create,
  onOrdered,
}: {
  service: Service;
  create: ReturnType<typeof useCreateOrder>;
  onOrdered: () => void;
}) {
  const form = useForm<OrderFormValues, unknown, z.output<typeof orderFormSchema>>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { notes: "" },
  });
  const { errors } = form.formState;
  // One id for this dialog's order: submitted again after a lost answer, it is the same order, not a second.
  const [orderId] = useState(randomUuid);

  // On failure the dialog stays open with the notes as typed; the reason shows under the field or above the buttons.
  const onSubmit = submitMutation(form, create, {
    variables: (values) => ({ id: orderId, serviceId: service.id, notes: values.notes }),
    saved: { title: TOAST.orderSubmitted, description: TOAST.orderSubmittedText },
    onSaved: onOrdered,
    failed: failure(TOAST.orderFailed),
  });

  return (
    <DialogForm
      title={`Order ${service.title}`}
      onSubmit={onSubmit}
      error={errors.root?.server?.message}
      submitLabel="Submit Order"
      pending={create.isPending}
      loadingText="Submitting…"
      cancelWhilePending={false}
    >
      <Dialog.Description color="fg.muted">{service.description}</Dialog.Description>
      <HStack justify="space-between" gap="4" wrap="wrap">
        <Text>
          <Text as="span" color="fg.muted">
            Total:{" "}
          </Text>
          <Text as="span" fontWeight="semibold">
            {formatAmount(service.priceMinor)}
          </Text>
        </Text>
        {service.estimatedDuration && (
          <Text>
            <Text as="span" color="fg.muted">
              Estimated duration:{" "}
            </Text>
            {service.estimatedDuration}
          </Text>
        )}
      </HStack>
      <FormField
        label="Notes"
        error={errors.notes?.message}
        helperText="Optional: goals, timeline or anything our team should know."
      >
        <TextArea
          rows={4}
          maxLength={ORDER_NOTES_MAX_LENGTH}
          resize="vertical"
          placeholder="Tell us about your project…"
          {...form.register("notes")}
        />
      </FormField>
    </DialogForm>
  );
}
