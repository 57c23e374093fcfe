import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";

export const Route = createFileRoute("/portal/my-tasks")({
  component: () => <PageHeader title="My Tasks" description="Tasks assigned to you and their status." />,
});
