import { SimpleGrid, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  type AdminProject,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_TITLE_MAX_LENGTH,
  projectFormSchema,
} from "../../../common/admin-money";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "../../../common/domain";
import { DATE_INPUT_RANGE } from "../../../common/schemas";
import { FormField, SelectInput, TextArea, TextInput } from "../../components/FormField";
import { LazyFormAlert } from "../../components/LazyFormAlert";
import { registerWithValue } from "../../lib/form-fields";
import { ClientPicker, DeveloperPicker } from "./Pickers";

export type ProjectValues = z.input<typeof projectFormSchema>;
export type ProjectOutput = z.output<typeof projectFormSchema>;
export type ProjectFormApi = UseFormReturn<ProjectValues, unknown, ProjectOutput>;

const EMPTY: ProjectValues = {
  title: "",
  description: "",
  clientId: "",
  developerIds: [],
  status: "active",
  progress: 0,
  startDate: null,
  endDate: null,
};

/** The project form (new project page and the edit dialog): one zod schema, the server's own. */
export function useProjectForm(project?: AdminProject): ProjectFormApi {
  return useForm<ProjectValues, unknown, ProjectOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: project
      ? {
          title: project.title,
          description: project.description,
          clientId: project.clientId,
          developerIds: project.developers.map((developer) => developer.id),
          status: project.status,
          progress: project.progress,
          startDate: project.startDate,
          endDate: project.endDate,
        }
      : EMPTY,
  });
}

const nullIfEmpty = (value: string | null) => value || null;

export function ProjectFields({
  form,
  project,
  disabled,
}: {
  form: ProjectFormApi;
  project?: AdminProject | undefined;
  disabled?: boolean;
}) {
  const { errors } = form.formState;
  return (
    <Stack gap="4">
      {errors.root?.server?.message && <LazyFormAlert status="error" title={errors.root.server.message} />}
      <FormField label="Title" required error={errors.title?.message}>
        <TextInput maxLength={PROJECT_TITLE_MAX_LENGTH} {...registerWithValue(form, "title")} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <TextArea rows={4} maxLength={PROJECT_DESCRIPTION_MAX_LENGTH} {...registerWithValue(form, "description")} />
      </FormField>
      <Controller
        control={form.control}
        name="clientId"
        render={({ field }) => (
          <ClientPicker
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            error={errors.clientId?.message}
            disabled={disabled}
            current={
              project
                ? { id: project.clientId, fullName: project.clientName, email: "", companyName: project.clientCompany }
                : undefined
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="developerIds"
        render={({ field }) => (
          <DeveloperPicker
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            error={errors.developerIds?.message}
            initial={project?.developers}
            disabled={disabled}
          />
        )}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Status" required error={errors.status?.message}>
          <SelectInput {...registerWithValue(form, "status")}>
            {PROJECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PROJECT_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectInput>
        </FormField>
        <FormField label="Progress (%)" required error={errors.progress?.message} helperText="From 0 to 100.">
          <TextInput
            type="number"
            inputMode="numeric"
            min="0"
            max="100"
            step="1"
            {...registerWithValue(form, "progress", { valueAsNumber: true })}
          />
        </FormField>
        <FormField label="Start date" error={errors.startDate?.message} helperText="Optional.">
          <TextInput
            type="date"
            {...DATE_INPUT_RANGE}
            {...registerWithValue(form, "startDate", { setValueAs: nullIfEmpty })}
          />
        </FormField>
        <FormField label="End date" error={errors.endDate?.message} helperText="Optional; not before the start date.">
          <TextInput
            type="date"
            {...DATE_INPUT_RANGE}
            {...registerWithValue(form, "endDate", { setValueAs: nullIfEmpty })}
          />
        </FormField>
      </SimpleGrid>
    </Stack>
  );
}
