import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/services")({
  component: () => <Heading as="h1">Services</Heading>,
});
