import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/projects/")({
  component: () => <Heading as="h1">Projects</Heading>,
});
