import { Button, Link, Text, VisuallyHidden } from "@chakra-ui/react";
import { Fragment, useRef, useState } from "react";
import { LuPaperclip } from "react-icons/lu";
import { FILE_ACCEPT } from "../../../common/file-types";
import { toaster } from "../../components/Toaster";
import { ApiError } from "../../lib/api";
import { TOAST } from "../../lib/messages";
import { fileDownloadPath, useUploadFile } from "./files";

/**
 * A message's attachment (issue #8): the file is uploaded to the project's
 * Files (the same rules, limit and type check) and the message gets a line
 * naming it with its download link, which MessageText shows as a link.
 */
export function AttachFileButton({ projectId, onAttached }: { projectId: string; onAttached: (line: string) => void }) {
  const upload = useUploadFile(projectId);
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);

  async function attach(file: File) {
    setPercent(0);
    try {
      const stored = await upload.mutateAsync({
        file,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
      onAttached(`📎 ${stored.name}: ${window.location.origin}${fileDownloadPath(stored.id)}`);
    } catch (error) {
      toaster.create({
        type: "error",
        title: TOAST.error,
        description: error instanceof ApiError && error.status !== 0 ? error.message : TOAST.fileUploadFailed,
      });
    } finally {
      setPercent(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => input.current?.click()}
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
        hidden
        aria-label="Choose a file to attach"
        data-testid="attach-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void attach(file);
        }}
      />
      {percent !== null && (
        <VisuallyHidden role="status">
          <Text>Attaching file, {percent}%</Text>
        </VisuallyHidden>
      )}
    </>
  );
}

const FILE_LINK = /(https?:\/\/[^\s/]+\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** A message's text with links to this site's project files made clickable (downloads); everything else as written. */
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
