import { useNavigate } from "@tanstack/react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TOAST } from "../../lib/messages";
import { failedWith, toastOutcome } from "../../lib/toasts";
import { useDeleteProject } from "../admin/money-api";
import { DELETE_PROJECT_QUESTION } from "./labels";
import { DeleteProjectTrigger } from "./ProjectAdminTriggers";

/**
 * Delete project, for administrators on the project page, beside Edit project: after the confirmation
 * the project goes with its messages, files and milestones, and the page leaves for the list. One with
 * invoices or paid milestones stays (the server's 409 says why, and to cancel it instead).
 */
export default function DeleteProjectButton({ projectId, title }: { projectId: string; title: string }) {
  const remove = useDeleteProject(projectId);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      question={DELETE_PROJECT_QUESTION}
      description={`${title}, with its messages, files and milestones. Its tasks stay, on no project.`}
      confirmLabel="Delete project"
      onConfirm={() =>
        toastOutcome(remove.mutateAsync(), {
          saved: { title: TOAST.projectDeleted },
          failed: failedWith(TOAST.projectDeleteFailed),
          onSaved: () => navigate({ to: "/portal/projects", replace: true }),
        })
      }
      trigger={<DeleteProjectTrigger />}
    />
  );
}
