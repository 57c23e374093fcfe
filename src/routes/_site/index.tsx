import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_site/")({
  component: () => <Heading as="h1">Home</Heading>,
});
