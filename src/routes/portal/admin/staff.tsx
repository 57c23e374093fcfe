import { createFileRoute } from "@tanstack/react-router";
import { STAFF_SORTS, STAFF_TABLE_DEFAULTS } from "../../../../common/admin-table";
import { PageHeader } from "../../../components/PageHeader";
import { InviteStaffDialog, StaffPage } from "../../../features/admin/StaffPage";
import { tableSearch } from "../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/staff")({
  validateSearch: tableSearch(STAFF_SORTS, STAFF_TABLE_DEFAULTS),
  component: StaffRoute,
});

function StaffRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Staff"
        description="Administrators and developers on the team."
        action={<InviteStaffDialog />}
      />
      <StaffPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
