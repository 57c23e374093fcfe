import { Card } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failedWith } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { CreateFormFooter } from "./CreateFormFooter";
import { useCreateProject } from "./money-api";
import { ProjectFields, useProjectForm } from "./ProjectFields";

/** Admin › New project (issue #7 item 5): every field of a project; the new project opens when created. */
export function NewProjectPage() {
  const form = useProjectForm();
  const create = useCreateProject();
  const navigate = useNavigate();
  // One id for this page's project: created again after a lost answer, it is the same project, not a second.
  const [projectId] = useState(randomUuid);
  const onSubmit = submitMutation(form, create, {
    variables: (values) => ({ ...values, id: projectId }),
    saved: { title: TOAST.projectCreated },
    onSaved: (project) => void navigate({ to: "/portal/projects/$projectId", params: { projectId: project.id } }),
    failed: failedWith(TOAST.projectCreateFailed),
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="New project">
      <Card.Root maxW="3xl">
        <Card.Body>
          <ProjectFields form={form} disabled={create.isPending} />
        </Card.Body>
        <CreateFormFooter submitLabel="Create project" pending={create.isPending} cancelTo="/portal/admin" />
      </Card.Root>
    </form>
  );
}
