import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { AdminDashboard } from "../../../features/admin/AdminDashboard";

export const Route = createFileRoute("/portal/admin/")({
  component: () => (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="An overview of clients, developers, active projects and unpaid invoices."
      />
      <AdminDashboard />
    </>
  ),
});
