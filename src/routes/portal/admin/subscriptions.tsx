import { createFileRoute } from "@tanstack/react-router";
import { SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS } from "../../../../common/admin-table";
import { PageHeader } from "../../../components/PageHeader";
import { tableSearch } from "../../../features/admin/search";
import { CreatePlanLink, SubscriptionsPage } from "../../../features/catalogue/SubscriptionsPage";

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
        action={<CreatePlanLink />}
      />
      <SubscriptionsPage
        query={query}
        onQueryChange={(next) => navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    </>
  );
}
