import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/order-services")({
  component: () => <Heading as="h1">Order Services</Heading>,
});
