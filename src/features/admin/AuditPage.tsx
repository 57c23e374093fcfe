import { Box, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuHistory } from "react-icons/lu";
import type { AuditEntryView, AuditSort } from "../../../common/admin";
import { formatDateTime } from "../../../common/format";
import { DATE_INPUT_RANGE } from "../../../common/schemas";
import { FormField, SelectInput, TextInput } from "../../components/FormField";
import { TOAST } from "../../lib/messages";
import { useLoadFailedToast } from "../../lib/toasts";
import { type AdminColumn, AdminTable, type QueryChange } from "./AdminTable";
import { auditFiltersQueryOptions, auditQueryOptions } from "./audit-api";
import type { AuditSearch } from "./search";

/**
 * Admin › Audit log (issue #7): every administrator change, newest first, read-only, filtered and
 * sorted (when, who, what) in the URL. Who is the name the person had when they made the change.
 */
export function AuditPage({ query, onQueryChange }: { query: AuditSearch; onQueryChange: QueryChange<AuditSearch> }) {
  const entries = useQuery(auditQueryOptions(query));
  const filtered = !!(query.actor || query.kind || query.from || query.to);

  useLoadFailedToast(entries.isError, TOAST.auditLoadFailed);

  const columns: AdminColumn<AuditEntryView, AuditSort>[] = [
    {
      key: "when",
      header: "When",
      sort: "when",
      cell: (entry) => <Text whiteSpace="nowrap">{formatDateTime(entry.createdAt)}</Text>,
    },
    {
      key: "who",
      header: "Who",
      sort: "who",
      cell: (entry) => entry.actorName ?? (entry.actorId ? "Deleted person" : "—"),
    },
    {
      key: "what",
      header: "What",
      sort: "what",
      cell: (entry) => (
        <Stack gap="0">
          <Text fontWeight="medium">{describeAction(entry.action)}</Text>
          <Text color="fg.muted" fontSize="xs" fontFamily="mono">
            {entry.action}
            {entry.entityId ? ` · ${entry.entityId}` : ""}
          </Text>
        </Stack>
      ),
    },
    {
      key: "changes",
      header: "Changes",
      wide: true,
      cell: (entry) => <ChangeDiff before={entry.before} after={entry.after} />,
    },
  ];

  return (
    <Stack gap="4">
      <AuditFilterBar query={query} onQueryChange={onQueryChange} />
      <AdminTable
        caption="All changes"
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        data={entries.data}
        pending={entries.isPending}
        error={entries.isError}
        onRetry={() => entries.refetch()}
        empty={{
          title: filtered ? "No changes match these filters" : "No changes recorded yet",
          text: filtered
            ? "Try another person, kind or dates."
            : "Every change an administrator makes is recorded here.",
          icon: <LuHistory aria-hidden="true" />,
        }}
      />
    </Stack>
  );
}

function AuditFilterBar({ query, onQueryChange }: { query: AuditSearch; onQueryChange: QueryChange<AuditSearch> }) {
  const choices = useQuery(auditFiltersQueryOptions);
  const set = (key: "actor" | "kind" | "from" | "to", value: string) =>
    onQueryChange({ [key]: value || undefined, page: 1 });
  const people = choices.data?.people ?? [];
  const entities = choices.data?.entities ?? [];
  const actions = choices.data?.actions ?? [];
  return (
    <SimpleGrid as="search" aria-label="Filter the audit log" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
      <FormField label="Person">
        <SelectInput value={query.actor ?? ""} onChange={(event) => set("actor", event.target.value)}>
          <option value="">Everyone</option>
          {query.actor && !people.some((person) => person.id === query.actor) && (
            <option value={query.actor}>Selected person</option>
          )}
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectInput>
      </FormField>
      <FormField label="Kind">
        <SelectInput value={query.kind ?? ""} onChange={(event) => set("kind", event.target.value)}>
          <option value="">Every kind</option>
          {query.kind && !entities.includes(query.kind) && !actions.includes(query.kind) && (
            <option value={query.kind}>{query.kind}</option>
          )}
          <optgroup label="Everything about">
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {humanize(entity)}
              </option>
            ))}
          </optgroup>
          <optgroup label="One action">
            {actions.map((action) => (
              <option key={action} value={action}>
                {describeAction(action)}
              </option>
            ))}
          </optgroup>
        </SelectInput>
      </FormField>
      <FormField label="From">
        <TextInput
          type="date"
          value={query.from ?? ""}
          min={DATE_INPUT_RANGE.min}
          max={query.to ?? DATE_INPUT_RANGE.max}
          onChange={(event) => set("from", event.target.value)}
        />
      </FormField>
      <FormField label="To">
        <TextInput
          type="date"
          value={query.to ?? ""}
          min={query.from ?? DATE_INPUT_RANGE.min}
          max={DATE_INPUT_RANGE.max}
          onChange={(event) => set("to", event.target.value)}
        />
      </FormField>
    </SimpleGrid>
  );
}

/** "assignedTo" → "Assigned to", "task" → "Task". */
export function humanize(name: string): string {
  const words = name
    .replace(/[_.-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "task.create" → "Task created", every verb the server audits; one it does not know reads as "Task verb". */
const VERBS: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  deactivate: "deactivated",
  reactivate: "reactivated",
  approve: "approved",
  cancel: "cancelled",
  end: "ended",
  mark_paid: "marked paid",
  reorder: "reordered",
  hide: "hidden",
  show: "shown",
  reinvite: "invited again",
  sign_out: "signed out everywhere",
};
export function describeAction(action: string): string {
  const [entity = action, verb] = action.split(".");
  if (!verb) return humanize(entity);
  return `${humanize(entity)} ${VERBS[verb] ?? humanize(verb).toLowerCase()}`;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before and after, field by field: a created row lists what it was created
 * with, a deleted row what it held, an update each field that changed (was →
 * now). Screen readers hear "was" and "now".
 */
export function ChangeDiff({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = before && after ? fields.filter((field) => !same(before[field], after[field])) : fields;
  if (changed.length === 0) return <Text color="fg.muted">No field changed</Text>;
  return (
    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1" fontSize="sm" maxW="md">
      {changed.map((field) => (
        <Box key={field} display="contents">
          <Box as="dt" color="fg.muted">
            {humanize(field)}
          </Box>
          <Box as="dd" minW="0">
            {before && after ? (
              <HStack gap="1" flexWrap="wrap">
                <Text as="del" color="red.fg" wordBreak="break-word">
                  <Text as="span" srOnly>
                    was{" "}
                  </Text>
                  {show(before[field])}
                </Text>
                <Text as="span" aria-hidden="true">
                  →
                </Text>
                <Text as="ins" textDecoration="none" color="green.fg" wordBreak="break-word">
                  <Text as="span" srOnly>
                    now{" "}
                  </Text>
                  {show(after[field])}
                </Text>
              </HStack>
            ) : (
              <Text as="span" wordBreak="break-word" lineClamp="3">
                {show((after ?? before)?.[field])}
              </Text>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
