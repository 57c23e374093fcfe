import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { CreatePlanButton, PlansPage } from "../../../features/admin/PlansPage";

// Only a component: route options ship in every page's entry chunk, public ones too.
export const Route = createFileRoute("/portal/admin/plans")({
  component: () => (
    <>
      <PageHeader
        title="Plans"
        description="The subscription plans on the public Plans page and the contact form, in display order."
        action={<CreatePlanButton />}
      />
      <PlansPage />
    </>
  ),
});
