import { Heading } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/portal/admin/bookings")({
  component: () => <Heading as="h1">Bookings</Heading>,
});
