import { Badge } from "@chakra-ui/react";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "../../../common/domain";

/** Spec §4: active, completed, on_hold, cancelled → default, secondary, outline, destructive. */
const styles: Record<ProjectStatus, { variant: "solid" | "subtle" | "outline"; colorPalette: string }> = {
  active: { variant: "solid", colorPalette: "brand" },
  completed: { variant: "subtle", colorPalette: "gray" },
  on_hold: { variant: "outline", colorPalette: "gray" },
  cancelled: { variant: "solid", colorPalette: "red" },
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const style = styles[status];
  return (
    <Badge variant={style.variant} colorPalette={style.colorPalette} flexShrink="0">
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
