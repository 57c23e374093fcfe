import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";

/** A client's name in an administrator's table, as a link to their page (Admin › Clients › a client). */
export function ClientLink({ id, name }: { id: string; name: string }) {
  return (
    <Link asChild variant="underline" display="inline">
      <RouterLink to="/portal/admin/clients/$clientId" params={{ clientId: id }}>
        {name}
      </RouterLink>
    </Link>
  );
}
