import { Button } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { IconType } from "react-icons";

/** A page's main action that opens another page (`PageHeader`'s `action`): a brand button that is a link. */
export function PageActionLink({
  to,
  icon: Icon,
  label,
  secondary = false,
}: {
  to: NonNullable<LinkProps["to"]>;
  icon: IconType;
  label: string;
  /** Beside the page's main action: drawn as an outline. */
  secondary?: boolean;
}) {
  return (
    <Button asChild colorPalette="brand" size="sm" variant={secondary ? "outline" : "solid"}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
