import { Box, Button, Link as ChakraLink, Grid, HStack, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { IconType } from "react-icons";
import {
  LuCalendarClock,
  LuCircleCheck,
  LuCircleDashed,
  LuEye,
  LuFolderKanban,
  LuFolderOpen,
  LuListTodo,
  LuLoader,
} from "react-icons/lu";
import { type DashboardTask, DUE_SOON_DAYS } from "../../../common/api";
import { TASK_STATUSES, type TaskStatus } from "../../../common/domain";
import { formatDay } from "../../../common/format";
import { EmptyList } from "../../components/EmptyList";
import { StatCard, StatGrid } from "../../components/StatCard";
import { useLiveQuery } from "../../lib/live";
import { ProjectLink } from "../projects/ProjectLink";
import { TASK_STATUS_LABELS } from "../tasks/labels";
import { TaskPriorityBadge } from "../tasks/TaskPriorityBadge";
import { dashboardQuery } from "./api";
import { ProjectsSection } from "./ProjectsSection";
import { ListSkeleton, LoadError, Section } from "./Section";

const STATUS_ICONS: Record<TaskStatus, IconType> = {
  todo: LuCircleDashed,
  in_progress: LuLoader,
  review: LuEye,
  completed: LuCircleCheck,
};

/**
 * The developer's dashboard: their tasks counted by status, the projects
 * they are assigned to and their open tasks due in the next 7 days; refetched
 * live when one of their tasks or projects changes.
 */
export function DeveloperDashboard() {
  const query = useLiveQuery(dashboardQuery);
  const data = query.data?.role === "developer" ? query.data : undefined;
  const pending = query.isPending || !data;

  if (query.isError && !data) {
    return <LoadError icon={LuListTodo} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  return (
    <Stack gap="6">
      <StatGrid label="Your figures" columns={[1, 2, 3, 5]} minCardRem={10}>
        {TASK_STATUSES.map((status) => (
          <StatCard
            key={status}
            label={TASK_STATUS_LABELS[status]}
            icon={STATUS_ICONS[status]}
            pending={pending}
            value={data?.tasks[status]}
            help={<ShowTasks status={status} />}
          />
        ))}
        <StatCard
          label="My Projects"
          icon={LuFolderKanban}
          pending={pending}
          value={data?.projects.total}
          help="assigned to you"
        />
      </StatGrid>
      <Grid templateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="6" alignItems="start">
        <Section
          id="due-soon"
          title="Due Soon"
          action={
            <Button asChild size="sm" variant="ghost" colorPalette="brand">
              <Link to="/portal/my-tasks">Open My Tasks</Link>
            </Button>
          }
        >
          {pending ? (
            <ListSkeleton label="Loading your tasks" rows={3} lines={1} />
          ) : data.dueSoon.length > 0 ? (
            <DueSoon tasks={data.dueSoon} />
          ) : (
            <EmptyList
              framed={false}
              size="sm"
              icon={LuCalendarClock}
              title="Nothing due soon"
              description={`None of your open tasks is due in the next ${DUE_SOON_DAYS} days.`}
            />
          )}
        </Section>
        <ProjectsSection
          id="my-projects"
          title="My Projects"
          projects={data?.recentProjects}
          pending={pending}
          empty={
            <EmptyList
              framed={false}
              size="sm"
              icon={LuFolderOpen}
              title="No projects assigned to you"
              description="When you are assigned to a project, it appears here."
            />
          }
        />
      </Grid>
    </Stack>
  );
}

/** A status's figure leads to My Tasks shown for that status. */
function ShowTasks({ status }: { status: TaskStatus }) {
  return (
    <ChakraLink asChild variant="underline">
      <Link to="/portal/my-tasks" search={{ status }}>
        View tasks<VisuallyHidden>{` in ${TASK_STATUS_LABELS[status]}`}</VisuallyHidden>
      </Link>
    </ChakraLink>
  );
}

function DueSoon({ tasks }: { tasks: DashboardTask[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label="Tasks due soon">
      {tasks.map((task, index) => (
        <Box as="li" key={task.id} borderTopWidth={index === 0 ? undefined : "1px"} py="3" _first={{ pt: 0 }}>
          <HStack justify="space-between" align="start" gap="3">
            <Stack gap="0.5">
              <Text as="h3" fontWeight="semibold">
                {task.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <ProjectLink id={task.openableProjectId} title={task.projectTitle} none="No project" /> ·{" "}
                {TASK_STATUS_LABELS[task.status]}
              </Text>
            </Stack>
            <Stack gap="1" align="end" flexShrink="0">
              <Text fontSize="sm" fontWeight="medium">
                Due {formatDay(task.dueDate)}
              </Text>
              <TaskPriorityBadge priority={task.priority} />
            </Stack>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
