import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { EnquiriesPage } from "../../../features/admin/EnquiriesPage";
import { enquirySearch } from "../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/enquiries")({
  validateSearch: enquirySearch,
  component: EnquiriesRoute,
});

function EnquiriesRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Enquiries" description="What visitors sent from the contact form, newest first." />
      <EnquiriesPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
