import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/subscriptions")({
  component: () => <PageHeader title="Subscriptions" description="Approved service orders and their monthly value." />,
});
