import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { InvoicesPage } from "../../features/invoices/InvoicesPage";

export const Route = createFileRoute("/portal/invoices")({
  component: () => (
    <>
      <PageHeader title="Invoices" description="Your invoices, their amounts and payment status." />
      <InvoicesPage />
    </>
  ),
});
