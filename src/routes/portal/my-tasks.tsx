import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/my-tasks")({
  component: () => <Heading as="h1">My Tasks</Heading>,
});
