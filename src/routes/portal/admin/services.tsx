import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { AddServiceButton, ServicesPage } from "../../../features/catalogue/ServicesPage";

export const Route = createFileRoute("/portal/admin/services")({
  component: () => (
    <>
      <PageHeader title="Services" description="The services clients can order." action={<AddServiceButton />} />
      <ServicesPage />
    </>
  ),
});
