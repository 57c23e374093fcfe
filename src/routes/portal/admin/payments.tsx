import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/payments")({
  component: () => <PageHeader title="Payments" description="Revenue, paid and pending totals with every invoice." />,
});
