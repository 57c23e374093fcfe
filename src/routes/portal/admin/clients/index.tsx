import { createFileRoute } from "@tanstack/react-router";
import { CLIENT_SORTS, CLIENT_TABLE_DEFAULTS } from "../../../../../common/admin-table";
import { ClientsPage } from "../../../../features/admin/ClientsPage";
import { NewAccountButton, PeopleHeader } from "../../../../features/admin/PeopleHeader";
import { tableSearch } from "../../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/clients/")({
  validateSearch: tableSearch(CLIENT_SORTS, CLIENT_TABLE_DEFAULTS),
  component: ClientsRoute,
});

function ClientsRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PeopleHeader
        title="Clients"
        description="Every client account and company."
        action={<NewAccountButton to="/portal/admin/clients/new" label="Add client" />}
      />
      <ClientsPage query={query} onQueryChange={(next) => navigate({ search: (prev) => ({ ...prev, ...next }) })} />
    </>
  );
}
