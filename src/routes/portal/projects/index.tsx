import { createFileRoute, type SearchSchemaInput } from "@tanstack/react-router";
import { LuFolderPlus } from "react-icons/lu";
import { searchTextOf } from "../../../../common/admin-table";
import { PROJECT_STATUSES, type Role } from "../../../../common/domain";
import { PageActionLink } from "../../../components/PageActionLink";
import { PageHeader } from "../../../components/PageHeader";
import { ProjectsList } from "../../../features/projects/ProjectsList";
import { statusSearch } from "../../../lib/status-search";

/** Who is reading decides whose projects these are. */
const DESCRIPTIONS: Record<Role, string> = {
  client: "Follow the progress of your projects and talk to the team.",
  developer: "The projects you are assigned to, newest first.",
  admin: "Every client's projects, newest first.",
};

/** Searched, the list is in title order (server/data/projects.ts titleOrder), and says so. */
const SEARCHED_DESCRIPTIONS: Partial<Record<Role, (q: string) => string>> = {
  developer: (q) => `The projects you are assigned to whose title starts with “${q}”, A to Z.`,
  admin: (q) => `Every client's projects whose title starts with “${q}”, A to Z.`,
};

export const Route = createFileRoute("/portal/projects/")({
  validateSearch: (raw: { status?: unknown; q?: unknown } & SearchSchemaInput) => ({
    ...statusSearch(PROJECT_STATUSES)(raw),
    q: searchTextOf(raw.q),
  }),
  component: ProjectsPage,
});

function ProjectsPage() {
  const { me } = Route.useRouteContext();
  const { status, q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Projects"
        description={(q && SEARCHED_DESCRIPTIONS[me.role]?.(q)) || DESCRIPTIONS[me.role]}
        action={
          me.role === "admin" && (
            <PageActionLink to="/portal/admin/projects/new" icon={LuFolderPlus} label="New project" />
          )
        }
      />
      <ProjectsList
        status={status}
        onStatusChange={(next) => navigate({ search: (prev) => ({ ...prev, status: next }) })}
        // A client's few projects need no search; an administrator's or a developer's may be thousands.
        search={
          me.role === "client"
            ? undefined
            : { value: q, onChange: (next) => navigate({ search: (prev) => ({ ...prev, q: next || undefined }) }) }
        }
      />
    </>
  );
}
