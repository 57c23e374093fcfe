import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_site/about")({
  component: () => <Heading as="h1">About</Heading>,
});
