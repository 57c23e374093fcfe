import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { taskFilterSearch } from "../../../features/admin/search";
import { CreateTaskButton, TasksPage } from "../../../features/admin/TasksPage";

export const Route = createFileRoute("/portal/admin/tasks")({
  validateSearch: taskFilterSearch,
  component: TasksRoute,
});

function TasksRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Tasks"
        description="Create, assign and track tasks across projects."
        action={<CreateTaskButton filters={filters} />}
      />
      <TasksPage filters={filters} onFiltersChange={(next) => navigate({ search: next })} />
    </>
  );
}
