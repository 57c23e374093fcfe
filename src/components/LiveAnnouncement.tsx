import { VisuallyHidden } from "@chakra-ui/react";
import { useCallback, useState } from "react";

/** What a polite live region says, counted: the same words said twice ("New message from Tunde") are read twice. */
export type Announcement = { text: string; count: number };

export function useLiveAnnouncement(): [Announcement, (text: string) => void] {
  const [announcement, setAnnouncement] = useState<Announcement>({ text: "", count: 0 });
  const announce = useCallback((text: string) => setAnnouncement((last) => ({ text, count: last.count + 1 })), []);
  return [announcement, announce];
}

/**
 * The region itself. Each announcement is a new node (keyed by its count): a screen reader reads what
 * is added to a live region, and React leaves a text node alone when its words are the same.
 */
export function LiveAnnouncement({ announcement }: { announcement: Announcement }) {
  return (
    <VisuallyHidden aria-live="polite">
      <span key={announcement.count}>{announcement.text}</span>
    </VisuallyHidden>
  );
}
