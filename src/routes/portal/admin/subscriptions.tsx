import { createFileRoute } from "@tanstack/react-router";
import { LuPlus } from "react-icons/lu";
import { SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS } from "../../../../common/admin-table";
import { PageActionLink } from "../../../components/PageActionLink";
import { PageHeader } from "../../../components/PageHeader";
import { tableSearch } from "../../../features/admin/search";
import { SubscriptionsPage } from "../../../features/catalogue/SubscriptionsPage";

export const Route = createFileRoute("/portal/admin/subscriptions")({
  validateSearch: tableSearch(SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS),
  component: SubscriptionsRoute,
});

function SubscriptionsRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Approved service orders and their monthly value."
        // Plan management (issue #7 item 10) is a screen of its own, with its Create Plan dialog.
        action={<PageActionLink to="/portal/admin/plans" icon={LuPlus} label="Create Plan" />}
      />
      <SubscriptionsPage
        query={query}
        onQueryChange={(next) => navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    </>
  );
}
