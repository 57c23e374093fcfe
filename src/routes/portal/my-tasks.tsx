import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { MyTasks } from "../../features/tasks/MyTasks";

export const Route = createFileRoute("/portal/my-tasks")({
  component: () => (
    <>
      <PageHeader title="My Tasks" description="Tasks assigned to you and their status." />
      <MyTasks />
    </>
  ),
});
