import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/PageHeader";
import { NewAccountForm } from "../../../../features/admin/NewAccountForm";

export const Route = createFileRoute("/portal/admin/developers/new")({
  component: () => (
    <>
      <PageHeader title="New developer" description="Create a developer account and send them an invitation." />
      <NewAccountForm kind="developer" />
    </>
  ),
});
