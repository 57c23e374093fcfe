import { type QueryFunctionContext, useMutation, useQueryClient } from "@tanstack/react-query";
import { FILES_PAGE_SIZE } from "../../../common/domain";
import type { ProjectFile } from "../../../common/files";
import { api } from "../../lib/api";
import { cursorPages, readShownPages, type ShownPages, useLoadMore } from "../../lib/shown-pages";

/** Project files (issue #8): the live key the server invalidates (server/data/files.ts, projectFilesKey). */
export const filesKey = (projectId: string) => ["projects", projectId, "files"] as const;

const fetchFilesPage = (projectId: string) =>
  cursorPages<ProjectFile>(`/api/projects/${encodeURIComponent(projectId)}/files`);

/** A project's files, newest first, a page at a time (`ShownPages`: a live refetch keeps the pages shown). */
export const filesQuery = (projectId: string) => ({
  queryKey: filesKey(projectId) as unknown as readonly unknown[],
  queryFn: ({ client }: QueryFunctionContext) =>
    readShownPages(
      client.getQueryData<ShownPages<ProjectFile>>(filesKey(projectId)),
      FILES_PAGE_SIZE,
      fetchFilesPage(projectId),
    ),
});

/** "Show more files": the next page appended (`useLoadMore`). */
export const useLoadMoreFiles = (projectId: string) =>
  useLoadMore(filesKey(projectId), FILES_PAGE_SIZE, fetchFilesPage(projectId));

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
      client.setQueryData<ShownPages<ProjectFile>>(
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
