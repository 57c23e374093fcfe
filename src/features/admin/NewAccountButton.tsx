import { Button, HStack } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuUserPlus } from "react-icons/lu";
import { PageHeader } from "../../components/PageHeader";

/** A people page's heading with its "Add …" action beside it (issue #7). */
export function PeopleHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <HStack justify="space-between" align="start" wrap="wrap" gap="3">
      <PageHeader title={title} description={description} />
      {action}
    </HStack>
  );
}

/** The link to a new-account form, styled as the page's main button. */
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
