import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SiteLayout } from "../features/site/SiteLayout";

/** The public site's layout: header with the mobile drawer, main landmark, footer. */
export const Route = createFileRoute("/_site")({
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
});
