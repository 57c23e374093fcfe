import { Card, Link, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuArrowLeft } from "react-icons/lu";
import { DataTable } from "../../components/DataTable";
import { LoadFailed } from "../../components/LoadFailed";
import { PageHeader } from "../../components/PageHeader";
import { ApiError } from "../../lib/api";

/**
 * A person's page in the admin console (a client's, a developer's): the link
 * back to their table, then a skeleton while loading, "not found" for a 404,
 * Retry for any other failure, and `children` with the loaded detail.
 */
export function PersonDetailFrame<T>({
  query,
  kind,
  backTo,
  backLabel,
  children,
}: {
  query: UseQueryResult<T>;
  kind: "Client" | "Developer";
  backTo: "/portal/admin/clients" | "/portal/admin/developers";
  backLabel: string;
  children: (detail: T, back: ReactNode) => ReactNode;
}) {
  const back = (
    <Link asChild variant="underline" fontSize="sm" mb="4">
      <RouterLink to={backTo}>
        <LuArrowLeft aria-hidden="true" />
        {backLabel}
      </RouterLink>
    </Link>
  );
  const lower = kind.toLowerCase();
  if (query.isPending) {
    return (
      <Stack aria-busy="true">
        {back}
        <VisuallyHidden role="status">Loading {lower}</VisuallyHidden>
        <Skeleton height="9" width="64" aria-hidden="true" />
        <Skeleton height="32" aria-hidden="true" />
      </Stack>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // A refetch that failed otherwise keeps the page it had: a dialog open on it keeps what is typed in it.
  if (query.isError && (missing || query.data === undefined)) {
    return (
      <Stack gap="4" align="start">
        {back}
        <PageHeader title={missing ? `${kind} not found` : kind} />
        {missing ? (
          <Text>{`This ${lower} does not exist or was deleted.`}</Text>
        ) : (
          <LoadFailed message={`This ${lower} could not be loaded.`} onRetry={() => query.refetch()} />
        )}
      </Stack>
    );
  }
  return (
    <>
      {query.isError && (
        <LoadFailed
          message={`This ${lower} could not be refreshed: what shows may be out of date.`}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {children(query.data as T, back)}
    </>
  );
}

export const newestShown = (limit: number) => `Showing the newest ${limit}.`;

/** A card of a person's page; `action` sits at the end of its heading's line. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" gap="3">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
        {action}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * One kind of a person's records, the newest `limit` (the server reads no more): when that many are
 * shown, the table says so, with `more`, a link to the whole list where the console has one.
 */
export function RecordTable({
  title,
  empty,
  headers,
  rows,
  limit,
  more,
}: {
  title: string;
  empty: string;
  headers: string[];
  rows: { id: string; cells: ReactNode[] }[];
  limit: number;
  more?: ReactNode;
}) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <DataTable.Root aria-label={title}>
          <DataTable.Head>
            {headers.map((header) => (
              <DataTable.ColumnHeader key={header}>{header}</DataTable.ColumnHeader>
            ))}
          </DataTable.Head>
          <DataTable.Body>
            {rows.map((row) => (
              <DataTable.Row key={row.id}>
                {row.cells.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                  <DataTable.Cell key={i} label={i === 0 ? undefined : headers[i]}>
                    {cell}
                  </DataTable.Cell>
                ))}
              </DataTable.Row>
            ))}
          </DataTable.Body>
        </DataTable.Root>
      )}
      {rows.length >= limit && (
        <Text fontSize="sm" color="fg.muted" mt="3">
          {newestShown(limit)} {more}
        </Text>
      )}
    </Section>
  );
}
