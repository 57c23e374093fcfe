import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { AnalyticsPage } from "../../../features/analytics/AnalyticsPage";

export const Route = createFileRoute("/portal/admin/analytics")({
  component: () => (
    <>
      <PageHeader title="Analytics" description="Key figures on clients, projects, tasks and revenue." />
      <AnalyticsPage />
    </>
  ),
});
