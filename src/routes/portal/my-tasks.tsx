import { createFileRoute, type SearchSchemaInput } from "@tanstack/react-router";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { MyTasksPage } from "../../features/tasks/MyTasks";

/** The status My Tasks shows (Show), when the URL names a known one; any other value is dropped. */
function myTasksSearch(raw: { status?: unknown } & SearchSchemaInput): { status?: TaskStatus | undefined } {
  return { status: TASK_STATUSES.find((known) => known === raw.status) };
}

export const Route = createFileRoute("/portal/my-tasks")({
  validateSearch: myTasksSearch,
  component: MyTasksRoute,
});

function MyTasksRoute() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyTasksPage status={status} onStatusChange={(next) => navigate({ search: { status: next } })} />;
}
