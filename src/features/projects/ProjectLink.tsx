import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";

/**
 * A project's title as a link to its page, in a table cell or a line of text; without an `id` (no
 * project, or one the reader may not open) the title alone, or `none` when there is no project.
 * Inline, so a long title wraps with the text around it rather than onto a line of its own.
 */
export function ProjectLink({ id, title, none = "—" }: { id: string | null; title: string | null; none?: string }) {
  if (!id || !title) return title ?? none;
  return (
    <Link asChild variant="underline" display="inline">
      <RouterLink to="/portal/projects/$projectId" params={{ projectId: id }}>
        {title}
      </RouterLink>
    </Link>
  );
}
