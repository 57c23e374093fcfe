import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_site/contact")({
  component: () => <Heading as="h1">Contact</Heading>,
});
