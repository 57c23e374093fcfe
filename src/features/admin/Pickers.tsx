import { chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type ComponentProps, type Ref, useEffect, useId, useRef, useState } from "react";
import {
  DEVELOPER_PICKER_LIMIT,
  type PersonOption,
  PICKER_LIMIT,
  type ProjectOption,
  type TaskAssigneeOption,
} from "../../../common/admin-money";
import { FormField, SelectInput, TextInput } from "../../components/FormField";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { SEARCH_DEBOUNCE_MS } from "../../components/SearchBox";
import { projectQuery } from "../projects/api";
import { pickerFound, pickerHelp } from "./labels";
import { usePeopleOptions } from "./money-api";

/**
 * A picker's search box, inside the form it picks for. The text reaches `onChange` once typing
 * pauses, or at once on Enter; Enter there finds, it does not send the form (the browser's implicit
 * submission would save a half-filled form). What a search found is said politely once its results
 * are in ("2 clients match this search.", "No clients match this search."): they change another
 * control's options, out of sight of someone typing here with a screen reader.
 */
export function PickerSearch({
  label,
  helperText,
  value,
  onChange,
  found,
  noun,
  plural = `${noun}s`,
  limit,
  disabled,
  error,
  ref,
}: {
  label: string;
  helperText: string;
  value: string;
  onChange: (text: string) => void;
  /** How many the search `value` found; undefined until its own results are in (not the last search's, kept meanwhile). */
  found: number | undefined;
  /** What is searched for, one of them ("client"), and more than one when that is not `${noun}s`. */
  noun: string;
  plural?: string | undefined;
  /** The most the server offers: as many found may be fewer than match. */
  limit: number;
  disabled?: boolean | undefined;
  /** The error of the field the search serves, when the search is where the choice is made (developers). */
  error?: string | undefined;
  /** Focused when the field the search serves fails (a form's focus on its first error). */
  ref?: Ref<HTMLInputElement> | undefined;
}) {
  const [said, say] = useLiveAnnouncement();
  // Once a search's results are in, and again for another search that finds as many; nothing for none typed.
  useEffect(() => {
    if (value.trim() && found !== undefined) say(pickerFound(found, noun, plural, limit));
  }, [value, found, noun, plural, limit, say]);
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The search was set elsewhere (a dialog opened afresh): show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <FormField label={label} helperText={helperText} error={error}>
      <TextInput
        ref={ref}
        type="search"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          if (text !== value) onChange(text);
        }}
        autoComplete="off"
      />
      <LiveAnnouncement announcement={said} />
    </FormField>
  );
}

/**
 * The project `id` (filtered by, or where a new task starts) as an option of its own when the projects
 * offered do not hold it (another search, or past the first titles), named by its own read once the
 * options have loaded; undefined when there is no such project or it is offered.
 */
export function useUnofferedProject(
  id: string | undefined,
  options: { isSuccess: boolean; data?: readonly ProjectOption[] | undefined },
  enabled = true,
): ProjectOption | undefined {
  const offered = options.data?.some((project) => project.id === id) ?? false;
  const read = useQuery({
    ...projectQuery(id ?? ""),
    enabled: enabled && !!id && options.isSuccess && !offered,
  });
  return id && !offered ? { id, title: read.data?.title ?? "Selected project" } : undefined;
}

/**
 * Of the choices named `candidates` (the one chosen from an earlier search, the record's own), the one
 * that is the select's `value` when the options `offered` do not hold it: offered beside them, so the
 * select keeps showing it.
 */
export function unofferedChoice<Choice extends { id: string }>(
  value: string | null | undefined,
  offered: readonly Choice[],
  ...candidates: (Choice | undefined)[]
): Choice | undefined {
  return candidates.find((choice) => choice && choice.id === value && !offered.some((one) => one.id === choice.id));
}

/** An option of a searched select: its value and what it says. */
type Choice = { id: string; label: string };

/** The words of a searched select: its label, its search box's, and what it offers, one and more. */
type SearchSelectWords = { label: string; search: string; searchHelp: string; singular: string; plural?: string };

type SearchSelectProps = {
  search: string;
  onSearchChange: (text: string) => void;
  noneLabel: string;
  error?: string | undefined;
  loadFailed: boolean;
  busy: boolean;
  /** Whether the options are the search's own results, not the last search's kept while this one loads. */
  searched: boolean;
  /** The most the server offers for one search. */
  limit: number;
  /** What the select says when there is nothing more pressing (a failed load, no match, the first only). */
  helperText?: string | undefined;
} & Omit<ComponentProps<typeof SelectInput>, "children">;

/**
 * A searched select: a search box, then a select of what the server found for it, at most `limit`, plus
 * `extra`, the choice made, which stays offered while another search shows others.
 */
function SearchSelect({
  words,
  options,
  extra,
  search,
  onSearchChange,
  noneLabel,
  error,
  loadFailed,
  busy,
  searched,
  limit,
  helperText,
  ...select
}: SearchSelectProps & { words: SearchSelectWords; options: readonly Choice[]; extra?: Choice | undefined }) {
  const found = searched ? options.length : undefined;
  return (
    <>
      <PickerSearch
        label={words.search}
        helperText={words.searchHelp}
        value={search}
        onChange={onSearchChange}
        found={found}
        noun={words.singular}
        plural={words.plural}
        limit={limit}
        disabled={select.disabled}
      />
      <FormField
        label={words.label}
        required={select.required}
        error={error}
        helperText={pickerHelp({
          loadFailed,
          noneFound: !!search.trim() && found === 0,
          offered: options.length,
          limit,
          singular: words.singular,
          plural: words.plural,
          otherwise: helperText,
        })}
      >
        <SelectInput {...select} aria-busy={busy || undefined}>
          <option value="">{noneLabel}</option>
          {extra && <option value={extra.id}>{extra.label}</option>}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </FormField>
    </>
  );
}

const PROJECT_WORDS: SearchSelectWords = {
  label: "Project",
  search: "Find a project",
  searchHelp: "Type the start of its title.",
  singular: "project",
};
const projectChoice = (project: ProjectOption): Choice => ({ id: project.id, label: project.title });

/**
 * A searched project select: Admin › Tasks' (its filter and its dialog) and the invoice form's. Its
 * options are the projects whose title starts with the search (50,000 projects are more than a select
 * holds; a client may have more than the form is offered), plus `extra`, the project chosen.
 */
export function ProjectSearchSelect({
  projects,
  extra,
  ...props
}: SearchSelectProps & { projects: readonly ProjectOption[]; extra?: ProjectOption | undefined }) {
  return (
    <SearchSelect
      words={PROJECT_WORDS}
      options={projects.map(projectChoice)}
      extra={extra && projectChoice(extra)}
      {...props}
    />
  );
}

const ASSIGNEE_WORDS: SearchSelectWords = {
  label: "Assignee",
  search: "Find a person",
  searchHelp: "Type the start of a name or e-mail.",
  singular: "person",
  plural: "people",
};
/** A person as the assignee selects name them. */
export type NamedPerson = Pick<TaskAssigneeOption, "id" | "name">;
const assigneeChoice = (person: NamedPerson): Choice => ({ id: person.id, label: person.name });

/**
 * Admin › Tasks' searched assignee select (its filter and its dialog): the active developers and
 * administrators whose name, surname or e-mail starts with the search, plus `extra`, the person chosen.
 */
export function AssigneeSearchSelect({
  people,
  extra,
  ...props
}: SearchSelectProps & { people: readonly NamedPerson[]; extra?: NamedPerson | undefined }) {
  return (
    <SearchSelect
      words={ASSIGNEE_WORDS}
      options={people.map(assigneeChoice)}
      extra={extra && assigneeChoice(extra)}
      {...props}
    />
  );
}

function personLabel(person: PersonOption): string {
  const details = [person.email, person.companyName].filter(Boolean).join(", ");
  return details ? `${person.fullName} (${details})` : person.fullName;
}

const CLIENT_WORDS: SearchSelectWords = {
  label: "Client",
  search: "Find a client",
  searchHelp: "Type the start of a name or e-mail.",
  singular: "client",
};
const clientChoice = (person: PersonOption): Choice => ({ id: person.id, label: personLabel(person) });

/**
 * A searchable client select (issue #7): a search box asks the server for the
 * clients whose name or e-mail starts with the text (a bounded list, never
 * the whole table), and the select offers them. The chosen client stays
 * offered while the search changes.
 */
export function ClientPicker({
  value,
  onChange,
  error,
  current,
  disabled,
  ref,
}: {
  value: string;
  onChange: (clientId: string) => void;
  error?: string | undefined;
  /** The client already chosen (an edited project's), shown before any search. */
  current?: PersonOption | undefined;
  disabled?: boolean;
  /** The form's (react-hook-form's field.ref): a failed submit focuses the select. */
  ref?: Ref<HTMLSelectElement> | undefined;
}) {
  const [search, setSearch] = useState("");
  const options = usePeopleOptions("client", search);
  const [chosen, setChosen] = useState<PersonOption | undefined>(current);
  const list = options.data ?? [];
  const extra = unofferedChoice(value, list, chosen);
  return (
    <Stack gap="3">
      <SearchSelect
        words={CLIENT_WORDS}
        options={list.map(clientChoice)}
        extra={extra && clientChoice(extra)}
        search={search}
        onSearchChange={setSearch}
        noneLabel={options.isPending ? "Loading clients…" : "Choose a client"}
        error={error}
        loadFailed={options.isError && !options.data}
        busy={options.isFetching}
        searched={!!options.data && !options.isPlaceholderData}
        limit={PICKER_LIMIT}
        required
        ref={ref}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          setChosen([...list, chosen].find((person) => person?.id === event.target.value));
          onChange(event.target.value);
        }}
      />
    </Stack>
  );
}

/**
 * The developers assigned to a project: a search over active developers
 * (bounded by the server) as checkboxes; the ones chosen stay listed first.
 */
export function DeveloperPicker({
  value,
  onChange,
  error,
  initial = [],
  disabled,
  ref,
}: {
  value: string[];
  onChange: (developerIds: string[]) => void;
  error?: string | undefined;
  initial?: PersonOption[];
  disabled?: boolean;
  /** The form's (react-hook-form's field.ref): a failed submit focuses the search, where the choice is made. */
  ref?: Ref<HTMLInputElement> | undefined;
}) {
  const legendId = useId();
  const [search, setSearch] = useState("");
  const options = usePeopleOptions("developer", search);
  const [known, setKnown] = useState<Map<string, PersonOption>>(
    () => new Map(initial.map((person) => [person.id, person])),
  );
  const selected = value.map((id) => known.get(id)).filter((person): person is PersonOption => !!person);
  const others = (options.data ?? []).filter((person) => !value.includes(person.id));
  const found = options.data && !options.isPlaceholderData ? options.data.length : undefined;
  const help = pickerHelp({
    loadFailed: options.isError && !options.data,
    noneFound: !options.isPending && selected.length === 0 && others.length === 0,
    offered: options.data?.length ?? 0,
    limit: DEVELOPER_PICKER_LIMIT,
    singular: "developer",
  });
  function toggle(person: PersonOption, on: boolean) {
    setKnown((map) => new Map(map).set(person.id, person));
    onChange(on ? [...value, person.id] : value.filter((id) => id !== person.id));
  }
  return (
    <chakra.fieldset borderWidth="1px" borderRadius="l2" p="4" aria-invalid={error ? true : undefined}>
      <chakra.legend id={legendId} px="1" fontWeight="medium" fontSize="sm">
        Developers assigned
      </chakra.legend>
      <Stack gap="3">
        <PickerSearch
          ref={ref}
          label="Find a developer"
          helperText="Type the start of a name or e-mail."
          value={search}
          onChange={setSearch}
          found={found}
          noun="developer"
          limit={DEVELOPER_PICKER_LIMIT}
          disabled={disabled}
          // Under the search, which a failed submit focuses: the error is read with the field that has the focus.
          error={error}
        />
        <Stack as="ul" gap="1" listStyleType="none" maxH="56" overflowY="auto" aria-labelledby={legendId}>
          {[...selected, ...others].map((person) => (
            <li key={person.id}>
              <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
                <chakra.input
                  type="checkbox"
                  checked={value.includes(person.id)}
                  disabled={disabled}
                  onChange={(event) => toggle(person, event.target.checked)}
                  accentColor="brand.solid"
                  boxSize="4"
                />
                <span>{personLabel(person)}</span>
              </HStack>
            </li>
          ))}
        </Stack>
        {help && (
          <Text color="fg.muted" fontSize="sm">
            {help}
          </Text>
        )}
      </Stack>
    </chakra.fieldset>
  );
}
