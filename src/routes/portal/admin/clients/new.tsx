import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/PageHeader";
import { NewAccountForm } from "../../../../features/admin/NewAccountForm";

export const Route = createFileRoute("/portal/admin/clients/new")({
  component: () => (
    <>
      <PageHeader title="New client" description="Create a client account and send them an invitation." />
      <NewAccountForm kind="client" />
    </>
  ),
});
