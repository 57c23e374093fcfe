import { Button } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuFolderPlus } from "react-icons/lu";
import { PROJECT_STATUSES, type Role } from "../../../../common/domain";
import { PageHeader } from "../../../components/PageHeader";
import { ProjectsList } from "../../../features/projects/ProjectsList";
import { statusSearch } from "../../../lib/status-search";

/** Who is reading decides whose projects these are. */
const DESCRIPTIONS: Record<Role, string> = {
  client: "Follow the progress of your projects and talk to the team.",
  developer: "The projects you are assigned to, newest first.",
  admin: "Every client's projects, newest first.",
};

export const Route = createFileRoute("/portal/projects/")({
  validateSearch: statusSearch(PROJECT_STATUSES),
  component: ProjectsPage,
});

function ProjectsPage() {
  const { me } = Route.useRouteContext();
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Projects" description={DESCRIPTIONS[me.role]} />
      {me.role === "admin" && (
        <Button asChild colorPalette="brand" size="sm" mb="6">
          <Link to="/portal/admin/projects/new">
            <LuFolderPlus aria-hidden="true" />
            New project
          </Link>
        </Button>
      )}
      <ProjectsList status={status} onStatusChange={(next) => navigate({ search: { status: next } })} />
    </>
  );
}
