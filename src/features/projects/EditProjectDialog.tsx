import { Button, Dialog, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LuPencil } from "react-icons/lu";
import type { AdminProject } from "../../../common/admin-money";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { errorMessage } from "../../lib/form-errors";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failedWith } from "../../lib/toasts";
import { adminProjectQuery, useUpdateProject } from "../admin/money-api";
import { ProjectFields, useProjectForm } from "../admin/ProjectFields";

/**
 * Edit project (issue #7 item 5), for administrators on the project page:
 * every field of the project in a dialog, the same schema as the new
 * project page and the server. Loads the project with its developers when
 * opened; the page shows the saved project when the server accepts it.
 */
export default function EditProjectDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const project = useQuery({ ...adminProjectQuery(projectId), enabled: open });
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      size="lg"
      trigger={
        <Button variant="outline" size="sm">
          <LuPencil aria-hidden="true" />
          Edit project
        </Button>
      }
    >
      {project.data ? (
        // Keyed by the loaded row: the form starts from what the server has now.
        <EditForm key={project.dataUpdatedAt} project={project.data} onDone={() => setOpen(false)} />
      ) : (
        <>
          <Dialog.Header>
            <Dialog.Title>Edit project</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            {project.isError ? (
              <Stack gap="3" role="alert">
                <Text>{errorMessage(project.error)}</Text>
                <Button size="sm" alignSelf="start" onClick={() => project.refetch()}>
                  Retry
                </Button>
              </Stack>
            ) : (
              <Stack gap="4" aria-busy="true">
                <Text role="status" srOnly>
                  Loading project
                </Text>
                <Skeleton height="10" />
                <Skeleton height="24" />
                <Skeleton height="10" />
              </Stack>
            )}
          </Dialog.Body>
        </>
      )}
    </DialogShell>
  );
}

function EditForm({ project, onDone }: { project: AdminProject; onDone: () => void }) {
  const form = useProjectForm(project);
  const update = useUpdateProject(project.id);
  // Opened before the project had loaded, the dialog's focus went to Close, the one control then: the form,
  // once there, takes it at its first field, as a dialog opened on a loaded project does.
  useEffect(() => form.setFocus("title"), [form]);
  const onSubmit = submitMutation(form, update, {
    saved: { title: TOAST.projectUpdated },
    onSaved: onDone,
    failed: failedWith(TOAST.projectUpdateFailed),
  });
  return (
    <DialogForm title="Edit project" onSubmit={onSubmit} submitLabel="Save changes" pending={update.isPending}>
      <ProjectFields form={form} project={project} disabled={update.isPending} />
    </DialogForm>
  );
}
