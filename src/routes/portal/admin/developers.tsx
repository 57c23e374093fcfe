import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";

export const Route = createFileRoute("/portal/admin/developers")({
  component: () => <PageHeader title="Developers" description="Developers who work on client projects." />,
});
