import { Button } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { LuUserPlus } from "react-icons/lu";

/** The link to a new-account form, the people page's main action (`PageHeader`'s `action`). */
export function NewAccountButton({
  to,
  label,
}: {
  to: "/portal/admin/clients/new" | "/portal/admin/developers/new";
  label: string;
}) {
  return (
    <Button asChild colorPalette="brand" size="sm">
      <RouterLink to={to}>
        <LuUserPlus aria-hidden="true" />
        {label}
      </RouterLink>
    </Button>
  );
}
