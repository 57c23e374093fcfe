import { Card, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { invoiceCreateSchema } from "../../../common/admin-money";
import { LazyFormAlert } from "../../components/LazyFormAlert";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { serverMessage } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { CreateFormFooter } from "./CreateFormFooter";
import { InvoiceFields } from "./InvoiceFields";
import { useCreateInvoice } from "./money-api";
import { ClientPicker } from "./Pickers";

type Values = z.input<typeof invoiceCreateSchema>;
const EMPTY: Values = { clientId: "", projectId: null, amount: "", dueDate: "" };

/**
 * Admin › New invoice (issue #7 item 5): client, one of that client's
 * projects, amount in naira with two decimals, due date. The server numbers
 * it (INV-<year>-<n>); Payments opens with the new invoice on top.
 */
export function NewInvoicePage() {
  const form = useForm<Values, unknown, z.output<typeof invoiceCreateSchema>>({
    resolver: zodResolver(invoiceCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const clientId = form.watch("clientId");
  const create = useCreateInvoice();
  const navigate = useNavigate();

  // One id for this page's invoice: submitted again after a lost answer, it is the same invoice, not a second.
  const [invoiceId] = useState(randomUuid);

  const onSubmit = submitMutation(form, create, {
    variables: (values) => ({ ...values, id: invoiceId }),
    saved: (invoice) => ({ title: TOAST.invoiceCreated, description: invoice.invoiceNumber }),
    onSaved: () =>
      void navigate({
        to: "/portal/admin/payments",
        search: { sort: "created", dir: "desc", page: 1, pageSize: 25 },
      }),
    // Spec §8: payments show the server's own message.
    failed: serverMessage,
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="New invoice">
      <Card.Root maxW="2xl">
        <Card.Body>
          <Stack gap="4">
            {errors.root?.server?.message && <LazyFormAlert status="error" title={errors.root.server.message} />}
            <Controller
              control={form.control}
              name="clientId"
              render={({ field }) => (
                <ClientPicker
                  ref={field.ref}
                  value={field.value}
                  onChange={(id) => {
                    field.onChange(id);
                    // A project belongs to one client: choosing another client clears it.
                    form.setValue("projectId", null);
                  }}
                  error={errors.clientId?.message}
                  disabled={create.isPending}
                />
              )}
            />
            <InvoiceFields form={form} clientId={clientId || undefined} disabled={create.isPending} />
          </Stack>
        </Card.Body>
        <CreateFormFooter submitLabel="Create invoice" pending={create.isPending} cancelTo="/portal/admin/payments" />
      </Card.Root>
    </form>
  );
}
