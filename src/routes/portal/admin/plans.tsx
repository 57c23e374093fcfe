import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { PlansPage } from "../../../features/admin/PlansPage";

export const Route = createFileRoute("/portal/admin/plans")({
  // `?create=true` (Subscriptions' Create Plan) opens the create dialog at once. No zod here: route options ship widely.
  validateSearch: (search: Record<string, unknown>): { create?: true } =>
    search.create === true || search.create === "true" ? { create: true } : {},
  component: PlansRoute,
});

function PlansRoute() {
  const { create } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Plans"
        description="The subscription plans on the public Plans page and the contact form, in display order."
      />
      <PlansPage
        createOpen={create === true}
        onCreateOpenChange={(open) => navigate({ search: open ? { create: true } : {}, replace: true })}
      />
    </>
  );
}
