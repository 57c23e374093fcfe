import { Button, Card, DataList, Heading, HStack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { Project } from "../../../common/api";
import { formatDay } from "./format";
import { ProjectProgress } from "./ProjectProgress";
import { ProjectStatusBadge } from "./ProjectStatusBadge";

export function ProjectCard({ project }: { project: Project }) {
  const headingId = `project-${project.id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} h="full">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Heading as="h2" size="md" id={headingId}>
            {project.title}
          </Heading>
          <ProjectStatusBadge status={project.status} />
        </HStack>
        <Text color="fg.muted" fontSize="sm" lineClamp={3}>
          {project.description}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        <ProjectProgress value={project.progress} title={project.title} />
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Client</DataList.ItemLabel>
            <DataList.ItemValue>
              {project.clientName}
              {project.clientCompany && ` · ${project.clientCompany}`}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Start date</DataList.ItemLabel>
            <DataList.ItemValue>{project.startDate ? formatDay(project.startDate) : "Not set"}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Due date</DataList.ItemLabel>
            <DataList.ItemValue>{project.endDate ? formatDay(project.endDate) : "Not set"}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
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
