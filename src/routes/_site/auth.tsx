import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_site/auth")({
  component: () => <Heading as="h1">Client Portal</Heading>,
});
