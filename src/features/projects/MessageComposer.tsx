import { Box, Button, Flex, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { LuPaperclip, LuSend, LuX } from "react-icons/lu";
import type { MessageFile } from "../../../common/api";
import { MESSAGE_MAX_LENGTH } from "../../../common/domain";
import { countOf, formatInteger } from "../../../common/format";
import { MESSAGE_FILES_MAX } from "../../../common/schemas";
import { isBlank } from "../../../common/text";
import { FormField, TextArea } from "../../components/FormField";
import { AttachFileButton } from "./AttachFileButton";
import { formatFileSize } from "./files";
import { useTypingSignal } from "./presence";
import { UploadProgress, useFileUpload } from "./uploads";

/**
 * A project thread's send box (spec §2): the text (Enter sends, Shift+Enter adds a line), the files
 * attached first and sent with it, and Send. Nothing is sent while the text is blank and no file is
 * attached, while a file is still uploading, or while the last message is `sending`. The project's
 * viewers are told while the person types. `onSend` gets the trimmed text and the files; when it
 * declines (a send already on its way), what was typed stays. A message the server refused comes back
 * (`returned`) before anything typed since, its files beside those attached since.
 */
export type Draft = { message: string; files: MessageFile[] };

export function MessageComposer({
  projectId,
  ready,
  sending,
  onSend,
  announce,
  returned,
  onReturned,
}: {
  projectId: string;
  /** Whether the person is known yet (their messages carry their name). */
  ready: boolean;
  sending: boolean;
  onSend: (message: string, files: MessageFile[]) => boolean;
  /** Tells a screen reader what happened to the attachments (the thread's live region). */
  announce: (text: string) => void;
  returned: Draft | null;
  onReturned: () => void;
}) {
  const [text, setText] = useState("");
  /** Uploaded already, to be sent with the next message; shown as removable chips. */
  const [attachments, setAttachments] = useState<MessageFile[]>([]);
  const uploader = useFileUpload(projectId);
  const attachButton = useRef<HTMLButtonElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  const typing = useTypingSignal(projectId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per message given back
  useEffect(() => {
    if (!returned) return;
    setText((current) => (isBlank(current) ? returned.message : `${returned.message}\n\n${current}`));
    setAttachments((current) => [...returned.files, ...current]);
    onReturned();
    composer.current?.querySelector("textarea")?.focus();
  }, [returned]);

  const trimmed = text.trim();
  // Blank includes zero-width characters: the server refuses those as empty too.
  // A message may be only its files; none is sent while one is still uploading.
  const canSend = (!isBlank(trimmed) || attachments.length > 0) && !uploader.busy && !sending && ready;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend || !onSend(isBlank(trimmed) ? "" : trimmed, attachments)) return;
    setText("");
    setAttachments([]);
    typing.stopped();
    // Send is disabled until something new is typed: focus left on it (a keyboard's Enter) was dropped to
    // the page's body. The text box is where the next message starts.
    composer.current?.querySelector("textarea")?.focus();
  }

  function removeAttachment(file: MessageFile) {
    setAttachments((current) => current.filter((item) => item !== file));
    announce(`Removed ${file.name} from the message`);
    // The chip and its button are gone: focus goes back to where files are attached, once re-rendered
    // (Attach is enabled again when the tenth file is removed), or to the text while Attach is busy.
    requestAnimationFrame(() => {
      const attach = attachButton.current;
      if (attach && !attach.disabled) attach.focus();
      else composer.current?.querySelector("textarea")?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter adds a line; never interrupt an IME composition.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form method="post" ref={composer} onSubmit={submit}>
      <Flex gap="3" align="end" direction={{ base: "column", sm: "row" }}>
        <Box flex="1" w="full">
          <FormField label="Message" helperText={messageHint(text.length)}>
            <TextArea
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value.trim()) typing.typed();
                else typing.stopped();
              }}
              onKeyDown={onKeyDown}
              placeholder="Write a message…"
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              resize="vertical"
            />
          </FormField>
        </Box>
        <AttachFileButton
          ref={attachButton}
          uploader={uploader}
          room={MESSAGE_FILES_MAX - attachments.length}
          onAttached={(file) => {
            const { id, name, size, contentType } = file;
            setAttachments((current) => [...current, { id, name, size, contentType }]);
            announce(`Attached ${name}`);
          }}
        />
        <Button type="submit" colorPalette="brand" disabled={!canSend} loading={sending} mb={{ sm: "7" }}>
          <LuSend aria-hidden="true" />
          Send
        </Button>
      </Flex>
      <Stack gap="2" mt="2">
        <UploadProgress progress={uploader.progress} verb="Attaching" />
        {attachments.length > 0 && <PendingAttachments files={attachments} onRemove={removeAttachment} />}
      </Stack>
    </form>
  );
}

/** The files the next message will carry, before it is sent: each a chip with its own Remove button. */
function PendingAttachments({ files, onRemove }: { files: MessageFile[]; onRemove: (file: MessageFile) => void }) {
  return (
    <HStack as="ul" aria-label="Files to send" gap="2" wrap="wrap" listStyleType="none">
      {files.map((file) => (
        <HStack
          as="li"
          key={file.id ?? file.name}
          gap="1"
          borderWidth="1px"
          borderRadius="full"
          ps="3"
          pe="1"
          py="0.5"
          fontSize="sm"
          maxW="full"
        >
          <LuPaperclip aria-hidden="true" />
          <Text truncate>{file.name}</Text>
          {file.size !== null && (
            <Text color="fg.muted" flexShrink="0">
              {formatFileSize(file.size)}
            </Text>
          )}
          <IconButton
            size="2xs"
            variant="ghost"
            borderRadius="full"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(file)}
          >
            <LuX aria-hidden="true" />
          </IconButton>
        </HStack>
      ))}
    </HStack>
  );
}

const SEND_HINT = "Press Enter to send, Shift+Enter for a new line.";
/** Shown from 90% of the limit on, so text cut at the limit (a long paste) never goes unnoticed. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

export function messageHint(length: number): string {
  if (length < COUNTER_FROM) return SEND_HINT;
  const left = MESSAGE_MAX_LENGTH - length;
  if (left <= 0) return `${SEND_HINT} You have reached the ${formatInteger(MESSAGE_MAX_LENGTH)}-character limit.`;
  return `${SEND_HINT} ${countOf(left, "character")} left.`;
}
