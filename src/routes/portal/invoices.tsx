import { createFileRoute, redirect } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { InvoicesPage } from "../../features/invoices/InvoicesPage";

export const Route = createFileRoute("/portal/invoices")({
  beforeLoad: ({ context }) => {
    // Clients' invoices, and every invoice for administrators (spec §2); developers get none (src/features/portal/nav.ts).
    if (context.me.role === "developer") throw redirect({ to: "/portal", replace: true });
  },
  component: () => (
    <>
      <PageHeader title="Invoices" description="Your invoices, their amounts and payment status." />
      <InvoicesPage />
    </>
  ),
});
