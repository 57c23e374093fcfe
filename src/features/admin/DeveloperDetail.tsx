import { Badge, Button, Link, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { LuArrowLeft } from "react-icons/lu";
import { formatDate, formatDay } from "../../../common/format";
import { InfoList } from "../../components/InfoList";
import { PageHeader } from "../../components/PageHeader";
import { ApiError } from "../../lib/api";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { PRIORITY_BADGES, TASK_STATUS_LABELS } from "../tasks/labels";
import { RecordTable, Section } from "./ClientDetail";
import { developerDetailQueryOptions } from "./people-api";

/** Admin › Developers › a developer (issue #7): profile, the projects they are on, their newest tasks. */
export function DeveloperDetail({ developerId }: { developerId: string }) {
  const detail = useQuery(developerDetailQueryOptions(developerId));
  const back = (
    <Link asChild variant="underline" fontSize="sm" mb="4">
      <RouterLink to="/portal/admin/developers">
        <LuArrowLeft aria-hidden="true" />
        All developers
      </RouterLink>
    </Link>
  );
  if (detail.isPending) {
    return (
      <Stack aria-busy="true">
        {back}
        <VisuallyHidden role="status">Loading developer</VisuallyHidden>
        <Skeleton height="9" width="64" aria-hidden="true" />
        <Skeleton height="32" aria-hidden="true" />
      </Stack>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack gap="4" align="start">
        {back}
        <PageHeader title={missing ? "Developer not found" : "Developer"} />
        <Text>{missing ? "This developer does not exist or was deleted." : "This developer could not be loaded."}</Text>
        {!missing && (
          <Button size="sm" variant="outline" onClick={() => detail.refetch()}>
            Retry
          </Button>
        )}
      </Stack>
    );
  }
  const { profile, projects, tasks } = detail.data;
  return (
    <Stack gap="6">
      <Stack gap="0" align="start">
        {back}
        <PageHeader title={profile.fullName} documentTitle={profile.fullName} description="Developer" />
      </Stack>
      <Section title="Profile">
        <InfoList
          items={[
            { label: "E-mail", value: profile.email },
            { label: "Joined", value: formatDate(profile.createdAt) },
            {
              label: "Account",
              value: profile.archivedAt ? (
                <Badge colorPalette="gray" variant="surface">
                  Deactivated {formatDate(profile.archivedAt)}
                </Badge>
              ) : profile.emailVerified ? (
                "Active"
              ) : (
                "Invited: has not set a password yet"
              ),
            },
          ]}
        />
      </Section>
      <RecordTable
        title="Projects"
        empty="Not on any project yet."
        headers={["Project", "Client", "Status", "Progress"]}
        rows={projects.map((project) => ({
          id: project.id,
          cells: [
            <Link key="title" asChild variant="underline">
              <RouterLink to="/portal/projects/$projectId" params={{ projectId: project.id }}>
                {project.title}
              </RouterLink>
            </Link>,
            project.clientName,
            <ProjectStatusBadge key="status" status={project.status} />,
            `${project.progress}%`,
          ],
        }))}
      />
      <RecordTable
        title="Tasks"
        empty="No tasks assigned."
        headers={["Task", "Project", "Status", "Priority", "Due date"]}
        rows={tasks.map((task) => ({
          id: task.id,
          cells: [
            task.title,
            task.projectTitle ?? "—",
            TASK_STATUS_LABELS[task.status],
            <Badge key="priority" colorPalette={PRIORITY_BADGES[task.priority].palette} variant="subtle">
              {PRIORITY_BADGES[task.priority].label}
            </Badge>,
            task.dueDate ? formatDay(task.dueDate) : "—",
          ],
        }))}
      />
    </Stack>
  );
}
