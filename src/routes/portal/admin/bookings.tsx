import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/bookings")({
  component: () => (
    <PageHeader title="Bookings" description="Service orders waiting for approval, approved or cancelled." />
  ),
});
