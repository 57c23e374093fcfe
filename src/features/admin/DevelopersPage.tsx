import { Badge, Button, HStack, Link, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { useEffect } from "react";
import { LuTrash2, LuUserCog } from "react-icons/lu";
import type { AdminDeveloper, DeveloperSort, DevelopersQuery } from "../../../common/admin";
import { formatDate } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toaster } from "../../components/Toaster";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { type AdminColumn, AdminTable } from "./AdminTable";
import { developersQueryOptions, useDeleteDeveloper, useReactivateDeveloper } from "./people-api";

export const DELETE_DEVELOPER_QUESTION = "Are you sure you want to delete this developer?";
export const DELETE_DEVELOPER_NOTE =
  "A developer on projects or with tasks, messages or milestones is deactivated instead: they can no longer sign in, and their records are kept.";

/** Admin › Developers (issue #7): the developers table with search, sort, pages and delete. */
export function DevelopersPage({
  query,
  onQueryChange,
}: {
  query: DevelopersQuery;
  onQueryChange: (next: Partial<DevelopersQuery>) => void;
}) {
  const developers = useQuery(developersQueryOptions(query));

  useEffect(() => {
    if (developers.isError)
      toaster.create({ type: "error", title: TOAST.error, description: TOAST.developersLoadFailed });
  }, [developers.isError]);

  const columns: AdminColumn<AdminDeveloper, DeveloperSort>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      cell: (developer) => (
        <HStack gap="2">
          <Text fontWeight="medium">{developer.fullName}</Text>
          {developer.archivedAt && (
            <Badge colorPalette="gray" variant="surface">
              Deactivated
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: "email", header: "E-mail", cell: (developer) => developer.email },
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
      searchLabel="Search by name or e-mail"
      empty={{
        title: "No developers yet",
        text: "Developers appear here once an administrator adds them.",
        icon: <LuUserCog aria-hidden="true" />,
      }}
    />
  );
}

function DeveloperActions({ developer }: { developer: AdminDeveloper }) {
  const remove = useDeleteDeveloper();
  const reactivate = useReactivateDeveloper();
  return (
    <HStack gap="2" justify="end">
      <Link asChild variant="underline" fontSize="sm">
        <RouterLink to="/portal/admin/developers/$developerId" params={{ developerId: developer.id }}>
          View
          <HiddenName name={developer.fullName} />
        </RouterLink>
      </Link>
      {developer.archivedAt ? (
        <Button
          size="xs"
          variant="outline"
          loading={reactivate.isPending}
          onClick={(event) => {
            keepPlace(event.currentTarget);
            reactivate.mutate(developer.id, {
              onSuccess: () => toaster.create({ type: "success", title: TOAST.developerReactivated }),
              onError: () =>
                toaster.create({ type: "error", title: TOAST.error, description: TOAST.developerReactivateFailed }),
            });
          }}
        >
          Reactivate
          <HiddenName name={developer.fullName} />
        </Button>
      ) : (
        <ConfirmDialog
          question={DELETE_DEVELOPER_QUESTION}
          description={`${developer.fullName} (${developer.email}). ${DELETE_DEVELOPER_NOTE}`}
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutateAsync(developer.id, {
              onSuccess: (result) =>
                toaster.create({
                  type: "success",
                  title: result.outcome === "deleted" ? TOAST.developerDeleted : TOAST.developerDeactivated,
                }),
              onError: () =>
                toaster.create({ type: "error", title: TOAST.error, description: TOAST.developerDeleteFailed }),
            })
          }
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              <LuTrash2 aria-hidden="true" />
              Delete
              <HiddenName name={developer.fullName} />
            </Button>
          }
        />
      )}
    </HStack>
  );
}

/** Names the row's person for screen readers, so "Delete" buttons differ. */
export function HiddenName({ name }: { name: string }) {
  return (
    <Text as="span" srOnly>
      {` ${name}`}
    </Text>
  );
}
