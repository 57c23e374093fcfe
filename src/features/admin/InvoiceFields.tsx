import { useState } from "react";
import { type UseFormReturn, useController } from "react-hook-form";
import type { z } from "zod";
import { type invoiceUpdateSchema, PROJECT_OPTIONS_LIMIT, type ProjectOption } from "../../../common/admin-money";
import { DATE_INPUT_RANGE } from "../../../common/schemas";
import { AmountField } from "../../components/AmountField";
import { FormField, TextInput } from "../../components/FormField";
import { useProjectOptions } from "./money-api";
import { ProjectSearchSelect, unofferedChoice } from "./Pickers";

/** What a new invoice and a corrected one both ask (the new one asks for its client first). */
export type InvoiceFieldValues = z.input<typeof invoiceUpdateSchema>;

/**
 * An invoice's project (one of its client's, or none; searched by title, as a client may have more
 * than the select is offered), amount in naira with two decimals, and due date: the fields of New
 * invoice and of Edit invoice on Payments, so the two ask alike.
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
  const [search, setSearch] = useState("");
  const projects = useProjectOptions(clientId, search);
  // The project chosen from a search stays offered while another search shows others.
  const [chosen, setChosen] = useState<ProjectOption>();
  // Values has these three fields (it extends InvoiceFieldValues); react-hook-form's path types
  // cannot see that through a type parameter, so the form is read as the three fields alone.
  const fields = form as unknown as UseFormReturn<InvoiceFieldValues>;
  const { errors } = fields.formState;
  // The project is a controlled select: an uncontrolled one took no value its options did not have
  // yet, so an edited invoice opened (and would have saved) with no project.
  const projectField = useController({ control: fields.control, name: "projectId" }).field;
  const offered = projects.data ?? [];
  const extra = unofferedChoice(projectField.value, offered, chosen, currentProject);
  return (
    <>
      <ProjectSearchSelect
        search={search}
        onSearchChange={setSearch}
        projects={offered}
        extra={extra}
        noneLabel="No project"
        limit={PROJECT_OPTIONS_LIMIT}
        helperText={clientId ? "One of this client's projects, or none." : "Choose a client first."}
        error={errors.projectId?.message}
        loadFailed={projects.isError && !projects.data}
        busy={projects.isFetching}
        searched={projects.isSuccess && !projects.isPlaceholderData}
        name={projectField.name}
        ref={projectField.ref}
        value={projectField.value ?? ""}
        onChange={(event) => {
          setChosen(offered.find((project) => project.id === event.target.value));
          projectField.onChange(event.target.value || null);
        }}
        onBlur={projectField.onBlur}
        disabled={!clientId || disabled}
      />
      <AmountField error={errors.amount?.message} disabled={disabled} input={fields.register("amount")} />
      <FormField label="Due date" required error={errors.dueDate?.message}>
        <TextInput type="date" {...DATE_INPUT_RANGE} disabled={disabled} {...fields.register("dueDate")} />
      </FormField>
    </>
  );
}
