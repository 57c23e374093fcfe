import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/staff")({
  component: () => <PageHeader title="Staff" description="Administrators and developers on the team." />,
});
