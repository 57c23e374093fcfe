import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { ProjectsList } from "../../../features/projects/ProjectsList";

export const Route = createFileRoute("/portal/projects/")({
  component: () => (
    <>
      <PageHeader title="Projects" description="Follow the progress of your projects and talk to the team." />
      <ProjectsList />
    </>
  ),
});
