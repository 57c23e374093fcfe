import { Button, Card, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { LuFolderKanban } from "react-icons/lu";
import { PageHeader } from "../../components/PageHeader";
import { useMe } from "../../lib/session";

export const Route = createFileRoute("/portal/")({
  beforeLoad: ({ context }) => {
    // Admins have their own dashboard (spec §4).
    if (context.me.role === "admin") throw redirect({ to: "/portal/admin", replace: true });
  },
  component: Dashboard,
});

function Dashboard() {
  const { me } = Route.useRouteContext();
  const { data } = useMe();
  const name = (data ?? me).fullName;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${name}`} />
      <Card.Root maxW="lg">
        <Card.Body>
          <Stack gap="3" align="start">
            <Text>Follow your projects' progress and talk to the team working on them.</Text>
            <Button asChild colorPalette="brand">
              <Link to="/portal/projects">
                <LuFolderKanban aria-hidden="true" />
                View All Projects
              </Link>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </>
  );
}
