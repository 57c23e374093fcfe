import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/payments")({
  component: () => <Heading as="h1">Payments</Heading>,
});
