import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { AuditPage } from "../../../features/admin/AuditPage";
import { auditSearch } from "../../../features/admin/search";

export const Route = createFileRoute("/portal/admin/audit")({
  validateSearch: auditSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change an administrator made: who, what, when, before and after."
      />
      <AuditPage
        query={query}
        onQueryChange={(next, options) =>
          navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })
        }
      />
    </>
  );
}
