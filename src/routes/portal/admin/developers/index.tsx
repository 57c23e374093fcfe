import { createFileRoute } from "@tanstack/react-router";
import { LuUserPlus } from "react-icons/lu";
import { DEVELOPER_SORTS, DEVELOPER_TABLE_DEFAULTS } from "../../../../../common/admin-table";
import { PageActionLink } from "../../../../components/PageActionLink";
import { PageHeader } from "../../../../components/PageHeader";
import { DevelopersPage } from "../../../../features/admin/DevelopersPage";
import { tableSearch } from "../../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/developers/")({
  validateSearch: tableSearch(DEVELOPER_SORTS, DEVELOPER_TABLE_DEFAULTS),
  component: DevelopersRoute,
});

function DevelopersRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Developers"
        description="Developers who work on client projects."
        action={<PageActionLink to="/portal/admin/developers/new" icon={LuUserPlus} label="Add developer" />}
      />
      <DevelopersPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
