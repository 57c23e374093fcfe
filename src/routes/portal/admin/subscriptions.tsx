import { HStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { LuLayers } from "react-icons/lu";
import { SUBSCRIPTION_SORTS, SUBSCRIPTION_TABLE_DEFAULTS } from "../../../../common/admin-table";
import { PageActionLink } from "../../../components/PageActionLink";
import { PageHeader } from "../../../components/PageHeader";
import { CreatePlanButton } from "../../../features/admin/PlansPage";
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
        // The spec's Create Plan opens the plan form here; the plans themselves (issue #7 item 10) are a screen of their own.
        action={
          <HStack gap="2" wrap="wrap">
            <PageActionLink to="/portal/admin/plans" icon={LuLayers} label="Manage plans" secondary />
            <CreatePlanButton />
          </HStack>
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
