import { Badge, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { useEffect } from "react";
import { LuDownload, LuTrash2, LuUsers } from "react-icons/lu";
import type { AdminClient, ClientSort, ClientsQuery } from "../../../common/admin";
import { formatDate } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toaster } from "../../components/Toaster";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { type AdminColumn, AdminTable } from "./AdminTable";
import { clientsQueryOptions, useDeleteClient, useExportClients, useReactivateClient } from "./api";

export const DELETE_CLIENT_QUESTION = "Are you sure you want to delete this client?";
export const DELETE_CLIENT_NOTE =
  "A client with projects, invoices, orders or messages is deactivated instead: they can no longer sign in, and their records are kept.";

/** Admin › Clients (issue #7): the clients table with search, sort, pages, CSV export and delete. */
export function ClientsPage({
  query,
  onQueryChange,
}: {
  query: ClientsQuery;
  onQueryChange: (next: Partial<ClientsQuery>) => void;
}) {
  const clients = useQuery(clientsQueryOptions(query));
  const exportClients = useExportClients();

  useEffect(() => {
    if (clients.isError) toaster.create({ type: "error", title: TOAST.error, description: TOAST.clientsLoadFailed });
  }, [clients.isError]);

  const columns: AdminColumn<AdminClient, ClientSort>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      cell: (client) => (
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="medium">{client.fullName}</Text>
            {client.archivedAt && (
              <Badge colorPalette="gray" variant="surface">
                Deactivated
              </Badge>
            )}
          </HStack>
          <Text color="fg.muted" fontSize="xs">
            {client.email}
          </Text>
        </Stack>
      ),
    },
    { key: "company", header: "Company", sort: "company", cell: (client) => client.companyName ?? "—" },
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
      searchLabel="Search by name, e-mail or company"
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
                onError: () =>
                  toaster.create({ type: "error", title: TOAST.error, description: TOAST.clientsExportFailed }),
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

function ClientActions({ client }: { client: AdminClient }) {
  const remove = useDeleteClient();
  const reactivate = useReactivateClient();
  return (
    <HStack gap="2" justify="end">
      <Link asChild variant="underline" fontSize="sm">
        <RouterLink to="/portal/admin/clients/$clientId" params={{ clientId: client.id }}>
          View
          <VisuallyHiddenName name={client.fullName} />
        </RouterLink>
      </Link>
      {client.archivedAt ? (
        <Button
          size="xs"
          variant="outline"
          loading={reactivate.isPending}
          onClick={(event) => {
            keepPlace(event.currentTarget);
            reactivate.mutate(client.id, {
              onSuccess: () => toaster.create({ type: "success", title: TOAST.clientReactivated }),
              onError: () =>
                toaster.create({ type: "error", title: TOAST.error, description: TOAST.clientReactivateFailed }),
            });
          }}
        >
          Reactivate
          <VisuallyHiddenName name={client.fullName} />
        </Button>
      ) : (
        <ConfirmDialog
          question={DELETE_CLIENT_QUESTION}
          description={`${client.fullName} (${client.email}). ${DELETE_CLIENT_NOTE}`}
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutateAsync(client.id, {
              onSuccess: (result) =>
                toaster.create({
                  type: "success",
                  title: result.outcome === "deleted" ? TOAST.clientDeleted : TOAST.clientDeactivated,
                }),
              onError: () =>
                toaster.create({ type: "error", title: TOAST.error, description: TOAST.clientDeleteFailed }),
            })
          }
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              <LuTrash2 aria-hidden="true" />
              Delete
              <VisuallyHiddenName name={client.fullName} />
            </Button>
          }
        />
      )}
    </HStack>
  );
}

/** Names the row's client for screen readers, so "Delete" buttons differ. */
function VisuallyHiddenName({ name }: { name: string }) {
  return (
    <Text as="span" srOnly>
      {` ${name}`}
    </Text>
  );
}
