import { createFileRoute } from "@tanstack/react-router";
import { LuUserPlus } from "react-icons/lu";
import { CLIENT_SORTS, CLIENT_TABLE_DEFAULTS } from "../../../../../common/admin-table";
import { PageActionLink } from "../../../../components/PageActionLink";
import { PageHeader } from "../../../../components/PageHeader";
import { ClientsPage } from "../../../../features/admin/ClientsPage";
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
      <PageHeader
        title="Clients"
        description="Every client account and company."
        action={<PageActionLink to="/portal/admin/clients/new" icon={LuUserPlus} label="Add client" />}
      />
      <ClientsPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
