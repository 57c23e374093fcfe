import { Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { LuSend } from "react-icons/lu";
import { MESSAGE_MAX_LENGTH } from "../../../common/domain";
import { formatDateTime } from "../../../common/format";
import { isBlank } from "../../../common/text";
import { FormField, TextArea } from "../../components/FormField";
import { toaster } from "../../components/Toaster";
import { useLiveQuery } from "../../lib/live";
import { useMe } from "../../lib/session";
import { fetchMessages, messagesKey, useSendMessage } from "./api";

export function MessagesPanel({ projectId }: { projectId: string }) {
  const { data: me } = useMe();
  const messages = useLiveQuery({ queryKey: messagesKey(projectId), queryFn: () => fetchMessages(projectId) });
  const send = useSendMessage(projectId);
  const [text, setText] = useState("");
  const listRef = useRef<HTMLUListElement>(null);
  const count = messages.data?.length ?? 0;

  // Keep the newest message in view when one arrives (ours or a live push).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of messages changes
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const trimmed = text.trim();
  // Blank includes zero-width characters: the server refuses those as empty too.
  const canSend = !isBlank(trimmed) && !send.isPending && Boolean(me);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    send.mutate(trimmed, {
      onSuccess: () => {
        setText("");
        toaster.create({ type: "success", title: "Message sent" });
      },
      onError: () =>
        toaster.create({ type: "error", title: "Error", description: "Failed to send message. Please try again." }),
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
    <Card.Root as="section">
      <Card.Header>
        <Heading as="h2" size="lg">
          Messages
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        {messages.isPending ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading messages</VisuallyHidden>
            <Skeleton height="14" />
            <Skeleton height="14" />
          </Stack>
        ) : messages.isError ? (
          <Text color="fg.muted">Messages could not be loaded. They will appear when the connection is back.</Text>
        ) : count === 0 ? (
          <Text color="fg.muted">No messages yet. Start the conversation below.</Text>
        ) : null}

        {/* Always mounted once loaded so the polite live region announces new arrivals. */}
        <Stack
          asChild
          gap="3"
          maxH="24rem"
          overflowY="auto"
          listStyleType="none"
          pr="1"
          display={count > 0 ? "flex" : "none"}
        >
          <ul ref={listRef} aria-label="Messages" aria-live="polite" tabIndex={count > 0 ? 0 : undefined}>
            {messages.data?.map((message) => {
              const mine = message.userId === me?.id;
              return (
                <Box
                  as="li"
                  key={message.id}
                  alignSelf={mine ? "end" : "start"}
                  maxW="85%"
                  bg={mine ? "brand.subtle" : "bg.muted"}
                  borderRadius="lg"
                  px="3"
                  py="2"
                >
                  <HStack gap="2" align="baseline" wrap="wrap">
                    <Text fontWeight="semibold" fontSize="sm">
                      {message.authorName}
                    </Text>
                    <Text asChild fontSize="xs" color="fg.muted">
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </Text>
                  </HStack>
                  <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
                    {message.message}
                  </Text>
                </Box>
              );
            })}
          </ul>
        </Stack>

        <form onSubmit={submit}>
          <Flex gap="3" align="end" direction={{ base: "column", sm: "row" }}>
            <Box flex="1" w="full">
              <FormField label="Message" helperText={messageHint(text.length)}>
                <TextArea
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  onKeyDown={onKeyDown}
                  placeholder="Write a message…"
                  rows={3}
                  maxLength={MESSAGE_MAX_LENGTH}
                  resize="vertical"
                />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="brand" disabled={!canSend} loading={send.isPending} mb={{ sm: "7" }}>
              <LuSend aria-hidden="true" />
              Send
            </Button>
          </Flex>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

const SEND_HINT = "Press Enter to send, Shift+Enter for a new line.";
/** Shown from 90% of the limit on, so text cut at the limit (a long paste) never goes unnoticed. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

export function messageHint(length: number): string {
  if (length < COUNTER_FROM) return SEND_HINT;
  const left = MESSAGE_MAX_LENGTH - length;
  if (left <= 0)
    return `${SEND_HINT} You have reached the ${MESSAGE_MAX_LENGTH.toLocaleString("en-NG")}-character limit.`;
  return `${SEND_HINT} ${left.toLocaleString("en-NG")} ${left === 1 ? "character" : "characters"} left.`;
}
