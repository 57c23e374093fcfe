import { type UseFormReturn, useController } from "react-hook-form";
import type { z } from "zod";
import type { invoiceUpdateSchema, ProjectOption } from "../../../common/admin-money";
import { DATE_INPUT_RANGE } from "../../../common/schemas";
import { AmountField } from "../../components/AmountField";
import { FormField, SelectInput, TextInput } from "../../components/FormField";
import { useProjectOptions } from "./money-api";

/** What a new invoice and a corrected one both ask (the new one asks for its client first). */
export type InvoiceFieldValues = z.input<typeof invoiceUpdateSchema>;

/**
 * An invoice's project (one of its client's, or none), amount in naira with two decimals, and due
 * date: the fields of New invoice and of Edit invoice on Payments, so the two ask alike.
 */
export function InvoiceFields<Values extends InvoiceFieldValues>({
  form,
  clientId,
  currentProject,
  disabled,
}: {
  /** The form these fields are part of (New invoice's also holds the client). */
  form: UseFormReturn<Values>;
  /** The invoice's client, whose projects are offered; none yet on a new invoice. */
  clientId: string | undefined;
  /** The project an edited invoice has, offered before the client's projects have loaded. */
  currentProject?: ProjectOption | undefined;
  disabled: boolean;
}) {
  const projects = useProjectOptions(clientId);
  // Values has these three fields (it extends InvoiceFieldValues); react-hook-form's path types
  // cannot see that through a type parameter, so the form is read as the three fields alone.
  const fields = form as unknown as UseFormReturn<InvoiceFieldValues>;
  const { errors } = fields.formState;
  // The project is a controlled select: an uncontrolled one took no value its options did not have
  // yet, so an edited invoice opened (and would have saved) with no project.
  const projectField = useController({ control: fields.control, name: "projectId" }).field;
  const loaded = projects.data ?? [];
  const offered =
    currentProject && !loaded.some((project) => project.id === currentProject.id)
      ? [currentProject, ...loaded]
      : loaded;
  return (
    <>
      <FormField
        label="Project"
        error={errors.projectId?.message}
        helperText={
          !clientId
            ? "Choose a client first."
            : projects.isError && !projects.data
              ? "This client's projects could not be loaded."
              : "One of this client's projects, or none."
        }
      >
        <SelectInput
          name={projectField.name}
          ref={projectField.ref}
          value={projectField.value ?? ""}
          onChange={(event) => projectField.onChange(event.target.value || null)}
          onBlur={projectField.onBlur}
          disabled={!clientId || disabled}
        >
          <option value="">{projects.isFetching ? "Loading projects…" : "No project"}</option>
          {offered.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </SelectInput>
      </FormField>
      <AmountField error={errors.amount?.message} disabled={disabled} input={fields.register("amount")} />
      <FormField label="Due date" required error={errors.dueDate?.message}>
        <TextInput type="date" {...DATE_INPUT_RANGE} disabled={disabled} {...fields.register("dueDate")} />
      </FormField>
    </>
  );
}
