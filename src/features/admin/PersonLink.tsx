import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";

/**
 * A client's or a developer's name in an administrator's screens, as a link to their page (Admin ›
 * Clients or Developers › the person). Inline, so a long name wraps with the text around it.
 */
export function PersonLink({ id, name, kind }: { id: string; name: string; kind: "client" | "developer" }) {
  return (
    <Link asChild variant="underline" display="inline">
      {kind === "client" ? (
        <RouterLink to="/portal/admin/clients/$clientId" params={{ clientId: id }}>
          {name}
        </RouterLink>
      ) : (
        <RouterLink to="/portal/admin/developers/$developerId" params={{ developerId: id }}>
          {name}
        </RouterLink>
      )}
    </Link>
  );
}

/** A client's name as a link to their page. */
export const ClientLink = ({ id, name }: { id: string; name: string }) => (
  <PersonLink id={id} name={name} kind="client" />
);
