import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LuArrowDown, LuFileX, LuPaperclip } from "react-icons/lu";
import type { MessageFile, PresenceViewer } from "../../../common/api";
import { ROLE_LABELS } from "../../../common/domain";
import { formatDateTime } from "../../../common/format";
import { ownerName } from "../../../common/text";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { LoadFailed } from "../../components/LoadFailed";
import { toaster } from "../../components/Toaster";
import { ApiError } from "../../lib/api";
import { keepPlace } from "../../lib/keep-place";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { toastFailure } from "../../lib/toasts";
import { randomUuid } from "../../lib/uuid";
import { openedAtEndBeforeApp } from "../../ssr/portal-context";
import { MessageText } from "./AttachFileButton";
import {
  applyMessageChange,
  loadOlderMessages,
  messagesKey,
  messagesQuery,
  readStateQuery,
  type ShownMessage,
  type Thread,
  useDiscardMessage,
  useMarkRead,
  useSendMessage,
} from "./api";
import { fileDownloadPath, formatFileSize } from "./files";
import { MESSAGES_NOT_LOADED } from "./labels";
import { type Draft, MessageComposer } from "./MessageComposer";
import { TypingIndicator } from "./presence";

/** Within this many pixels of the bottom the reader counts as following the thread. */
const NEAR_BOTTOM_PX = 48;

/** A new message's id, chosen here: sent again (Retry), it names the message it already is (messageSendSchema). */
const newLocalId = randomUuid;

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
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [unseen, setUnseen] = useState(0);
  /** A message the server refused as written: back in the send box, to be changed and sent again. */
  const [returned, setReturned] = useState<Draft | null>(null);
  const [announcement, announce] = useLiveAnnouncement();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** Synchronous guards: a double click runs twice before React re-renders with `disabled`. */
  const sending = useRef(false);
  const atBottom = useRef(true);
  /** Set while older messages are put on top: the distance from the bottom to keep. */
  const keepFromBottom = useRef<number | null>(null);
  const lastId = useRef<string | undefined>(undefined);
  const lastDeliveredId = useRef<string | undefined>(undefined);
  /** The thread has been shown once (empty too): what arrives after is new, said and followed as such. */
  const opened = useRef(false);
  /** Messages sent from this tab (their ids are made here): followed down; from elsewhere, as anyone's. */
  const sentHere = useRef(new Set<string>());

  const items = thread.data?.items ?? [];
  const count = items.length;
  const newest = items.at(-1);
  // The person's own messages on their way (or not sent) stay last: what others say arrives before them.
  const newestDelivered = items.findLast((item) => !item.local);
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
    const previousDelivered = lastDeliveredId.current;
    lastId.current = newest?.id;
    lastDeliveredId.current = newestDelivered?.id;
    if (!thread.data) return;
    const first = !opened.current;
    opened.current = true;
    if (!newest) return;
    const mine = !first && newest.id !== previous && sentHere.current.has(newest.id);
    // Said and followed like anyone's: the person's own, from another tab or device, too (it would
    // otherwise pull a reader who scrolled up down to it).
    const arrived =
      !first &&
      newestDelivered !== undefined &&
      newestDelivered.id !== previousDelivered &&
      !sentHere.current.has(newestDelivered.id);
    const fromOthers = arrived && newestDelivered.userId !== me?.id;
    if (!first && !mine && !arrived) return;
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
    if (fromOthers) announce(`New message from ${newestDelivered.authorName}`);
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
      announce(loaded === 1 ? "Loaded 1 older message" : `Loaded ${loaded} older messages`);
    } catch {
      // Seen and heard (a toast is a live region), as a list's Load more that fails is (LoadMoreButton).
      toastFailure(TOAST.olderMessagesFailed);
    } finally {
      setLoadingOlder(false);
    }
  }

  /** Sends (or sends again) a message; false while a send is on its way, so its text is kept. */
  function deliver(localId: string, message: string, files: MessageFile[]): boolean {
    if (sending.current) return false;
    sending.current = true;
    sentHere.current.add(localId);
    send.mutate(
      { localId, message, files },
      {
        // Brief: the message's own bubble already says it was sent, and the toast sits over the send box.
        onSuccess: () => toaster.create({ type: "success", title: TOAST.messageSent, duration: 2000 }),
        // A refusal of what was written says why (a file deleted meanwhile, a character the server takes from
        // no one) and gives it back to the send box: sent again as it is, it would be refused again. Anything
        // else (no connection, the server down) leaves it in the thread, not sent, with Retry.
        // A message sent before the thread had loaded has no place in it to wait with Retry: it goes back too.
        onError: (error) => {
          const refused = error instanceof ApiError && error.status === 400;
          toastFailure(refused ? error.message : TOAST.messageFailed);
          if (!refused && inThread(localId)) return;
          discard(localId);
          setReturned({ message, files });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
    return true;
  }

  /** Shown in the thread under that id: not sent (with Retry), or delivered after all (its answer lost). */
  function inThread(id: string): boolean {
    return queryClient.getQueryData<Thread>(messagesKey(projectId))?.items.some((item) => item.id === id) ?? false;
  }

  function retry(message: ShownMessage) {
    if (!send.isPending) deliver(message.id, message.message, message.files);
  }

  return (
    <Card.Root as="section" aria-labelledby="messages-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="messages-heading">
          Messages
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <LiveAnnouncement announcement={announcement} />
        {thread.isPending ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading messages</VisuallyHidden>
            <Skeleton height="14" width="70%" />
            <Skeleton height="14" width="60%" alignSelf="end" />
            <Skeleton height="14" width="70%" />
          </Stack>
        ) : !thread.data ? (
          // Read again by Retry, and by itself when the live channel comes back after a lost connection.
          <LoadFailed message={MESSAGES_NOT_LOADED} onRetry={() => thread.refetch()} />
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
                <Button
                  size="xs"
                  variant="outline"
                  onClick={(event) => {
                    // The last older page takes the button away: the focus goes to the thread, where it was.
                    keepPlace(event.currentTarget);
                    void loadOlder();
                  }}
                  loading={loadingOlder}
                >
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
        <MessageComposer
          projectId={projectId}
          ready={Boolean(me)}
          sending={send.isPending}
          onSend={(message, files) => deliver(newLocalId(), message, files)}
          announce={announce}
          returned={returned}
          onReturned={() => setReturned(null)}
        />
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

  // `mutate` is stable where the mutation's result object is new on every render: depending on that
  // object, a failed mark (offline, it fails at once) re-rendered, ran the effects below and sent again,
  // in a loop until the connection came back. A failure is tried again when the thread next moves on.
  const sendMarkRead = markRead.mutate;
  const markShownRead = useCallback(() => {
    if (dividerBefore === undefined || !newestSent || newestSent === lastMarked.current || document.hidden) return;
    lastMarked.current = newestSent;
    sendMarkRead(newestSent, {
      onError: () => {
        lastMarked.current = undefined;
      },
    });
  }, [dividerBefore, newestSent, sendMarkRead]);

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
          {ownerName(message.authorName, message.authorDeactivated)}
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
          {/* Both leave with the failed state (the message sends, or goes): the reader keeps a place on the page. */}
          <Button
            size="xs"
            variant="outline"
            onClick={(event) => {
              keepPlace(event.currentTarget);
              onRetry();
            }}
            disabled={retrying}
          >
            Retry
          </Button>
          <Button
            size="xs"
            variant="ghost"
            onClick={(event) => {
              keepPlace(event.currentTarget);
              onDiscard();
            }}
          >
            Discard
          </Button>
        </HStack>
      )}
    </Box>
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
