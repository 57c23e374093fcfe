import { Button } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuPlus } from "react-icons/lu";
import { SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS } from "../../../../common/admin-table";
import { PageHeader } from "../../../components/PageHeader";
import { CREATE_PLAN_STATE } from "../../../features/admin/PlansPage";
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
        // The spec's Create Plan opens plan management (issue #7 item 10), its create dialog open.
        action={
          <Button asChild colorPalette="brand" size="sm">
            <Link to="/portal/admin/plans" state={CREATE_PLAN_STATE}>
              <LuPlus aria-hidden="true" />
              Create Plan
            </Link>
          </Button>
        }
      />
      <SubscriptionsPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
