import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { OrderServicesPage } from "../../features/orders/OrderServicesPage";

export const Route = createFileRoute("/portal/order-services")({
  component: () => (
    <>
      <PageHeader title="Order Services" description="Order one of our services and follow your orders." />
      <OrderServicesPage />
    </>
  ),
});
