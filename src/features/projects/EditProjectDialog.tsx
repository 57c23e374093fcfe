import { Button, Dialog, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AdminProject } from "../../../common/admin-money";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { errorMessage } from "../../lib/form-errors";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failedWith } from "../../lib/toasts";
import { adminProjectQuery, useUpdateProject } from "../admin/money-api";
import { ProjectFields, useProjectForm } from "../admin/ProjectFields";
import { PROJECT_WAITS_OFFLINE } from "./labels";
import { EditProjectTrigger } from "./ProjectAdminTriggers";

/**
 * Edit project (issue #7 item 5), for administrators on the project page:
 * every field of the project in a dialog, the same schema as the new
 * project page and the server. Loads the project with its developers when
 * opened; the page shows the saved project when the server accepts it.
 */
export default function EditProjectDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  // When the dialog last opened: its form starts from the project as read after that, once, and a
  // reload in the background later (a reconnect, a live change) leaves what is being typed alone.
  const [openedAt, setOpenedAt] = useState(0);
  const project = useQuery({ ...adminProjectQuery(projectId), enabled: open });
  // Held here, outside the form the dialog unmounts: a save's outcome is told even after it closes.
  const update = useUpdateProject(projectId);
  const loaded = project.data && project.dataUpdatedAt >= openedAt ? project.data : undefined;
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => {
        if (event.open) setOpenedAt(Date.now());
        setOpen(event.open);
      }}
      closeOnEscape={!update.isPending}
      closeOnInteractOutside={!update.isPending}
      size="lg"
      trigger={<EditProjectTrigger />}
    >
      {loaded ? (
        <EditForm key={openedAt} project={loaded} update={update} onDone={() => setOpen(false)} />
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
              <Stack gap="4">
                {/* Offline, the read waits for the connection: said, rather than a skeleton with no end in
                    sight, outside the busy part so that it is read out. */}
                <Text role="status" srOnly={project.fetchStatus !== "paused"}>
                  {project.fetchStatus === "paused" ? PROJECT_WAITS_OFFLINE : "Loading project"}
                </Text>
                <Stack gap="4" aria-busy="true">
                  <Skeleton height="10" />
                  <Skeleton height="24" />
                  <Skeleton height="10" />
                </Stack>
              </Stack>
            )}
          </Dialog.Body>
        </>
      )}
    </DialogShell>
  );
}

function EditForm({
  project,
  update,
  onDone,
}: {
  project: AdminProject;
  update: ReturnType<typeof useUpdateProject>;
  onDone: () => void;
}) {
  const form = useProjectForm(project);
  // The version the form started from: a reread behind it (a reconnect) keeps what is typed, and the save
  // still names this one, so a change someone made meanwhile is refused rather than undone.
  const [editedVersion] = useState(project.updatedAt);
  // Opened before the project had loaded, the dialog's focus went to Close, the one control then: the form,
  // once there, takes it at its first field, as a dialog opened on a loaded project does.
  useEffect(() => form.setFocus("title"), [form]);
  const onSubmit = submitMutation(form, update, {
    variables: (values) => ({ ...values, expectedUpdatedAt: editedVersion }),
    saved: { title: TOAST.projectUpdated },
    onSaved: onDone,
    failed: failedWith(TOAST.projectUpdateFailed),
  });
  return (
    <DialogForm
      title="Edit project"
      onSubmit={onSubmit}
      submitLabel="Save changes"
      pending={update.isPending}
      cancelWhilePending={false}
    >
      <ProjectFields form={form} project={project} disabled={update.isPending} />
    </DialogForm>
  );
}
