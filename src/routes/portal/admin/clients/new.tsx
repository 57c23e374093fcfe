import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/PageHeader";
import { NewAccountForm } from "../../../../features/admin/NewAccountForm";
import { newClientSearch } from "../../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/clients/new")({
  validateSearch: newClientSearch,
  component: NewClientRoute,
});

function NewClientRoute() {
  const { enquiry } = Route.useSearch();
  return (
    <>
      <PageHeader title="New client" description="Create a client account and send them an invitation." />
      <NewAccountForm kind="client" fromEnquiry={enquiry} />
    </>
  );
}
