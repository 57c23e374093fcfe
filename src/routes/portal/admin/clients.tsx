import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/clients")({
  component: () => <PageHeader title="Clients" description="Every client account and company." />,
});
