import { createFileRoute } from "@tanstack/react-router";
import { LuFilePlus } from "react-icons/lu";
import { PageActionLink } from "../../../components/PageActionLink";
import { PageHeader } from "../../../components/PageHeader";
import { PaymentsPage } from "../../../features/admin/PaymentsPage";
import { paymentSearch } from "../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/payments")({
  validateSearch: paymentSearch,
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Payments"
        description="Revenue, paid and pending totals with every invoice."
        action={<PageActionLink to="/portal/admin/invoices/new" icon={LuFilePlus} label="Create invoice" />}
      />
      <PaymentsPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
