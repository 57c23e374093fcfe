import { createFileRoute } from "@tanstack/react-router";
import { TASK_STATUSES } from "../../../common/domain";
import { MyTasksPage } from "../../features/tasks/MyTasks";
import { statusSearch } from "../../lib/status-search";

export const Route = createFileRoute("/portal/my-tasks")({
  validateSearch: statusSearch(TASK_STATUSES),
  component: MyTasksRoute,
});

function MyTasksRoute() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyTasksPage status={status} onStatusChange={(next) => navigate({ search: { status: next } })} />;
}
