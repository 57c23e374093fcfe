import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/subscriptions")({
  component: () => <Heading as="h1">Subscriptions</Heading>,
});
