import { Card } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { toaster } from "../../components/Toaster";
import { errorMessage, showServerError } from "../../lib/form-errors";
import { TOAST } from "../../lib/messages";
import { CreateFormFooter } from "./CreateFormFooter";
import { useCreateProject } from "./money-api";
import { ProjectFields, useProjectForm } from "./ProjectFields";

/** Admin › New project (issue #7 item 5): every field of a project; the new project opens when created. */
export function NewProjectPage() {
  const form = useProjectForm();
  const create = useCreateProject();
  const navigate = useNavigate();
  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (project) => {
        toaster.create({ type: "success", title: TOAST.projectCreated });
        void navigate({ to: "/portal/projects/$projectId", params: { projectId: project.id } });
      },
      onError: (error) => {
        toaster.create({ type: "error", title: TOAST.projectCreateFailed, description: errorMessage(error) });
        showServerError(form, error);
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New project">
      <Card.Root maxW="3xl">
        <Card.Body>
          <ProjectFields form={form} disabled={create.isPending} />
        </Card.Body>
        <CreateFormFooter submitLabel="Create project" pending={create.isPending} cancelTo="/portal/admin" />
      </Card.Root>
    </form>
  );
}
