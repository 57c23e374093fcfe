import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * A row saved through an edit form takes its copy's place in the cached pages under `key` (every list
 * the key begins, whatever its filters), as the server answered it: the form opened on it next sends
 * the version it now has (common/schemas.ts editedVersion), not the one the save replaced, which the
 * server would refuse as changed by someone else until the list's refetch landed.
 */
export function putSavedRow<T extends { id: string }>(queryClient: QueryClient, key: QueryKey, saved: T): void {
  queryClient.setQueriesData<InfiniteData<{ items: T[] }>>({ queryKey: key }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === saved.id ? saved : item)),
          })),
        }
      : data,
  );
}
