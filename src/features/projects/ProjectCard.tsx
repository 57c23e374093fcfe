import { Button, Card, Heading, HStack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { Project } from "../../../common/api";
import { formatDay } from "../../../common/format";
import { InfoList } from "../../components/InfoList";
import { clientLabel } from "./format";
import { ProjectProgress } from "./ProjectProgress";
import { ProjectStatusBadge } from "./ProjectStatusBadge";
import { ProjectUnreadBadge } from "./UnreadMessagesBadge";

export function ProjectCard({ project }: { project: Project }) {
  const headingId = `project-${project.id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} h="full">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Heading as="h2" size="md" id={headingId}>
            {project.title}
          </Heading>
          <HStack gap="2">
            <ProjectUnreadBadge projectId={project.id} />
            <ProjectStatusBadge status={project.status} />
          </HStack>
        </HStack>
        <Text color="fg.muted" fontSize="sm" lineClamp={3}>
          {project.description}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        <ProjectProgress value={project.progress} title={project.title} />
        <InfoList
          size="sm"
          items={[
            { label: "Client", value: clientLabel(project) },
            { label: "Start date", value: project.startDate ? formatDay(project.startDate) : "Not set" },
            { label: "Due date", value: project.endDate ? formatDay(project.endDate) : "Not set" },
          ]}
        />
      </Card.Body>
      <Card.Footer>
        <Button asChild variant="outline" colorPalette="brand" width="full">
          <Link to="/portal/projects/$projectId" params={{ projectId: project.id }} aria-describedby={headingId}>
            View Project Details
          </Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
