import { Badge, VisuallyHidden } from "@chakra-ui/react";
import { useLiveQuery } from "../../lib/live";
import { unreadQuery } from "./api";

/** How many unread messages a badge shows before "99+". */
const SHOWN_MAX = 99;
export const unreadLabel = (count: number) => (count > SHOWN_MAX ? `${SHOWN_MAX}+` : String(count));

/** The unread summary, live: a new message or a read in another tab makes the server push "refetch". */
export function useUnread() {
  return useLiveQuery(unreadQuery);
}

/** Beside "Projects" in the sidebar: every unread message on the person's projects; nothing when none. */
export function UnreadMessagesBadge({ collapsed }: { collapsed: boolean }) {
  const total = useUnread().data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge
      data-testid="unread-messages-badge"
      colorPalette="brand"
      variant="solid"
      size="sm"
      ms={collapsed ? "-2" : "auto"}
      flexShrink="0"
    >
      {unreadLabel(total)}
      <VisuallyHidden> unread messages</VisuallyHidden>
    </Badge>
  );
}

/** On a project card: that project's unread messages; nothing when none. */
export function ProjectUnreadBadge({ projectId }: { projectId: string }) {
  const count = useUnread().data?.projects.find((row) => row.projectId === projectId)?.unread ?? 0;
  if (count === 0) return null;
  return (
    <Badge data-testid="project-unread-badge" colorPalette="brand" variant="solid" size="sm">
      {unreadLabel(count)} unread
    </Badge>
  );
}
