import { createFileRoute } from "@tanstack/react-router";
import { ClientDetail } from "../../../../features/admin/ClientDetail";

export const Route = createFileRoute("/portal/admin/clients/$clientId")({
  component: ClientRoute,
});

function ClientRoute() {
  const { clientId } = Route.useParams();
  return <ClientDetail key={clientId} clientId={clientId} />;
}
