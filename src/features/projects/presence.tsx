import { Box, HStack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useCallback, useEffect, useRef } from "react";
import type { PresenceViewer } from "../../../common/api";
import { live, useLiveValue } from "../../lib/live";

/**
 * Who is on a project page now, and who is typing (issue #8): the live
 * channel pushes the viewers of ["projects", id, "presence"] (server/live/
 * presence.ts); subscribing is being there.
 */
export const presenceKey = (projectId: string) => ["projects", projectId, "presence"] as const;

export function usePresence(projectId: string): PresenceViewer[] | undefined {
  return useLiveValue<PresenceViewer[]>(presenceKey(projectId));
}

/** A typing signal lasts 5 s on the server (TYPING_MS): repeating it every 2 s keeps it on while typing. */
const TYPING_REPEAT_MS = 2_000;

/** `typed()` on each keystroke (throttled here), `stopped()` on send or when the box is emptied. */
export function useTypingSignal(projectId: string) {
  const lastSent = useRef(0);
  const key = presenceKey(projectId);
  const keyId = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's JSON stands for the key
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_REPEAT_MS) return;
    lastSent.current = now;
    live.typing(key, true);
  }, [keyId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's JSON stands for the key
  const stopped = useCallback(() => {
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    live.typing(key, false);
  }, [keyId]);
  useEffect(() => stopped, [stopped]);
  return { typed, stopped };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "Amaka is typing…", "Amaka and Tunde are typing…", "Several people are typing…"; empty when no one is. */
export function typingText(names: string[]): string {
  const first = names.map(firstName);
  if (first.length === 0) return "";
  if (first.length === 1) return `${first[0]} is typing…`;
  if (first.length === 2) return `${first[0]} and ${first[1]} are typing…`;
  return "Several people are typing…";
}

/** The people on the page, as initials with their names for screen readers and on hover. */
export function PresenceList({ viewers, meId }: { viewers: PresenceViewer[] | undefined; meId: string | undefined }) {
  if (!viewers || viewers.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" id="presence-label">
        Viewing now
      </Text>
      <HStack as="ul" gap="1" listStyleType="none" aria-labelledby="presence-label">
        {viewers.map((viewer) => {
          const label = viewer.userId === meId ? `${viewer.name} (you)` : viewer.name;
          return (
            <Box
              as="li"
              key={viewer.userId}
              title={label}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="8"
              borderRadius="full"
              bg="brand.solid"
              color="brand.contrast"
              textStyle="xs"
              fontWeight="semibold"
              borderWidth="2px"
              borderColor="bg"
            >
              <span aria-hidden="true">{initials(viewer.name)}</span>
              <VisuallyHidden>{label}</VisuallyHidden>
            </Box>
          );
        })}
      </HStack>
    </HStack>
  );
}

/** Under the thread: who else is typing. A polite status, so screen readers hear it without interruption. */
export function TypingIndicator({
  viewers,
  meId,
}: {
  viewers: PresenceViewer[] | undefined;
  meId: string | undefined;
}) {
  const names = (viewers ?? []).filter((viewer) => viewer.typing && viewer.userId !== meId).map((v) => v.name);
  return (
    <Text role="status" textStyle="sm" color="fg.muted" minH="5" fontStyle="italic">
      {typingText(names)}
    </Text>
  );
}
