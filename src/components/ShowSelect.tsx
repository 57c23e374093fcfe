import { Box, Button } from "@chakra-ui/react";
import type { Ref } from "react";
import type { IconType } from "react-icons";
import { EmptyList } from "./EmptyList";
import { FormField, SelectInput } from "./FormField";

/**
 * "Show": narrows a list of cards to one status, or shows them all (My Tasks, Projects). The
 * choice lives in the page's URL; `selectRef` lets the page move the keyboard's focus here when
 * the card that held it leaves the list.
 */
export function ShowSelect<S extends string>({
  value,
  onChange,
  allLabel,
  statuses,
  labels,
  listName,
  selectRef,
}: {
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  /** The choice of every status: "All tasks". */
  allLabel: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** What is filtered, for the search landmark's name: "tasks" gives "Filter tasks". */
  listName: string;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <Box as="search" aria-label={`Filter ${listName}`} maxW="xs">
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
    </Box>
  );
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
