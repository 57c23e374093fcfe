import { VisuallyHidden } from "@chakra-ui/react";
import { useAnnouncement } from "../lib/page-title";

/** Reads each new page's title aloud after a client-side navigation (see usePageTitle). */
export function RouteAnnouncer() {
  const text = useAnnouncement();
  return (
    <VisuallyHidden aria-live="assertive" aria-atomic="true" data-testid="route-announcer">
      {text}
    </VisuallyHidden>
  );
}
