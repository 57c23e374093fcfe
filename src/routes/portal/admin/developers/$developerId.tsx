import { createFileRoute } from "@tanstack/react-router";
import { DeveloperDetail } from "../../../../features/admin/DeveloperDetail";

export const Route = createFileRoute("/portal/admin/developers/$developerId")({
  component: DeveloperRoute,
});

function DeveloperRoute() {
  const { developerId } = Route.useParams();
  return <DeveloperDetail key={developerId} developerId={developerId} />;
}
