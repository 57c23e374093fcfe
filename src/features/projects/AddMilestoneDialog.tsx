import { Button } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LuPlus } from "react-icons/lu";
import type { z } from "zod";
import { MILESTONE_DESCRIPTION_MAX_LENGTH, MILESTONE_TITLE_MAX_LENGTH } from "../../../common/domain";
import { DATE_INPUT_RANGE, milestoneCreateSchema } from "../../../common/schemas";
import { AmountField } from "../../components/AmountField";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormField, TextArea, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { failure } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { useCreateMilestone } from "./api";

type Values = z.input<typeof milestoneCreateSchema>;
const EMPTY: Values = { title: "", description: "", amount: "", dueDate: null };

/**
 * Spec §2 'Add Milestone': title, description, amount (two decimals) and an
 * optional due date. The milestone shows in the list at once, marked pending;
 * the dialog stays open with what was typed until the server accepts it.
 */
export function AddMilestoneDialog({ projectId }: { projectId: string }) {
  const { data: me } = useMe();
  const create = useCreateMilestone(projectId, me);
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof milestoneCreateSchema>>({
    resolver: zodResolver(milestoneCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // The milestone being written: its id until it is added, so sending it again adds it once.
  const [draftId, setDraftId] = useState(randomUuid);

  const onSubmit = submitMutation(form, create, {
    variables: (values) => ({ ...values, id: draftId }),
    saved: { title: TOAST.milestoneCreated },
    onSaved: () => {
      setDraftId(randomUuid());
      form.reset(EMPTY);
      setOpen(false);
    },
    failed: failure(TOAST.milestoneCreateFailed),
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      trigger={
        <Button colorPalette="brand" size="sm">
          <LuPlus aria-hidden="true" />
          Add Milestone
        </Button>
      }
    >
      <DialogForm
        title="Add Milestone"
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel="Add Milestone"
        pending={create.isPending}
      >
        <FormField label="Title" required error={errors.title?.message}>
          <TextInput maxLength={MILESTONE_TITLE_MAX_LENGTH} {...form.register("title")} />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <TextArea rows={3} maxLength={MILESTONE_DESCRIPTION_MAX_LENGTH} {...form.register("description")} />
        </FormField>
        <AmountField error={errors.amount?.message} input={form.register("amount")} />
        <FormField label="Due date" error={errors.dueDate?.message} helperText="Optional.">
          <TextInput
            type="date"
            {...DATE_INPUT_RANGE}
            {...form.register("dueDate", { setValueAs: (value: string | null) => value || null })}
          />
        </FormField>
      </DialogForm>
    </DialogShell>
  );
}
