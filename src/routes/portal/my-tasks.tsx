import { createFileRoute } from "@tanstack/react-router";
import { MyTasksPage } from "../../features/tasks/MyTasks";

export const Route = createFileRoute("/portal/my-tasks")({
  component: MyTasksPage,
});
