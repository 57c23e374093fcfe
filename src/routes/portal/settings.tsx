import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/settings")({
  component: () => <Heading as="h1">Settings</Heading>,
});
