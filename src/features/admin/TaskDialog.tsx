import { SimpleGrid } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { type ReactElement, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ASSIGNEE_OPTIONS_LIMIT, TASK_PROJECT_OPTIONS_LIMIT } from "../../../common/admin-money";
import type { Task } from "../../../common/api";
import { TASK_PRIORITIES } from "../../../common/domain";
import {
  DATE_INPUT_RANGE,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
  taskInputSchema,
} from "../../../common/schemas";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormField, SelectInput, TextArea, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { failure } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { PRIORITY_BADGES } from "../tasks/labels";
import { TASK_STATUS_OPTIONS } from "../tasks/status-options";
import {
  AssigneeSearchSelect,
  type NamedPerson,
  ProjectSearchSelect,
  unofferedChoice,
  useUnofferedProject,
} from "./Pickers";
import { taskAssigneesQuery, taskProjectsQuery, useSaveTask } from "./tasks-api";

type Values = z.input<typeof taskInputSchema>;
const EMPTY: Values = {
  title: "",
  description: "",
  status: "todo",
  priority: "medium",
  assignedTo: "",
  projectId: "",
  dueDate: "",
};

/** Where a new task starts: the project and assignee Admin › Tasks is filtered by, if any. */
export type TaskStart = { projectId?: string | undefined; assignedTo?: string | undefined };

const valuesOf = (task: Task | undefined, start: TaskStart): Values =>
  task
    ? {
        title: task.title,
        description: task.description,
        status: task.status,
        priority: task.priority,
        assignedTo: task.assignedTo ?? "",
        projectId: task.projectId ?? "",
        dueDate: task.dueDate ?? "",
      }
    : { ...EMPTY, projectId: start.projectId ?? "", assignedTo: start.assignedTo ?? "" };

/**
 * Admin › Tasks' create and edit dialog (issue #7): title required; status
 * and priority default to todo and medium; assignee, project and due date are
 * optional and sent empty, which the schema (the server's too) stores as null. A new task starts in
 * `start`'s project and with its assignee (the list's filters: the tasks of one project or person are
 * where one adds another); its status stays the spec's default.
 */
export function TaskDialog({ task, start = {}, trigger }: { task?: Task; start?: TaskStart; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const save = useSaveTask();
  // The projects and people offered are searched: there may be more than a select can hold.
  const [projectSearch, setProjectSearch] = useState("");
  const [assigneeSearch, setAssigneeSearch] = useState("");
  const staff = useQuery({ ...taskAssigneesQuery(assigneeSearch), enabled: open });
  const projectOptions = useQuery({ ...taskProjectsQuery(projectSearch), enabled: open });
  // The project and person chosen from a search stay offered while the search changes.
  const [chosenProject, setChosenProject] = useState<{ id: string; title: string }>();
  const [chosenAssignee, setChosenAssignee] = useState<NamedPerson>();
  const form = useForm<Values, unknown, z.output<typeof taskInputSchema>>({
    resolver: zodResolver(taskInputSchema),
    defaultValues: valuesOf(task, start),
  });
  const { errors } = form.formState;
  const [assignedTo, projectId] = form.watch(["assignedTo", "projectId"]);
  const editing = !!task;
  const title = editing ? "Edit Task" : "Create Task";

  // The people and projects offered, plus the task's own when the bounded list does not hold them.
  const assignees = staff.data ?? [];
  const projects = projectOptions.data ?? [];
  const ownAssignee = task
    ? task.assignedTo
      ? { id: task.assignedTo, name: task.assigneeName ?? "Current assignee" }
      : undefined
    : start.assignedTo
      ? { id: start.assignedTo, name: "Selected person" }
      : undefined;
  const extraAssignee = unofferedChoice<NamedPerson>(assignedTo, assignees, chosenAssignee, ownAssignee);
  const assigneeField = form.register("assignedTo");
  const ownProject = task?.projectId
    ? { id: task.projectId, title: task.projectTitle ?? "Current project" }
    : undefined;
  // The project a new task starts in, named even when the options offered do not hold it.
  const startProject = useUnofferedProject(editing ? undefined : start.projectId, projectOptions, open);
  const extraProject = unofferedChoice(projectId, projects, chosenProject, ownProject, startProject);
  const projectField = form.register("projectId");
  /** What opened the dialog: focus goes back to it on close, unless it leaves with its card. */
  const opener = useRef<HTMLElement | null>(null);
  /**
   * The task as the form read it when the dialog opened: a live change to its card meanwhile leaves the
   * form alone, and the save names this version, so that change is refused rather than undone.
   */
  const editedVersion = useRef(task);
  // A new task's id from the dialog's opening: saved again after a lost answer, it is the same task.
  const [draftId, setDraftId] = useState(randomUuid);

  const onSubmit = submitMutation(form, save, {
    variables: (data) => ({ editing: editedVersion.current, data, id: draftId }),
    saved: { title: editing ? TOAST.taskUpdated : TOAST.taskCreated },
    onSaved: () => {
      if (!editing) form.reset(valuesOf(undefined, start));
      // An edited task may leave the list filtered by what changed, its Edit button with it.
      else keepPlace(opener.current);
      setOpen(false);
    },
    failed: failure(editing ? TOAST.taskUpdateFailed : TOAST.taskCreateFailed),
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => {
        setOpen(event.open);
        if (event.open) {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          editedVersion.current = task;
          setDraftId(randomUuid());
          form.reset(valuesOf(task, start));
          setProjectSearch("");
          setChosenProject(undefined);
          setAssigneeSearch("");
          setChosenAssignee(undefined);
        }
      }}
      size="lg"
      trigger={trigger}
    >
      <DialogForm
        title={title}
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel={editing ? "Save Task" : "Create Task"}
        pending={save.isPending}
      >
        <FormField label="Title" required error={errors.title?.message}>
          <TextInput maxLength={TASK_TITLE_MAX_LENGTH} {...form.register("title")} />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <TextArea rows={3} maxLength={TASK_DESCRIPTION_MAX_LENGTH} {...form.register("description")} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Status" error={errors.status?.message}>
            <SelectInput {...form.register("status")}>{TASK_STATUS_OPTIONS}</SelectInput>
          </FormField>
          <FormField label="Priority" error={errors.priority?.message}>
            <SelectInput {...form.register("priority")}>
              {TASK_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_BADGES[priority].label}
                </option>
              ))}
            </SelectInput>
          </FormField>
          <AssigneeSearchSelect
            search={assigneeSearch}
            onSearchChange={setAssigneeSearch}
            people={assignees}
            extra={extraAssignee}
            noneLabel="Unassigned"
            limit={ASSIGNEE_OPTIONS_LIMIT}
            error={errors.assignedTo?.message}
            loadFailed={staff.isError}
            busy={staff.isPending}
            searched={staff.isSuccess && !staff.isPlaceholderData}
            {...assigneeField}
            onChange={(event) => {
              const offered = assignees.find((person) => person.id === event.target.value);
              if (offered) setChosenAssignee(offered);
              return assigneeField.onChange(event);
            }}
            // Controlled: the choice survives its option arriving with the list.
            value={assignedTo ?? ""}
          />
          <ProjectSearchSelect
            search={projectSearch}
            onSearchChange={setProjectSearch}
            projects={projects}
            extra={extraProject}
            noneLabel="No project"
            limit={TASK_PROJECT_OPTIONS_LIMIT}
            error={errors.projectId?.message}
            loadFailed={projectOptions.isError}
            busy={projectOptions.isPending}
            searched={projectOptions.isSuccess && !projectOptions.isPlaceholderData}
            {...projectField}
            onChange={(event) => {
              const offered = projects.find((project) => project.id === event.target.value);
              if (offered) setChosenProject(offered);
              return projectField.onChange(event);
            }}
            value={projectId ?? ""}
          />
          <FormField label="Due date" error={errors.dueDate?.message} helperText="Optional.">
            <TextInput type="date" {...DATE_INPUT_RANGE} {...form.register("dueDate")} />
          </FormField>
        </SimpleGrid>
      </DialogForm>
    </DialogShell>
  );
}
