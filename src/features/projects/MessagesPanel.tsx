import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { LuArrowDown, LuFileX, LuPaperclip, LuSend, LuX } from "react-icons/lu";
import type { MessageFile, PresenceViewer } from "../../../common/api";
import { MESSAGE_MAX_LENGTH, ROLE_LABELS } from "../../../common/domain";
import { formatDateTime, formatInteger } from "../../../common/format";
import { MESSAGE_FILES_MAX } from "../../../common/schemas";
import { isBlank } from "../../../common/text";
import { FormField, TextArea } from "../../components/FormField";
import { toaster } from "../../components/Toaster";
import { ApiError } from "../../lib/api";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { openedAtEndBeforeApp } from "../../ssr/portal-context";
import { AttachFileButton, MessageText } from "./AttachFileButton";
import {
  applyMessageChange,
  loadOlderMessages,
  messagesQuery,
  readStateQuery,
  type ShownMessage,
  useDiscardMessage,
  useMarkRead,
  useSendMessage,
} from "./api";
import { fileDownloadPath, formatFileSize } from "./files";
import { TypingIndicator, useTypingSignal } from "./presence";
import { UploadProgress, useFileUpload } from "./uploads";

/** Within this many pixels of the bottom the reader counts as following the thread. */
const NEAR_BOTTOM_PX = 48;

let localIds = 0;
const newLocalId = () => `local-${Date.now()}-${++localIds}`;

/**
 * Spec §2 project messages: the live thread (the newest page first, older
 * ones on request) and the send box. The person's own message shows at once,
 * marked sending, and stays with Retry if it could not be sent.
 */
export function MessagesPanel({ projectId, viewers }: { projectId: string; viewers?: PresenceViewer[] | undefined }) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const thread = useLiveQuery(messagesQuery(projectId), applyMessageChange);
  const send = useSendMessage(projectId, me);
  const discard = useDiscardMessage(projectId);
  const [text, setText] = useState("");
  /** Uploaded already, to be sent with the next message; shown as removable chips. */
  const [attachments, setAttachments] = useState<MessageFile[]>([]);
  const uploader = useFileUpload(projectId);
  const attachButton = useRef<HTMLButtonElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  const typing = useTypingSignal(projectId);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const scrollRef = useRef<HTMLDivElement>(null);
  /** Synchronous guards: a double click runs twice before React re-renders with `disabled`. */
  const sending = useRef(false);
  const atBottom = useRef(true);
  /** Set while older messages are put on top: the distance from the bottom to keep. */
  const keepFromBottom = useRef<number | null>(null);
  const lastId = useRef<string | undefined>(undefined);

  const items = thread.data?.items ?? [];
  const count = items.length;
  const newest = items.at(-1);
  const { dividerBefore, markShownRead } = useReadPoint(projectId, thread.isPending, items, me?.id, atBottom);

  // Opens at the newest; follows new messages while the reader is at the bottom (or wrote them);
  // keeps the reader's place when they have scrolled up, or when older messages load above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread's contents change
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    if (keepFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    const previous = lastId.current;
    lastId.current = newest?.id;
    if (!newest || newest.id === previous) return;
    const first = previous === undefined;
    const mine = Boolean(newest.local) || newest.userId === me?.id;
    if (first && openedAtEndBeforeApp.has(box)) {
      // A page rendered on the server opened at the newest before its app ran: the reader may have scrolled
      // since, to the very top too. Keep their place.
      atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    } else if (first || mine || atBottom.current) {
      box.scrollTop = box.scrollHeight;
      atBottom.current = true;
      setUnseen(0);
    } else {
      setUnseen((n) => n + 1);
    }
    if (!first && !mine) setAnnouncement(`New message from ${newest.authorName}`);
  }, [items]);

  function onScroll() {
    const box = scrollRef.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) {
      setUnseen(0);
      markShownRead();
    }
  }

  function jumpToNewest() {
    const box = scrollRef.current;
    if (box) box.scrollTo({ top: box.scrollHeight });
    atBottom.current = true;
    setUnseen(0);
    markShownRead();
    scrollRef.current?.focus();
  }

  async function loadOlder() {
    const box = scrollRef.current;
    if (!box || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const loaded = await loadOlderMessages(queryClient, projectId, () => {
        // Measured as the page is put on top, so the reader's place survives anything that arrived meanwhile.
        keepFromBottom.current = box.scrollHeight - box.scrollTop;
      });
      setAnnouncement(loaded === 1 ? "Loaded 1 older message" : `Loaded ${loaded} older messages`);
    } catch {
      setAnnouncement("Older messages could not be loaded. Try again.");
    } finally {
      setLoadingOlder(false);
    }
  }

  const trimmed = text.trim();
  // Blank includes zero-width characters: the server refuses those as empty too.
  // A message may be only its files; none is sent while one is still uploading.
  const canSend = (!isBlank(trimmed) || attachments.length > 0) && !uploader.busy && !send.isPending && Boolean(me);

  function deliver(localId: string, message: string, files: MessageFile[]) {
    sending.current = true;
    send.mutate(
      { localId, message, files },
      {
        // Brief: the message's own bubble already says it was sent, and the toast sits over the send box.
        onSuccess: () => toaster.create({ type: "success", title: TOAST.messageSent, duration: 2000 }),
        // A refusal of its files says why (already attached elsewhere, deleted meanwhile); anything else is generic.
        onError: (error) =>
          toaster.create({
            type: "error",
            title: TOAST.error,
            description: error instanceof ApiError && error.status === 400 ? error.message : TOAST.messageFailed,
          }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend || sending.current) return;
    setText("");
    setAttachments([]);
    typing.stopped();
    deliver(newLocalId(), isBlank(trimmed) ? "" : trimmed, attachments);
  }

  function retry(message: ShownMessage) {
    if (sending.current || send.isPending) return;
    deliver(message.id, message.message, message.files);
  }

  function removeAttachment(file: MessageFile) {
    setAttachments((current) => current.filter((item) => item !== file));
    setAnnouncement(`Removed ${file.name} from the message`);
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
    <Card.Root as="section" aria-labelledby="messages-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="messages-heading">
          Messages
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        {thread.isPending ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading messages</VisuallyHidden>
            <Skeleton height="14" width="70%" />
            <Skeleton height="14" width="60%" alignSelf="end" />
            <Skeleton height="14" width="70%" />
          </Stack>
        ) : thread.isError ? (
          // Spec §8: a failed load is logged; the thread shows as empty until the connection is back.
          <Text color="fg.muted">Messages could not be loaded. They will appear when the connection is back.</Text>
        ) : count === 0 ? (
          <Text color="fg.muted">No messages yet. Start the conversation below.</Text>
        ) : null}

        <Box position="relative" display={count > 0 ? "block" : "none"}>
          <Box
            ref={scrollRef}
            onScroll={onScroll}
            maxH="24rem"
            overflowY="auto"
            pr="1"
            css={{ overflowAnchor: "none" }}
            role="region"
            aria-label="Message thread"
            data-start-at-end=""
            tabIndex={count > 0 ? 0 : undefined}
          >
            {thread.data?.older && (
              <Flex justify="center" pb="3">
                <Button size="xs" variant="outline" onClick={loadOlder} loading={loadingOlder}>
                  Load older
                </Button>
              </Flex>
            )}
            <Stack asChild gap="3" listStyleType="none">
              <ul aria-label="Messages">
                {items.map((message) => (
                  <Fragment key={message.id}>
                    {message.id === dividerBefore && <NewMessagesDivider />}
                    <MessageItem
                      message={message}
                      mine={Boolean(message.local) || message.userId === me?.id}
                      onRetry={() => retry(message)}
                      onDiscard={() => discard(message.id)}
                      retrying={send.isPending}
                    />
                  </Fragment>
                ))}
              </ul>
            </Stack>
          </Box>
          {unseen > 0 && (
            <Button
              position="absolute"
              bottom="3"
              left="50%"
              transform="translateX(-50%)"
              size="xs"
              colorPalette="brand"
              borderRadius="full"
              shadow="md"
              onClick={jumpToNewest}
            >
              <LuArrowDown aria-hidden="true" />
              New messages
            </Button>
          )}
        </Box>

        <TypingIndicator viewers={viewers} meId={me?.id} />
        <form ref={composer} onSubmit={submit}>
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
                setAnnouncement(`Attached ${name}`);
              }}
            />
            <Button type="submit" colorPalette="brand" disabled={!canSend} loading={send.isPending} mb={{ sm: "7" }}>
              <LuSend aria-hidden="true" />
              Send
            </Button>
          </Flex>
          <Stack gap="2" mt="2">
            <UploadProgress progress={uploader.progress} verb="Attaching" />
            {attachments.length > 0 && <PendingAttachments files={attachments} onRemove={removeAttachment} />}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The person's read point (issue #8): where the "New messages" divider goes,
 * decided once when the thread opens so it stays put while the thread is
 * open, and marking read up to the newest message shown (at the bottom, in a
 * visible tab), never before the divider was placed.
 */
function useReadPoint(
  projectId: string,
  threadPending: boolean,
  items: ShownMessage[],
  meId: string | undefined,
  atBottom: RefObject<boolean>,
) {
  const readState = useQuery(readStateQuery(projectId));
  const markRead = useMarkRead(projectId);
  const [dividerBefore, setDividerBefore] = useState<string | null | undefined>(undefined);
  const lastMarked = useRef<string | undefined>(undefined);
  const newestSent = items.findLast((message) => !message.local)?.id;

  useEffect(() => {
    if (dividerBefore !== undefined || threadPending || readState.isPending || !meId) return;
    // The unread are the newest `unread` messages by others: the divider goes before the oldest of them
    // (before the oldest loaded one when more are unread than the first page holds).
    const unread = readState.data?.unread ?? 0;
    const fromOthers = items.filter((message) => !message.local && message.userId !== meId);
    const firstUnread = unread > 0 ? fromOthers.at(-Math.min(unread, fromOthers.length)) : undefined;
    setDividerBefore(firstUnread?.id ?? null);
  }, [dividerBefore, threadPending, readState.isPending, readState.data, items, meId]);

  const markShownRead = useCallback(() => {
    if (dividerBefore === undefined || !newestSent || newestSent === lastMarked.current || document.hidden) return;
    lastMarked.current = newestSent;
    markRead.mutate(newestSent, {
      onError: () => {
        lastMarked.current = undefined;
      },
    });
  }, [dividerBefore, newestSent, markRead]);

  // The newest message is shown (the thread follows it while the reader is at the bottom): read up to it.
  useEffect(() => {
    if (atBottom.current) markShownRead();
  }, [markShownRead, atBottom]);
  useEffect(() => {
    const onVisible = () => {
      if (!document.hidden && atBottom.current) markShownRead();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markShownRead, atBottom]);

  return { dividerBefore, markShownRead };
}

function NewMessagesDivider() {
  return (
    <HStack as="li" gap="3" color="brand.fg" data-testid="new-messages-divider">
      <Box flex="1" borderTopWidth="1px" borderColor="brand.emphasized" />
      <Text textStyle="xs" fontWeight="semibold">
        New messages
      </Text>
      <Box flex="1" borderTopWidth="1px" borderColor="brand.emphasized" />
    </HStack>
  );
}

function MessageItem({
  message,
  mine,
  onRetry,
  onDiscard,
  retrying,
}: {
  message: ShownMessage;
  mine: boolean;
  onRetry: () => void;
  onDiscard: () => void;
  retrying: boolean;
}) {
  const failed = message.local === "failed";
  return (
    <Box
      as="li"
      alignSelf={mine ? "end" : "start"}
      maxW="85%"
      bg={failed ? "red.subtle" : mine ? "brand.subtle" : "bg.muted"}
      borderRadius="lg"
      px="3"
      py="2"
      aria-busy={message.local === "sending" || undefined}
    >
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text fontWeight="semibold" fontSize="sm">
          {message.authorName}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {ROLE_LABELS[message.authorRole]}
        </Text>
        {message.local === "sending" ? (
          <Text fontSize="xs" color="fg.muted">
            Sending…
          </Text>
        ) : failed ? (
          <Text fontSize="xs" color="fg.error" fontWeight="medium">
            Not sent
          </Text>
        ) : (
          <Text asChild fontSize="xs" color="fg.muted">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </Text>
        )}
      </HStack>
      {message.message && (
        <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
          <MessageText text={message.message} />
        </Text>
      )}
      {message.files.length > 0 && <MessageFiles files={message.files} />}
      {failed && (
        <HStack gap="2" mt="2">
          <Button size="xs" variant="outline" onClick={onRetry} disabled={retrying}>
            Retry
          </Button>
          <Button size="xs" variant="ghost" onClick={onDiscard}>
            Discard
          </Button>
        </HStack>
      )}
    </Box>
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

/** A message's files: download links with their sizes; a file deleted since is named and marked removed. */
function MessageFiles({ files }: { files: MessageFile[] }) {
  return (
    <Stack as="ul" aria-label="Attached files" gap="1" mt="1" listStyleType="none">
      {files.map((file, index) => (
        // A removed file has no id; the list never reorders, so its place is its key.
        <HStack as="li" key={file.id ?? `removed-${index}`} gap="2" fontSize="sm" wrap="wrap">
          {file.id ? (
            <>
              <Link href={fileDownloadPath(file.id)} download={file.name} colorPalette="brand" wordBreak="break-all">
                <LuPaperclip aria-hidden="true" />
                {file.name}
              </Link>
              {file.size !== null && <Text color="fg.muted">{formatFileSize(file.size)}</Text>}
            </>
          ) : (
            <Text color="fg.muted" display="inline-flex" alignItems="center" gap="1">
              <LuFileX aria-hidden="true" />
              {file.name} (removed)
            </Text>
          )}
        </HStack>
      ))}
    </Stack>
  );
}

const SEND_HINT = "Press Enter to send, Shift+Enter for a new line.";
/** Shown from 90% of the limit on, so text cut at the limit (a long paste) never goes unnoticed. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

export function messageHint(length: number): string {
  if (length < COUNTER_FROM) return SEND_HINT;
  const left = MESSAGE_MAX_LENGTH - length;
  if (left <= 0) return `${SEND_HINT} You have reached the ${formatInteger(MESSAGE_MAX_LENGTH)}-character limit.`;
  return `${SEND_HINT} ${formatInteger(left)} ${left === 1 ? "character" : "characters"} left.`;
}
