import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { LuUserCog } from "react-icons/lu";
import type { AdminDeveloper, DeveloperSort, DevelopersQuery } from "../../../common/admin";
import { formatDate } from "../../../common/format";
import { useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useLoadFailedToast } from "../../lib/toasts";
import { REACTIVATE_TEXTS } from "./Account";
import { type AdminColumn, AdminTable, type QueryChange } from "./AdminTable";
import { adminPeopleKey } from "./api";
import { DELETE_DEVELOPER_NOTE, DELETE_DEVELOPER_QUESTION } from "./labels";
import { type PersonActionTexts, PersonName, PersonRowActions } from "./PersonRow";
import { adminDevelopersKey, developersQueryOptions, useDeleteDeveloper, useReactivate } from "./people-api";

/** Admin › Developers (issue #7): the developers table with search, sort, pages and delete. */
export function DevelopersPage({
  query,
  onQueryChange,
}: {
  query: DevelopersQuery;
  onQueryChange: QueryChange<DevelopersQuery>;
}) {
  const developers = useQuery(developersQueryOptions(query));
  useLiveRefetch(adminPeopleKey, adminDevelopersKey);

  useLoadFailedToast(developers.isError, TOAST.developersLoadFailed);

  const columns: AdminColumn<AdminDeveloper, DeveloperSort>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      // The e-mail under the name, as on Clients and Staff: a column of its own could not be sorted by.
      cell: (developer) => <PersonName person={developer} />,
    },
    { key: "joined", header: "Joined", sort: "joined", cell: (developer) => formatDate(developer.createdAt) },
    {
      key: "actions",
      header: "Actions",
      align: "end",
      actions: true,
      cell: (developer) => <DeveloperActions developer={developer} />,
    },
  ];

  return (
    <AdminTable
      caption="All developers"
      columns={columns}
      query={query}
      onQueryChange={onQueryChange}
      data={developers.data}
      pending={developers.isPending}
      error={developers.isError}
      onRetry={() => developers.refetch()}
      search={{ label: "Search by name or e-mail", placeholder: "Name or e-mail" }}
      empty={{
        title: "No developers yet",
        text: "Developers appear here once an administrator adds them.",
        icon: <LuUserCog aria-hidden="true" />,
      }}
    />
  );
}

const DEVELOPER_ACTION_TEXTS: PersonActionTexts = {
  deleteQuestion: DELETE_DEVELOPER_QUESTION,
  deleteNote: DELETE_DEVELOPER_NOTE,
  deleted: TOAST.developerDeleted,
  deactivated: TOAST.developerDeactivated,
  deleteFailed: TOAST.developerDeleteFailed,
  ...REACTIVATE_TEXTS.developers,
};

function DeveloperActions({ developer }: { developer: AdminDeveloper }) {
  return (
    <PersonRowActions
      person={developer}
      remove={useDeleteDeveloper()}
      reactivate={useReactivate("developers")}
      texts={DEVELOPER_ACTION_TEXTS}
      viewLink={(children) => (
        <RouterLink to="/portal/admin/developers/$developerId" params={{ developerId: developer.id }}>
          {children}
        </RouterLink>
      )}
    />
  );
}
