import { createFileRoute, redirect } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { InvoicesPage } from "../../features/invoices/InvoicesPage";

export const Route = createFileRoute("/portal/invoices")({
  beforeLoad: ({ context }) => {
    // Clients' invoices, and every invoice for administrators (spec §2); developers get none (src/features/portal/nav.ts).
    if (context.me.role === "developer") throw redirect({ to: "/portal", replace: true });
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const { me } = Route.useRouteContext();
  // An administrator reads every client's invoices here, not invoices of their own.
  const description =
    me.role === "admin"
      ? "Every client's invoices, their amounts and payment status."
      : "Your invoices, their amounts and payment status.";
  return (
    <>
      <PageHeader title="Invoices" description={description} />
      <InvoicesPage />
    </>
  );
}
