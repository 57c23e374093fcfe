import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

/** Keys that step a closed native select to another option without opening it (Windows, Linux): each a `change`; letters too. */
const STEPPING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
/** How long a stepped choice waits for the next key before it is saved. */
export const SETTLE_MS = 1_000;

/**
 * The props of a select that saves its choice (a task's status, an enquiry's). A pick from its list
 * saves at once; arrow keys on the closed select step through the options, each step a `change`, and
 * were saved each time: going from To do to Completed saved In progress and Review on the way (and a
 * Show filter took the card away at the first step). A stepped choice is shown and saved once the
 * person stops: Enter, leaving the select, or SETTLE_MS without a key. While `busy` (a save on its
 * way), a change is not taken, and the select shows the choice being saved (not the value it is given,
 * which follows only once the save is done and the row read again); after a save that failed, the
 * value it is given.
 */
export function useSettledChoice<T extends string>(value: T, busy: boolean, onChoose: (choice: T) => void) {
  const [stepped, setStepped] = useState<T>();
  const [saving, setSaving] = useState<T>();
  const stepping = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const choose = useRef(onChoose);
  choose.current = onChoose;
  const waiting = useRef<T>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function settle() {
    clearTimeout(timer.current);
    const choice = waiting.current;
    waiting.current = undefined;
    setStepped(undefined);
    if (choice === undefined) return;
    setSaving(choice);
    choose.current(choice);
  }

  return {
    value: stepped ?? (busy && saving !== undefined ? saving : value),
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      // A letter typed jumps to the option it starts, as an arrow steps: a stepped choice too.
      const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      stepping.current = STEPPING_KEYS.has(event.key) || typed;
      if (event.key === "Enter") settle();
    },
    onChange(event: ChangeEvent<HTMLSelectElement>) {
      const choice = event.target.value as T;
      const stepped = stepping.current;
      stepping.current = false;
      if (busy) return;
      if (!stepped) {
        waiting.current = choice;
        return settle();
      }
      waiting.current = choice;
      setStepped(choice);
      clearTimeout(timer.current);
      timer.current = setTimeout(settle, SETTLE_MS);
    },
    onBlur: settle,
  };
}
