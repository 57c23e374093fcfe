import { Link, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { DEVELOPER_DETAIL_LIMIT } from "../../../common/admin";
import { formatDate, formatDay } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { EmailAddress } from "../../components/EmailAddress";
import { InfoList } from "../../components/InfoList";
import { PageHeader } from "../../components/PageHeader";
import { useLiveRefetch } from "../../lib/live";
import { projectsListKey } from "../projects/api";
import { ProjectLink } from "../projects/ProjectLink";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { TaskPriorityBadge } from "../tasks/TaskPriorityBadge";
import { TaskStatusBadge } from "../tasks/TaskStatusBadge";
import { AccountStatus } from "./Account";
import { adminPeopleKey } from "./api";
import { PersonDetailFrame, RecordTable, Section } from "./PersonDetail";
import { ClientLink } from "./PersonLink";
import { developerDetailQueryOptions } from "./people-api";
import { adminTasksKey } from "./tasks-api";

/** Admin › Developers › a developer (issue #7): profile, the projects they are on, their newest tasks. */
export function DeveloperDetail({ developerId }: { developerId: string }) {
  const options = developerDetailQueryOptions(developerId);
  const detail = useQuery(options);
  // Changed by anyone, elsewhere: the developer, the projects they are on and their tasks.
  useLiveRefetch(adminPeopleKey, options.queryKey);
  useLiveRefetch(projectsListKey, options.queryKey);
  useLiveRefetch(adminTasksKey, options.queryKey);
  return (
    <PersonDetailFrame query={detail} kind="Developer" backTo="/portal/admin/developers" backLabel="All developers">
      {({ profile, projects, tasks }, back) => (
        <Stack gap="6">
          <Stack gap="0" align="start">
            {back}
            <PageHeader title={profile.fullName} documentTitle={profile.fullName} description="Developer" />
          </Stack>
          <Section title="Profile">
            <InfoList
              items={[
                { label: "E-mail", value: <EmailAddress email={profile.email} /> },
                { label: "Joined", value: formatDate(profile.createdAt) },
                { label: "Account", value: <AccountStatus kind="developers" profile={profile} /> },
              ]}
            />
          </Section>
          <RecordTable
            title="Projects"
            empty="Not on any project yet."
            limit={DEVELOPER_DETAIL_LIMIT}
            headers={["Project", "Client", "Status", "Progress"]}
            rows={projects.map((project) => ({
              id: project.id,
              cells: [
                <ProjectLink key="title" id={project.id} title={project.title} />,
                <ClientLink key="client" id={project.clientId} name={clientNameOf(project)} />,
                <ProjectStatusBadge key="status" status={project.status} />,
                `${project.progress}%`,
              ],
            }))}
          />
          <RecordTable
            title="Tasks"
            empty="No tasks assigned."
            limit={DEVELOPER_DETAIL_LIMIT}
            more={
              <Link asChild variant="underline">
                <RouterLink to="/portal/admin/tasks" search={{ assignee: profile.id }}>
                  See all in Tasks
                </RouterLink>
              </Link>
            }
            headers={["Task", "Project", "Status", "Priority", "Due date"]}
            rows={tasks.map((task) => ({
              id: task.id,
              cells: [
                task.title,
                // An administrator reads this page, and may open any project.
                <ProjectLink key="project" id={task.projectId} title={task.projectTitle} />,
                <TaskStatusBadge key="status" status={task.status} />,
                <TaskPriorityBadge key="priority" priority={task.priority} />,
                task.dueDate ? formatDay(task.dueDate) : "—",
              ],
            }))}
          />
        </Stack>
      )}
    </PersonDetailFrame>
  );
}
