import { chakra, HStack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactElement, useState } from "react";
import { useForm } from "react-hook-form";
import {
  SERVICE_DESCRIPTION_MAX_LENGTH,
  SERVICE_DURATION_MAX_LENGTH,
  SERVICE_FEATURES_TEXT_MAX_LENGTH,
  SERVICE_TITLE_MAX_LENGTH,
  type ServiceFormValues,
  type ServiceInput,
  serviceInputSchema,
} from "../../../common/admin-catalogue";
import type { Service } from "../../../common/api";
import { fromMinorUnits } from "../../../common/schemas";
import { AmountField } from "../../components/AmountField";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormAlert } from "../../components/FormAlert";
import { FormField, SelectInput, TextArea, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failure } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { useSaveService } from "./api";

const EMPTY: ServiceFormValues = {
  title: "",
  price: "",
  description: "",
  estimatedDuration: "",
  features: "",
  allowMilestones: false,
  status: "active",
};

const valuesOf = (service: Service): ServiceFormValues => ({
  title: service.title,
  price: fromMinorUnits(service.priceMinor),
  description: service.description,
  estimatedDuration: service.estimatedDuration ?? "",
  features: service.features.join("\n"),
  allowMilestones: service.allowMilestones,
  status: service.status,
});

/**
 * The one dialog that creates and edits a service (spec §2 Services), checked
 * by the same schema as the server. A refused save keeps what was typed and
 * shows each field's error under it; closing returns focus to the trigger.
 */
export function ServiceDialog({ service, trigger }: { service?: Service; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const save = useSaveService();
  return (
    <DialogShell
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
      unmountOnExit
      closeOnEscape={!save.isPending}
      closeOnInteractOutside={!save.isPending}
      trigger={trigger}
    >
      <ServiceForm service={service} save={save} onSaved={() => setOpen(false)} />
    </DialogShell>
  );
}

function ServiceForm({
  service,
  save,
  onSaved,
}: {
  service: Service | undefined;
  save: ReturnType<typeof useSaveService>;
  onSaved: () => void;
}) {
  const form = useForm<ServiceFormValues, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service ? valuesOf(service) : EMPTY,
  });
  const { errors } = form.formState;
  // The service as the form read it: a live change to it meanwhile is refused at the save, not undone by it.
  const [editing] = useState(service);
  // A new service's id while this dialog is open: saved again after a lost answer, it is the same service.
  const [draftId] = useState(randomUuid);

  const onSubmit = submitMutation(form, save, {
    // The server validates the form's own values with the same schema: send them as typed.
    variables: () => ({ editing, values: form.getValues(), id: draftId }),
    saved: { title: service ? TOAST.serviceUpdated : TOAST.serviceCreated },
    onSaved,
    failed: failure(TOAST.serviceSaveFailed),
  });

  return (
    <DialogForm
      title={service ? `Edit ${service.title}` : "Add Service"}
      onSubmit={onSubmit}
      error={errors.root?.server?.message}
      submitLabel={service ? "Save changes" : "Add Service"}
      pending={save.isPending}
      loadingText="Saving…"
      cancelWhilePending={false}
    >
      <FormField label="Title" required error={errors.title?.message}>
        <TextInput maxLength={SERVICE_TITLE_MAX_LENGTH} {...form.register("title")} />
      </FormField>
      <AmountField label="Price" error={errors.price?.message} input={form.register("price")} />
      <FormField label="Description" error={errors.description?.message}>
        <TextArea
          rows={3}
          resize="vertical"
          maxLength={SERVICE_DESCRIPTION_MAX_LENGTH}
          {...form.register("description")}
        />
      </FormField>
      <FormField
        label="Estimated duration"
        error={errors.estimatedDuration?.message}
        helperText="Free text, such as 4–6 weeks."
      >
        <TextInput maxLength={SERVICE_DURATION_MAX_LENGTH} {...form.register("estimatedDuration")} />
      </FormField>
      <FormField label="Features" error={errors.features?.message} helperText="One per line; blank lines are dropped.">
        <TextArea
          rows={5}
          resize="vertical"
          maxLength={SERVICE_FEATURES_TEXT_MAX_LENGTH}
          {...form.register("features")}
        />
      </FormField>
      <FormField label="Status" error={errors.status?.message}>
        <SelectInput {...form.register("status")}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectInput>
      </FormField>
      <HStack as="label" gap="2" fontSize="sm" fontWeight="medium" cursor="pointer">
        <chakra.input type="checkbox" boxSize="4" accentColor="brand.solid" {...form.register("allowMilestones")} />
        Allow milestones
      </HStack>
      {errors.allowMilestones?.message && <FormAlert status="error" title={errors.allowMilestones.message} />}
    </DialogForm>
  );
}
