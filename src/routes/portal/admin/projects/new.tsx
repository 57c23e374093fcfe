import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/PageHeader";
import { NewProjectPage } from "../../../../features/admin/NewProjectPage";

export const Route = createFileRoute("/portal/admin/projects/new")({
  component: () => (
    <>
      <PageHeader title="New project" description="A project for a client, with its developers, status and dates." />
      <NewProjectPage />
    </>
  ),
});
