import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_site/services/$serviceId")({
  component: () => <Heading as="h1">Service</Heading>,
});
