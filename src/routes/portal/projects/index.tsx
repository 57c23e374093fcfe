import { createFileRoute } from "@tanstack/react-router";
import type { Role } from "../../../../common/domain";
import { PageHeader } from "../../../components/PageHeader";
import { ProjectsList } from "../../../features/projects/ProjectsList";

/** Who is reading decides whose projects these are. */
const DESCRIPTIONS: Record<Role, string> = {
  client: "Follow the progress of your projects and talk to the team.",
  developer: "The projects you are assigned to, newest first.",
  admin: "Every client's projects, newest first.",
};

export const Route = createFileRoute("/portal/projects/")({
  component: ProjectsPage,
});

function ProjectsPage() {
  const { me } = Route.useRouteContext();
  return (
    <>
      <PageHeader title="Projects" description={DESCRIPTIONS[me.role]} />
      <ProjectsList />
    </>
  );
}
