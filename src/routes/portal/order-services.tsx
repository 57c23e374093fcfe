import { createFileRoute, redirect } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { OrderServicesPage } from "../../features/orders/OrderServicesPage";

export const Route = createFileRoute("/portal/order-services")({
  beforeLoad: ({ context }) => {
    // Only clients order (spec §6; the API refuses anyone else): the others are sent to their own dashboard.
    if (context.me.role === "admin") throw redirect({ to: "/portal/admin", replace: true });
    if (context.me.role !== "client") throw redirect({ to: "/portal", replace: true });
  },
  component: () => (
    <>
      <PageHeader title="Order Services" description="Order one of our services and follow your orders." />
      <OrderServicesPage />
    </>
  ),
});
