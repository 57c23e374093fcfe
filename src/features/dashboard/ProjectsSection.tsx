import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { DashboardProject } from "../../../common/api";
import { formatDay } from "../../../common/format";
import { InfoList } from "../../components/InfoList";
import { ProjectProgress } from "../projects/ProjectProgress";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { ListSkeleton, Section } from "./Section";

/**
 * A dashboard's projects section (the client's Recent Projects, the developer's My Projects): View
 * all to the projects list; while the dashboard loads, rows of its shape; then the projects, or
 * `empty`, the dashboard's own empty state.
 */
export function ProjectsSection({
  id,
  title,
  projects,
  pending,
  empty,
}: {
  id: string;
  title: string;
  projects: DashboardProject[] | undefined;
  pending: boolean;
  empty: ReactNode;
}) {
  return (
    <Section
      id={id}
      title={title}
      action={
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <Link to="/portal/projects">View all</Link>
        </Button>
      }
    >
      {pending ? (
        <ListSkeleton label="Loading your projects" rows={3} lines={3} />
      ) : projects && projects.length > 0 ? (
        <RecentProjects projects={projects} label={title} />
      ) : (
        empty
      )}
    </Section>
  );
}

/** Spec §2: each with title, status badge, description, progress bar, start and due dates, View Details. */
function RecentProjects({ projects, label }: { projects: DashboardProject[]; label: string }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label={label}>
      {projects.map((project, index) => (
        <Box as="li" key={project.id} borderTopWidth={index === 0 ? undefined : "1px"} py="4" _first={{ pt: 0 }}>
          <ProjectRow project={project} />
        </Box>
      ))}
    </Stack>
  );
}

function ProjectRow({ project }: { project: DashboardProject }) {
  const headingId = `dashboard-project-${project.id}`;
  return (
    <Stack as="article" aria-labelledby={headingId} gap="3">
      <HStack justify="space-between" align="start" gap="3">
        <Heading as="h3" size="md" id={headingId}>
          {project.title}
        </Heading>
        <ProjectStatusBadge status={project.status} />
      </HStack>
      {project.description && (
        <Text color="fg.muted" fontSize="sm" lineClamp={2}>
          {project.description}
        </Text>
      )}
      <ProjectProgress value={project.progress} title={project.title} />
      <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "end" }} gap="3">
        <InfoList
          size="sm"
          items={[
            { label: "Start date", value: project.startDate ? formatDay(project.startDate) : "Not set" },
            { label: "Due date", value: project.endDate ? formatDay(project.endDate) : "Not set" },
          ]}
        />
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <Link to="/portal/projects/$projectId" params={{ projectId: project.id }} aria-describedby={headingId}>
            View Details
          </Link>
        </Button>
      </Stack>
    </Stack>
  );
}
