import { Button, HStack, type StackProps, Text } from "@chakra-ui/react";
import { type MouseEvent, type RefObject, useRef, useState } from "react";
import { keepPlace } from "../lib/keep-place";

/**
 * A read that failed, where its content would be: what could not be loaded and Retry, the one
 * shape every list, card and dialog shows (the layout around it is the caller's). The message is an
 * alert, said when it shows. A first load's failure gives way to the list's skeleton while Retry reads,
 * and comes back as a new alert if that fails too; one shown over what was loaded (a refresh's) stays,
 * Retry busy meanwhile (`retrying`: the query's isFetching; or while `onRetry`'s promise is pending),
 * and is said again if it fails too. When Retry leaves with the failure, the keyboard's focus goes to
 * what took its place or to its section's heading (src/lib/keep-place.ts), not to the page's top.
 */
export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  ...layout
}: {
  message: string;
  /** Reads again: a query's `refetch`, whose result says whether it failed again. */
  onRetry: () => unknown;
  retrying?: boolean;
} & StackProps) {
  const place = useRef<HTMLDivElement>(null);
  const { retry, busy, failures } = useRetry(onRetry, retrying, place);
  return (
    <HStack ref={place} gap="3" wrap="wrap" {...layout}>
      <Text role="alert">
        {/* A new node for each Retry that fails: what an alert adds is said, what stays the same is not. */}
        <span key={failures}>{message}</span>
      </Text>
      {/* Busy, it says so (a spinner alone would hide its name). */}
      <Button size="sm" variant="outline" loading={busy} loadingText="Retrying" onClick={retry}>
        Retry
      </Button>
    </HStack>
  );
}

/**
 * Retry's working, for LoadFailed and the dashboard's failed read: `retry` reads again, keeping the
 * person's place in `place` (what it shows) once the read succeeds; `busy` while it runs; `failures`
 * counts the Retries that failed too, to say the failure again (a key for the alert's words).
 */
export function useRetry(onRetry: () => unknown, retrying: boolean, place: RefObject<HTMLElement | null>) {
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState(0);
  async function retry(event: MouseEvent<HTMLElement>) {
    keepPlace(event.currentTarget, { place: place.current });
    setPending(true);
    let failed: boolean;
    try {
      failed = failedAgain(await onRetry());
    } catch {
      failed = true;
    } finally {
      setPending(false);
    }
    if (failed) setFailures((count) => count + 1);
  }
  return { retry, busy: retrying || pending, failures };
}

/** A query's refetch result that failed (`isError`); what it read otherwise replaces the failure. */
const failedAgain = (result: unknown) =>
  typeof result === "object" && result !== null && "isError" in result && result.isError === true;
