import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../features/settings/SettingsPage";
import { useMe } from "../../lib/session";

export const Route = createFileRoute("/portal/settings")({
  component: SettingsRoute,
});

function SettingsRoute() {
  const { me } = Route.useRouteContext();
  const { data } = useMe();
  return <SettingsPage me={data ?? me} />;
}
