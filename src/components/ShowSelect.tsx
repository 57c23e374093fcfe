import { Box, Button, VisuallyHidden } from "@chakra-ui/react";
import { type Ref, useEffect, useRef, useState } from "react";
import type { IconType } from "react-icons";
import { EmptyList } from "./EmptyList";
import { FormField, SelectInput } from "./FormField";

/**
 * "Show": narrows a list of cards to one status, or shows them all (My Tasks, Projects). The
 * choice lives in the page's URL; `selectRef` lets the page move the keyboard's focus here when
 * the card that held it leaves the list. Once a new choice's cards have loaded, a screen reader
 * is told what the list holds (useShownAnnouncement).
 */
export function ShowSelect<S extends string>({
  value,
  onChange,
  allLabel,
  statuses,
  labels,
  noun,
  shown,
  search,
  selectRef,
}: {
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  /** The choice of every status: "All tasks". */
  allLabel: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** What the list holds: "tasks" also names the search landmark, "Filter tasks". */
  noun: { one: string; many: string };
  /** How many cards the list shows, and whether more pages follow; undefined while it loads. */
  shown: { count: number; more: boolean } | undefined;
  /** The list's search beside the select, when it has one: a new search is said as a new choice is. */
  search?: string | undefined;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const announcement = useShownAnnouncement(`${value ?? ""} ${search ?? ""}`, shown, noun);
  return (
    <Box as="search" aria-label={`Filter ${noun.many}`} maxW="xs">
      <FormField label="Show">
        <SelectInput
          ref={selectRef}
          value={value ?? ""}
          onChange={(event) => onChange(statuses.find((status) => status === event.target.value))}
        >
          <option value="">{allLabel}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labels[status]}
            </option>
          ))}
        </SelectInput>
      </FormField>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Box>
  );
}

/**
 * What a list narrowed by Show (or other filters: Admin › Tasks') holds once its cards have loaded
 * ("3 tasks shown"), for a status region beside the filters: the cards change out of sight of someone
 * on them. Said once a choice (`choice`: the filters, as one string) has loaded, not as live changes
 * move the count, nor for the page's first list.
 */
export function useShownAnnouncement(
  choice: string,
  shown: { count: number; more: boolean } | undefined,
  noun: { one: string; many: string },
): string {
  const [message, setMessage] = useState("");
  // The choice last announced; null until the page's first list has loaded.
  const announced = useRef<string | null>(null);
  // Its values, not the object: callers make `shown` anew on every render.
  const count = shown?.count;
  const more = shown?.more;
  const { one, many } = noun;
  useEffect(() => {
    if (count === undefined) return;
    if (announced.current === null) {
      announced.current = choice;
      return;
    }
    if (announced.current === choice) return;
    announced.current = choice;
    setMessage(`${count} ${count === 1 ? one : many} shown${more ? ", more to load" : ""}`);
  }, [choice, count, more, one, many]);
  return message;
}

/** The list shown for a status that has none: says so, and offers every status again. */
export function NoneOfStatus({
  icon,
  title,
  description,
  showAllLabel,
  onShowAll,
}: {
  icon: IconType;
  title: string;
  description: string;
  /** "Show all tasks". */
  showAllLabel: string;
  onShowAll: () => void;
}) {
  return (
    <EmptyList
      icon={icon}
      headingLevel="h2"
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onShowAll}>
          {showAllLabel}
        </Button>
      }
    />
  );
}
