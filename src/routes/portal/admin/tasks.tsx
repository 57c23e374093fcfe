import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/tasks")({
  component: () => <PageHeader title="Tasks" description="Create, assign and track tasks across projects." />,
});
