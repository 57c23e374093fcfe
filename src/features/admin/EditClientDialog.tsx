import { Button, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { LuPencil } from "react-icons/lu";
import type { z } from "zod";
import type { AdminClient } from "../../../common/admin";
import { NAME_MAX_LENGTH } from "../../../common/domain";
import { type ClientUpdate, clientUpdateSchema } from "../../../common/people";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormField, TextInput } from "../../components/FormField";
import { changedFields, isUnchanged } from "../../lib/changed-fields";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failedWith } from "../../lib/toasts";
import { useUpdateClient } from "./people-api";

/**
 * Edit on a client's page: their name and company, the fields they edit in their own Settings,
 * for when an administrator made the account with a slip or the company changed its name. The
 * e-mail is how they sign in, so it stays. Their next request sees the change (the users
 * trigger drops their cached session in every process).
 */
export function EditClientDialog({ client }: { client: AdminClient }) {
  const update = useUpdateClient(client.id);
  const [open, setOpen] = useState(false);
  const initial = { fullName: client.fullName, companyName: client.companyName ?? "" } satisfies ClientUpdate;
  /** The client as the form opened on them: only what is changed from it is sent. */
  const opened = useRef(initial);
  const form = useForm<ClientUpdate, unknown, z.output<typeof clientUpdateSchema>>({
    resolver: zodResolver(clientUpdateSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  const onSubmit = submitMutation(form, update, {
    variables: (values) => changedFields(opened.current, values),
    unchanged: (values) => (isUnchanged(opened.current, values) ? client : undefined),
    saved: { title: TOAST.clientUpdated },
    onSaved: () => setOpen(false),
    failed: failedWith(TOAST.clientUpdateFailed),
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => {
        // Each opening starts from the client as the page shows them now.
        if (event.open) {
          opened.current = initial;
          form.reset(initial);
        }
        setOpen(event.open);
      }}
      trigger={
        <Button size="xs" variant="outline">
          <LuPencil aria-hidden="true" />
          Edit profile
        </Button>
      }
    >
      <DialogForm
        title="Edit client"
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel="Save changes"
        pending={update.isPending}
      >
        <Text color="fg.muted" fontSize="sm">
          {client.email} signs in with this e-mail, which stays as it is.
        </Text>
        <FormField label="Full name" required error={errors.fullName?.message}>
          <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("fullName")} />
        </FormField>
        <FormField label="Company" error={errors.companyName?.message} helperText="Leave empty for none.">
          <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("companyName")} />
        </FormField>
      </DialogForm>
    </DialogShell>
  );
}
