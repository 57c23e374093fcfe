import { HStack, Progress } from "@chakra-ui/react";
import { useRef, useState } from "react";
import type { ProjectFile } from "../../../common/files";
import { ApiError } from "../../lib/api";
import { TOAST } from "../../lib/messages";
import { toastFailure } from "../../lib/toasts";
import { useUploadFile } from "./files";

export type UploadProgressState = { name: string; fraction: number } | null;

/**
 * The one way the SPA uploads a project file (the Files panel and a
 * message's attachments): one file at a time, its progress, and the error
 * toast. `start` resolves to the stored file, or undefined when the upload
 * failed (already told) or another was still running.
 */
/**
 * The files a file input was given, taken once: the input is emptied as they are read, so a second
 * call for the same choice finds none. One choice of two files was seen to reach onChange twice (a
 * browser journey; its input and change events, it seems): read twice, every file was started twice,
 * the second start refused while the first uploaded. Emptied, the input also takes the same files again.
 */
export function takeChosenFiles(input: HTMLInputElement): File[] {
  const files = [...(input.files ?? [])];
  input.value = "";
  return files;
}

export function useFileUpload(projectId: string) {
  const upload = useUploadFile(projectId);
  const [progress, setProgress] = useState<UploadProgressState>(null);
  /** Synchronous: a second file chosen before React re-renders must wait its turn, not race. */
  const busy = useRef(false);

  async function start(file: File): Promise<ProjectFile | undefined> {
    if (busy.current) {
      // Said, not dropped without a word: a file given in the moment between two others' uploads.
      toastFailure(TOAST.uploadUnderWay);
      return undefined;
    }
    busy.current = true;
    setProgress({ name: file.name, fraction: 0 });
    try {
      return await upload.mutateAsync({ file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) });
    } catch (error) {
      toastFailure(error instanceof ApiError && error.status !== 0 ? error.message : TOAST.fileUploadFailed);
      return undefined;
    } finally {
      busy.current = false;
      setProgress(null);
    }
  }

  return { progress, start, busy: progress !== null };
}

/**
 * The progress bar of the upload running, if any, labelled with its file ("Uploading report.pdf"): the
 * progressbar (Ark's track) carries the name, and its percentage is not a live region, so that a screen
 * reader is not read every step of it (the bar's value says it when asked; a toast says when it is done).
 */
export function UploadProgress({ progress, verb = "Uploading" }: { progress: UploadProgressState; verb?: string }) {
  if (!progress) return null;
  return (
    <Progress.Root value={Math.round(progress.fraction * 100)} colorPalette="brand" size="sm">
      <HStack justify="space-between">
        <Progress.Label fontSize="sm">
          {verb} {progress.name}
        </Progress.Label>
        <Progress.ValueText fontSize="sm" aria-live="off" />
      </HStack>
      <Progress.Track aria-label={`${verb} ${progress.name}`}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
