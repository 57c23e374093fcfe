import { Button, Link } from "@chakra-ui/react";
import { Fragment, type Ref, useRef } from "react";
import { LuPaperclip } from "react-icons/lu";
import { FILE_ACCEPT } from "../../../common/file-types";
import type { ProjectFile } from "../../../common/files";
import { MESSAGE_TOO_MANY_FILES } from "../../../common/schemas";
import { toastFailure } from "../../lib/toasts";
import { takeChosenFiles, type useFileUpload } from "./uploads";

/**
 * The composer's Attach button (issue #8): each chosen file is uploaded to the
 * project's Files (the same rules, limit and type check, through the Files
 * panel's uploader) and handed to `onAttached`, which shows it as a pending
 * chip; the message is sent with the files' ids. `room`: how many more files
 * the message may take.
 */
export function AttachFileButton({
  ref,
  uploader,
  room,
  onAttached,
}: {
  ref?: Ref<HTMLButtonElement>;
  uploader: ReturnType<typeof useFileUpload>;
  room: number;
  onAttached: (file: ProjectFile) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const percent = uploader.progress ? Math.round(uploader.progress.fraction * 100) : null;

  async function attach(files: File[]) {
    if (files.length > room) toastFailure(MESSAGE_TOO_MANY_FILES);
    // One at a time, in the order chosen: each shows its own progress.
    for (const file of files.slice(0, room)) {
      const stored = await uploader.start(file);
      if (stored) onAttached(stored);
    }
  }

  return (
    <>
      <Button
        ref={ref}
        type="button"
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={room <= 0}
        loading={percent !== null}
        loadingText={percent !== null ? `Attaching ${percent}%` : undefined}
        mb={{ sm: "7" }}
      >
        <LuPaperclip aria-hidden="true" />
        Attach
      </Button>
      <input
        ref={input}
        type="file"
        accept={FILE_ACCEPT}
        multiple
        hidden
        aria-label="Choose files to attach"
        data-testid="attach-input"
        onChange={(event) => {
          const files = takeChosenFiles(event.target);
          if (files.length > 0) void attach(files);
        }}
      />
    </>
  );
}

const FILE_LINK = /(https?:\/\/[^\s/]+\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/**
 * A message's text with links to this site's project files made clickable
 * (downloads): messages written before files were attached by id named them
 * by link. Everything else as written.
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(FILE_LINK);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => {
        const ours = index % 2 === 1 && sameOrigin(part);
        return ours ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <Link key={index} href={new URL(part).pathname} download colorPalette="brand" wordBreak="break-all">
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <Fragment key={index}>{part}</Fragment>
        );
      })}
    </>
  );
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}
