import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/invoices")({
  component: () => <Heading as="h1">Invoices</Heading>,
});
