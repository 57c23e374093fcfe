import { Button, Card, SimpleGrid, Skeleton, SkeletonText, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuListChecks, LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import { ASSIGNEE_OPTIONS_LIMIT, TASK_PROJECT_OPTIONS_LIMIT } from "../../../common/admin-money";
import type { Task } from "../../../common/api";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyList } from "../../components/EmptyList";
import { FormField, SelectInput } from "../../components/FormField";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { useShownAnnouncement } from "../../components/ShowSelect";
import { TOAST } from "../../lib/messages";
import { failure, toastOutcome } from "../../lib/toasts";
import { TASK_STATUS_OPTIONS } from "../tasks/status-options";
import { assigneeOf, TaskCardHeading, TaskDetails } from "../tasks/TaskCardParts";
import { PersonLink } from "./PersonLink";
import {
  AssigneeSearchSelect,
  type NamedPerson,
  ProjectSearchSelect,
  unofferedChoice,
  useUnofferedProject,
} from "./Pickers";
import type { TaskFilterSearch } from "./search";
import { TaskDialog } from "./TaskDialog";
import {
  adminTasksQueryOptions,
  taskAssigneesQuery,
  taskProjectsQuery,
  useDeleteTask,
  useLiveAdminTasks,
} from "./tasks-api";

export const DELETE_TASK_QUESTION = "Are you sure you want to delete this task?";

const columns = { base: 1, md: 2, xl: 3 };

/** The page's main action: the create dialog, its project and assignee those the filters show. */
export function CreateTaskButton({ filters }: { filters: TaskFilterSearch }) {
  return (
    <TaskDialog
      start={{ projectId: filters.project, assignedTo: filters.assignee }}
      trigger={
        <Button colorPalette="brand" size="sm">
          <LuPlus aria-hidden="true" />
          Create Task
        </Button>
      }
    />
  );
}

/** Admin › Tasks (issue #7): every task as a card, live, filtered by status, assignee and project (in the URL). */
export function TasksPage({
  filters,
  onFiltersChange,
}: {
  filters: TaskFilterSearch;
  onFiltersChange: (next: TaskFilterSearch) => void;
}) {
  useLiveAdminTasks();
  const tasks = useInfiniteQuery(adminTasksQueryOptions(filters));
  const items = tasks.data?.pages.flatMap((page) => page.items);
  const filtered = !!(filters.status || filters.assignee || filters.project);

  const shownAnnouncement = useShownAnnouncement(
    JSON.stringify([filters.status, filters.assignee, filters.project]),
    items && !tasks.isPlaceholderData ? { count: items.length, more: tasks.hasNextPage } : undefined,
    TASK_NOUN,
  );
  return (
    <Stack gap="6">
      <TaskFilters filters={filters} onChange={onFiltersChange} shown={shownAnnouncement} />
      <section aria-label="Tasks" aria-busy={tasks.isPending || undefined}>
        {tasks.isPending ? (
          <SimpleGrid columns={columns} gap="6">
            <Text srOnly role="status">
              Loading tasks
            </Text>
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Card.Root key={i} aria-hidden="true">
                <Card.Body gap="4">
                  <Skeleton height="6" width="60%" />
                  <SkeletonText noOfLines={3} />
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        ) : tasks.isError && !items ? (
          <LoadFailed
            message="The tasks could not be loaded."
            onRetry={() => tasks.refetch()}
            justify="center"
            py="8"
            borderWidth="1px"
            borderRadius="lg"
          />
        ) : !items || items.length === 0 ? (
          <EmptyList
            icon={LuListChecks}
            headingLevel="h2"
            title={filtered ? "No tasks match these filters" : "No tasks yet"}
            description={filtered ? "Try another status, assignee or project." : "Create a task to get started."}
          />
        ) : (
          <Stack gap="6">
            <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none">
              {items.map((task) => (
                <li key={task.id}>
                  <AdminTaskCard task={task} />
                </li>
              ))}
            </SimpleGrid>
            {tasks.hasNextPage && (
              <LoadMoreButton
                loading={tasks.isFetchingNextPage}
                onLoadMore={() => tasks.fetchNextPage({ throwOnError: true })}
                failedText={TOAST.moreTasksFailed}
              />
            )}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

const TASK_NOUN = { one: "task", many: "tasks" };

function TaskFilters({
  filters,
  onChange,
  shown,
}: {
  filters: TaskFilterSearch;
  onChange: (next: TaskFilterSearch) => void;
  /** What the filtered list holds once loaded, said from the filters' landmark. */
  shown: string;
}) {
  // The projects and people offered are searched, as in the task dialog: there may be more than a select holds.
  const [projectSearch, setProjectSearch] = useState("");
  const projects = useQuery(taskProjectsQuery(projectSearch));
  const [assigneeSearch, setAssigneeSearch] = useState("");
  const assignees = useQuery(taskAssigneesQuery(assigneeSearch));
  const offeredAssignees = assignees.data ?? [];
  // The person chosen from a search stays named while another search shows others; one filtered by from the URL
  // that no search offers is "Selected person".
  const [chosenAssignee, setChosenAssignee] = useState<NamedPerson>();
  const filteredBy = filters.assignee ? { id: filters.assignee, name: "Selected person" } : undefined;
  const unofferedAssignee = unofferedChoice<NamedPerson>(
    filters.assignee,
    offeredAssignees,
    chosenAssignee,
    filteredBy,
  );
  const set = (key: keyof TaskFilterSearch, value: string) => onChange({ ...filters, [key]: value || undefined });
  // The project filtered by stays named when another search, or a project's "View tasks", leaves it unoffered.
  const unofferedProject = useUnofferedProject(filters.project, projects);
  return (
    <SimpleGrid as="search" aria-label="Filter tasks" columns={{ base: 1, sm: 2, xl: 5 }} gap="3">
      <FormField label="Status">
        <SelectInput value={filters.status ?? ""} onChange={(event) => set("status", event.target.value)}>
          <option value="">All statuses</option>
          {TASK_STATUS_OPTIONS}
        </SelectInput>
      </FormField>
      <AssigneeSearchSelect
        search={assigneeSearch}
        onSearchChange={setAssigneeSearch}
        people={offeredAssignees}
        extra={unofferedAssignee}
        noneLabel="Everyone"
        limit={ASSIGNEE_OPTIONS_LIMIT}
        loadFailed={assignees.isError}
        busy={assignees.isFetching}
        searched={assignees.isSuccess && !assignees.isPlaceholderData}
        value={filters.assignee ?? ""}
        onChange={(event) => {
          const offered = offeredAssignees.find((person) => person.id === event.target.value);
          if (offered) setChosenAssignee(offered);
          set("assignee", event.target.value);
        }}
      />
      <ProjectSearchSelect
        search={projectSearch}
        onSearchChange={setProjectSearch}
        projects={projects.data ?? []}
        extra={unofferedProject}
        noneLabel="All projects"
        limit={TASK_PROJECT_OPTIONS_LIMIT}
        loadFailed={projects.isError}
        busy={projects.isFetching}
        searched={projects.isSuccess && !projects.isPlaceholderData}
        value={filters.project ?? ""}
        onChange={(event) => set("project", event.target.value)}
      />
      <VisuallyHidden role="status">{shown}</VisuallyHidden>
    </SimpleGrid>
  );
}

function AdminTaskCard({ task }: { task: Task }) {
  const remove = useDeleteTask();
  const headingId = `admin-task-${task.id}`;
  return (
    <Card.Root as="article" h="full" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <TaskCardHeading task={task} id={headingId} withStatus />
        {task.description && (
          <Text color="fg.muted" whiteSpace="pre-wrap" lineClamp="4">
            {task.description}
          </Text>
        )}
        <TaskDetails
          task={task}
          assignee={
            task.assignedTo && task.assigneeRole === "developer" ? (
              <PersonLink id={task.assignedTo} name={assigneeOf(task)} kind="developer" />
            ) : (
              assigneeOf(task)
            )
          }
          projectOpens
        />
      </Card.Body>
      <Card.Footer gap="2" justifyContent="end">
        <TaskDialog
          task={task}
          trigger={
            <Button size="xs" variant="outline">
              <LuPencil aria-hidden="true" />
              Edit
              <Text as="span" srOnly>{` ${task.title}`}</Text>
            </Button>
          }
        />
        <ConfirmDialog
          question={DELETE_TASK_QUESTION}
          description={task.title}
          confirmLabel="Delete"
          onConfirm={() =>
            toastOutcome(remove.mutateAsync(task.id), {
              saved: { title: TOAST.taskDeleted },
              failed: failure(TOAST.taskDeleteFailed),
            })
          }
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              <LuTrash2 aria-hidden="true" />
              Delete
              <Text as="span" srOnly>{` ${task.title}`}</Text>
            </Button>
          }
        />
      </Card.Footer>
    </Card.Root>
  );
}
