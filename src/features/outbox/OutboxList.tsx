import { Badge, Box, Card, Link, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { type QueryFunctionContext, queryOptions, useQuery } from "@tanstack/react-query";
import { LuMailOpen } from "react-icons/lu";
import type { OutboxMail } from "../../../common/api";
import { formatDateTime } from "../../../common/format";
import { EmptyList } from "../../components/EmptyList";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { TOAST } from "../../lib/messages";
import { cursorPages, readShownPages, type ShownPages, useLoadMore } from "../../lib/shown-pages";

/** The outbox is read this many mails at a time ("Load more" reads the next). */
const OUTBOX_PAGE_SIZE = 50;
const outboxKey = ["admin", "outbox"];
const fetchOutboxPage = cursorPages<OutboxMail>("/api/admin/outbox");

const outboxQuery = queryOptions({
  queryKey: outboxKey,
  queryFn: ({ client }: QueryFunctionContext) =>
    readShownPages(client.getQueryData<ShownPages<OutboxMail>>(outboxKey), OUTBOX_PAGE_SIZE, fetchOutboxPage),
});

/**
 * Without SMTP_URL the product keeps its mail here, so an administrator can
 * still hand a verification or reset link to a client.
 */
export function OutboxList() {
  const { data, isPending, error, refetch } = useQuery(outboxQuery);
  const more = useLoadMore(outboxKey, OUTBOX_PAGE_SIZE, fetchOutboxPage);

  if (isPending) {
    return (
      <Stack gap="4" aria-busy="true">
        <VisuallyHidden role="status">Loading mail</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="24" borderRadius="lg" />
        ))}
      </Stack>
    );
  }
  // A first read that failed; one that fails later keeps the mail shown.
  if (!data) return <LoadFailed message={`The outbox could not be loaded: ${error.message}`} onRetry={refetch} />;
  const mails = data.items;
  if (mails.length === 0) {
    return (
      <EmptyList
        icon={LuMailOpen}
        headingLevel="h2"
        title="No mail yet"
        description="Verification, password reset and enquiry mails will appear here."
      />
    );
  }
  return (
    <Stack gap="4">
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Outbox">
        {mails.map((mail) => (
          <Card.Root as="li" key={mail.id}>
            <Card.Body gap="2">
              <Stack direction={{ base: "column", md: "row" }} justify="space-between" gap="1">
                <Text as="h2" fontWeight="semibold">
                  {mail.subject}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                </Text>
              </Stack>
              <Text fontSize="sm">
                <Badge colorPalette="gray" me="2">
                  To
                </Badge>
                {mail.to}
              </Text>
              <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" color="fg.muted">
                {mail.text}
              </Box>
              {mail.link && (
                <Link href={mail.link} color="brand.700" fontSize="sm" wordBreak="break-all">
                  Open the link in this mail
                </Link>
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {data.next && (
        <LoadMoreButton loading={more.loading} onLoadMore={more.loadMore} failedText={TOAST.moreMailFailed} />
      )}
    </Stack>
  );
}
