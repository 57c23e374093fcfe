import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { BookingsPage } from "../../../features/catalogue/BookingsPage";
import { bookingsSearch } from "../../../features/catalogue/search";

export const Route = createFileRoute("/portal/admin/bookings")({
  validateSearch: bookingsSearch,
  component: BookingsRoute,
});

function BookingsRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Bookings" description="Service orders waiting for approval, approved or cancelled." />
      <BookingsPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
