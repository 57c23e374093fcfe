import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/")({
  component: () => <Heading as="h1">Dashboard</Heading>,
});
