import { Button } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { LuDownload, LuUsers } from "react-icons/lu";
import type { AdminClient, ClientSort, ClientsQuery } from "../../../common/admin";
import { formatDate } from "../../../common/format";
import { useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { toastFailure, useLoadFailedToast } from "../../lib/toasts";
import { REACTIVATE_TEXTS } from "./Account";
import { type AdminColumn, AdminTable, type QueryChange } from "./AdminTable";
import { adminClientsKey, adminPeopleKey, clientsQueryOptions, useExportClients } from "./api";
import { DELETE_CLIENT_NOTE, DELETE_CLIENT_QUESTION } from "./labels";
import { type PersonActionTexts, PersonName, PersonRowActions } from "./PersonRow";
import { useDeleteClient, useReactivate } from "./people-api";

/** Admin › Clients (issue #7): the clients table with search, sort, pages, CSV export and delete. */
export function ClientsPage({
  query,
  onQueryChange,
}: {
  query: ClientsQuery;
  onQueryChange: QueryChange<ClientsQuery>;
}) {
  const clients = useQuery(clientsQueryOptions(query));
  useLiveRefetch(adminPeopleKey, adminClientsKey);
  const exportClients = useExportClients();

  useLoadFailedToast(clients.isError, TOAST.clientsLoadFailed);

  const columns: AdminColumn<AdminClient, ClientSort>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      cell: (client) => <PersonName person={client} />,
    },
    { key: "company", header: "Company", sort: "company", wrap: true, cell: (client) => client.companyName ?? "—" },
    { key: "joined", header: "Joined", sort: "joined", cell: (client) => formatDate(client.createdAt) },
    {
      key: "actions",
      header: "Actions",
      align: "end",
      actions: true,
      cell: (client) => <ClientActions client={client} />,
    },
  ];

  return (
    <AdminTable
      caption="All clients"
      columns={columns}
      query={query}
      onQueryChange={onQueryChange}
      data={clients.data}
      pending={clients.isPending}
      error={clients.isError}
      onRetry={() => clients.refetch()}
      search={{ label: "Search by name, e-mail or company", placeholder: "Name, e-mail or company" }}
      empty={{
        title: "No clients yet",
        text: "Clients appear here once they sign up for the portal.",
        icon: <LuUsers aria-hidden="true" />,
      }}
      toolbar={
        <Button
          size="sm"
          variant="outline"
          loading={exportClients.isPending}
          onClick={() =>
            exportClients.mutate(
              { sort: query.sort, dir: query.dir, q: query.q },
              {
                onError: () => toastFailure(TOAST.clientsExportFailed),
              },
            )
          }
        >
          <LuDownload aria-hidden="true" />
          Export CSV
        </Button>
      }
    />
  );
}

const CLIENT_ACTION_TEXTS: PersonActionTexts = {
  deleteQuestion: DELETE_CLIENT_QUESTION,
  deleteNote: DELETE_CLIENT_NOTE,
  deleted: TOAST.clientDeleted,
  deactivated: TOAST.clientDeactivated,
  deleteFailed: TOAST.clientDeleteFailed,
  ...REACTIVATE_TEXTS.clients,
};

function ClientActions({ client }: { client: AdminClient }) {
  return (
    <PersonRowActions
      person={client}
      remove={useDeleteClient()}
      reactivate={useReactivate("clients")}
      texts={CLIENT_ACTION_TEXTS}
      viewLink={(children) => (
        <RouterLink to="/portal/admin/clients/$clientId" params={{ clientId: client.id }}>
          {children}
        </RouterLink>
      )}
    />
  );
}
