import { createFileRoute, redirect } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { ClientDashboard } from "../../features/dashboard/ClientDashboard";
import { DeveloperDashboard } from "../../features/dashboard/DeveloperDashboard";
import { useMe } from "../../lib/session";

export const Route = createFileRoute("/portal/")({
  beforeLoad: ({ context }) => {
    // Admins have their own dashboard (spec §4).
    if (context.me.role === "admin") throw redirect({ to: "/portal/admin", replace: true });
  },
  component: Dashboard,
});

function Dashboard() {
  const { me } = Route.useRouteContext();
  // The live profile, so a name changed in Settings shows here at once.
  const { data } = useMe();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${(data ?? me).fullName}`} />
      {me.role === "developer" ? <DeveloperDashboard /> : <ClientDashboard />}
    </>
  );
}
