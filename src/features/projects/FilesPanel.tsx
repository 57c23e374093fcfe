import {
  Box,
  Button,
  Card,
  Heading,
  HStack,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { type DragEvent, useRef, useState } from "react";
import { LuDownload, LuFiles, LuTrash2, LuUpload } from "react-icons/lu";
import { FILE_ACCEPT, FILE_KINDS_TEXT } from "../../../common/file-types";
import type { ProjectFile } from "../../../common/files";
import { formatDate } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyList } from "../../components/EmptyList";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { toaster } from "../../components/Toaster";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import type { ShownPages } from "../../lib/shown-pages";
import { failure, toastFailure, toastOutcome } from "../../lib/toasts";
import { fileDownloadPath, filesQuery, formatFileSize, useDeleteFile, useLoadMoreFiles } from "./files";
import { takeChosenFiles, UploadProgress, useFileUpload } from "./uploads";

export const NO_FILES = "No files yet";
export const DELETE_FILE_QUESTION = "Are you sure you want to delete this file?";

/**
 * Project files (issue #8, item 6): everyone on the project uploads (picker or
 * drag and drop, with a progress bar), lists, downloads; the uploader or an
 * administrator deletes. Live: an upload or deletion by anyone refreshes the list.
 */
export function FilesPanel({ projectId }: { projectId: string }) {
  const { data: me } = useMe();
  const files = useLiveQuery<ShownPages<ProjectFile>>(filesQuery(projectId), (data) => data);
  const more = useLoadMoreFiles(projectId);
  const uploader = useFileUpload(projectId);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = files.data?.items ?? [];

  /** Every file chosen or dropped, one at a time in their order: each shows its own progress. */
  async function send(chosen: File[]) {
    for (const file of chosen) {
      const stored = await uploader.start(file);
      if (stored) toaster.create({ type: "success", title: TOAST.fileUploaded, description: stored.name });
    }
  }

  function onDrop(event: DragEvent) {
    // Taken even while busy: a file dropped on a page the page does not take is opened by the browser.
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length === 0) return;
    if (uploader.busy) toastFailure(TOAST.uploadUnderWay);
    else void send(dropped);
  }

  return (
    <Card.Root as="section" aria-labelledby="files-heading">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="files-heading">
            Files
          </Heading>
          <Button colorPalette="brand" size="sm" onClick={() => input.current?.click()} disabled={uploader.busy}>
            <LuUpload aria-hidden="true" />
            Upload file
          </Button>
          <input
            ref={input}
            type="file"
            accept={FILE_ACCEPT}
            multiple
            hidden
            aria-label="Choose files to upload"
            data-testid="file-input"
            onChange={(event) => {
              const chosen = takeChosenFiles(event.target);
              if (chosen.length > 0) void send(chosen);
            }}
          />
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? "colorPalette.solid" : "border"}
          colorPalette="brand"
          borderRadius="md"
          p="4"
          textAlign="center"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="file-drop"
        >
          <Text fontSize="sm" color="fg.muted">
            {/* A touch screen has no file to drag: there it reads "Upload file: PDF, …". */}
            <Box as="span" css={{ "@media (pointer: coarse)": { display: "none" } }}>
              Drop a file here, or use{" "}
            </Box>
            Upload file: {FILE_KINDS_TEXT}.
          </Text>
        </Box>
        <UploadProgress progress={uploader.progress} />
        {files.isPending ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading files</VisuallyHidden>
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        ) : !files.data ? (
          <LoadFailed message="Failed to load files." onRetry={() => files.refetch()} />
        ) : list.length === 0 ? (
          <EmptyList
            icon={LuFiles}
            size="sm"
            title={NO_FILES}
            description="Files shared on this project appear here: briefs, designs, contracts and reports."
          />
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Files">
            {list.map((file) => (
              <FileItem
                key={file.id}
                projectId={projectId}
                file={file}
                canDelete={me?.role === "admin" || (!!me && me.id === file.uploaderId)}
              />
            ))}
          </Stack>
        )}
        {files.data?.next && (
          <LoadMoreButton
            size="sm"
            alignSelf="start"
            loading={more.loading}
            onLoadMore={more.loadMore}
            failedText={TOAST.moreFilesFailed}
          >
            Show more files
          </LoadMoreButton>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function FileItem({ projectId, file, canDelete }: { projectId: string; file: ProjectFile; canDelete: boolean }) {
  const remove = useDeleteFile(projectId);
  return (
    <HStack as="li" gap="3" borderWidth="1px" borderRadius="md" p="3" justify="space-between" wrap="wrap">
      <Stack gap="0" minW="0">
        <Link href={fileDownloadPath(file.id)} download={file.name} fontWeight="medium" wordBreak="break-all">
          <LuDownload aria-hidden="true" />
          {file.name}
        </Link>
        <Text fontSize="sm" color="fg.muted">
          {formatFileSize(file.size)} · {file.uploaderName ?? "Former member"} · {formatDate(file.createdAt)}
        </Text>
      </Stack>
      {canDelete && (
        <ConfirmDialog
          question={DELETE_FILE_QUESTION}
          description={file.name}
          confirmLabel="Delete"
          onConfirm={() =>
            toastOutcome(remove.mutateAsync(file.id), {
              saved: { title: TOAST.fileDeleted },
              failed: failure(TOAST.fileDeleteFailed),
            })
          }
          trigger={
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Delete ${file.name}`}>
              <LuTrash2 aria-hidden="true" />
            </IconButton>
          }
        />
      )}
    </HStack>
  );
}
