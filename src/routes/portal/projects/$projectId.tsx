import { createFileRoute } from "@tanstack/react-router";
import { ProjectDetail } from "../../../features/projects/ProjectDetail";

export const Route = createFileRoute("/portal/projects/$projectId")({
  component: ProjectRoute,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  // Keyed so a different project starts from a clean slate (draft message, scroll position).
  return <ProjectDetail key={projectId} projectId={projectId} />;
}
