import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/analytics")({
  component: () => <Heading as="h1">Analytics</Heading>,
});
