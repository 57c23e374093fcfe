import { Button, Card, Heading, HStack, Skeleton, SkeletonText, Stack, VisuallyHidden } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";
import type { IconType } from "react-icons";
import { EmptyList } from "../../components/EmptyList";
import { useRetry } from "../../components/LoadFailed";

/** A titled card of the dashboard; `action` sits beside the title (e.g. a link to the full list). */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id={id}>
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** `rows` placeholders in the shape of a list's rows, with a status for screen readers. */
export function ListSkeleton({ label, rows, lines = 2 }: { label: string; rows: number; lines?: number }) {
  return (
    <Stack gap="5" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={i} gap="2" aria-hidden="true" data-testid="dashboard-skeleton">
          <Skeleton height="5" width="50%" />
          <SkeletonText noOfLines={lines} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The dashboard could not be read: say so, and offer to try again (Retry's working, src/components/LoadFailed.tsx:
 * the keyboard's place is kept in the dashboard it loads, not dropped to the page's top).
 */
export function LoadError({ icon, onRetry, retrying }: { icon: IconType; onRetry: () => unknown; retrying: boolean }) {
  const place = useRef<HTMLDivElement>(null);
  const { retry, busy } = useRetry(onRetry, retrying, place);
  return (
    <Card.Root role="alert" ref={place}>
      <Card.Body>
        <EmptyList
          framed={false}
          size="sm"
          icon={icon}
          headingLevel="h2"
          title="We could not load your dashboard"
          description="Check your connection and try again."
          action={
            <Button colorPalette="brand" onClick={retry} loading={busy} loadingText="Trying again">
              Try again
            </Button>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
