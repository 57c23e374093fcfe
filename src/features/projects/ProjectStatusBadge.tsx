import { Badge } from "@chakra-ui/react";
import type { ProjectStatus } from "../../../common/domain";

/** Spec §4: active, completed, on_hold, cancelled → default, secondary, outline, destructive. */
const styles: Record<ProjectStatus, { label: string; variant: "solid" | "subtle" | "outline"; colorPalette: string }> =
  {
    active: { label: "Active", variant: "solid", colorPalette: "brand" },
    completed: { label: "Completed", variant: "subtle", colorPalette: "gray" },
    on_hold: { label: "On Hold", variant: "outline", colorPalette: "gray" },
    cancelled: { label: "Cancelled", variant: "solid", colorPalette: "red" },
  };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const style = styles[status];
  return (
    <Badge variant={style.variant} colorPalette={style.colorPalette} flexShrink="0">
      {style.label}
    </Badge>
  );
}
