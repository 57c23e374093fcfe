import { Button } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { IconType } from "react-icons";

/** A page's main action that opens another page (`PageHeader`'s `action`): a brand button that is a link. */
export function PageActionLink({
  to,
  icon: Icon,
  label,
}: {
  to: NonNullable<LinkProps["to"]>;
  icon: IconType;
  label: string;
}) {
  return (
    <Button asChild colorPalette="brand" size="sm">
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
