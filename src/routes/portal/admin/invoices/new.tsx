import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/PageHeader";
import { NewInvoicePage } from "../../../../features/admin/NewInvoicePage";

export const Route = createFileRoute("/portal/admin/invoices/new")({
  component: () => (
    <>
      <PageHeader title="New invoice" description="An invoice for a client; its number is given when it is created." />
      <NewInvoicePage />
    </>
  ),
});
