import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page } from "../../../common/api";
import type { ProjectFile } from "../../../common/files";
import { api } from "../../lib/api";

/** Project files (issue #8): the live key the server invalidates (server/data/files.ts, projectFilesKey). */
export const filesKey = (projectId: string) => ["projects", projectId, "files"] as const;

const FILES_PAGE = 20;
const filesPath = (projectId: string, cursor?: string | null) =>
  `/api/projects/${encodeURIComponent(projectId)}/files?limit=${FILES_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** The first page of a project's files, newest first; later pages are appended by loadMoreFiles. */
export const filesQuery = (projectId: string) => ({
  queryKey: filesKey(projectId) as unknown as readonly unknown[],
  queryFn: () => api.get<Page<ProjectFile>>(filesPath(projectId)),
});

export async function loadMoreFiles(client: QueryClient, projectId: string): Promise<void> {
  const key = filesKey(projectId);
  const cursor = client.getQueryData<Page<ProjectFile>>(key)?.next;
  if (!cursor) return;
  const page = await api.get<Page<ProjectFile>>(filesPath(projectId, cursor));
  client.setQueryData<Page<ProjectFile>>(key, (list) => {
    if (!list) return list;
    const known = new Set(list.items.map((item) => item.id));
    return { items: [...list.items, ...page.items.filter((item) => !known.has(item.id))], next: page.next };
  });
}

export const fileDownloadPath = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

export function useUploadFile(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      api.upload<ProjectFile>(`/api/projects/${encodeURIComponent(projectId)}/files`, file, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: filesKey(projectId), exact: true }),
  });
}

export function useDeleteFile(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<void>(fileDownloadPath(fileId)),
    onSuccess: (_data, fileId) =>
      client.setQueryData<Page<ProjectFile>>(
        filesKey(projectId),
        (list) => list && { ...list, items: list.items.filter((item) => item.id !== fileId) },
      ),
  });
}

/** A size for people: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
