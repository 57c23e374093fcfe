import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/tasks")({
  component: () => <Heading as="h1">Tasks</Heading>,
});
