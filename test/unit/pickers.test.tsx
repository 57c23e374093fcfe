// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import {
  ASSIGNEE_OPTIONS_LIMIT,
  DEVELOPER_PICKER_LIMIT,
  type PersonOption,
  PICKER_LIMIT,
  PROJECT_OPTIONS_LIMIT,
  type ProjectOption,
  TASK_PROJECT_OPTIONS_LIMIT,
  type TaskAssigneeOption,
} from "../../common/admin-money";
import { InvoiceFields, type InvoiceFieldValues } from "../../src/features/admin/InvoiceFields";
import { pickerFirstOnly, pickerFound } from "../../src/features/admin/labels";
import {
  AssigneeSearchSelect,
  ClientPicker,
  DeveloperPicker,
  ProjectSearchSelect,
} from "../../src/features/admin/Pickers";
import { portalSystem } from "../../src/theme/portalSystem";

/**
 * A picker offers what the server gives, at most its limit (a select cannot hold 10,000 clients): when it
 * offers that many, it says there may be others and that a search finds them, on screen and in what a
 * search's results announce, instead of a count that reads as all there are.
 */
const people = (count: number, kind: string): PersonOption[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${kind}-${index}`,
    fullName: `${kind} ${index}`,
    email: `${kind}${index}@example.test`,
    companyName: null,
  }));

const projectOptions = (count: number): ProjectOption[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    title: `Project ${index}`,
  }));

/** The picker as the server renders it, its first read answered with `options` under `key`. */
function render(node: ReactNode, key: unknown[], options: unknown[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(key, options);
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(
    <ChakraProvider value={portalSystem}>
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </ChakraProvider>,
  );
  return host.textContent ?? "";
}

const INVOICE_CLIENT = "client-1";

/** The invoice form's fields, for INVOICE_CLIENT. */
function Fields() {
  const form = useForm<InvoiceFieldValues>({ defaultValues: { projectId: null, amount: "", dueDate: "" } });
  return <InvoiceFields form={form} clientId={INVOICE_CLIENT} disabled={false} />;
}

describe("a picker at its limit", () => {
  it("the client picker says only the first clients are offered when the server gave as many as it gives", () => {
    const key = ["admin", "client-options", ""];
    const picker = <ClientPicker value="" onChange={() => {}} />;
    expect(render(picker, key, people(PICKER_LIMIT, "client"))).toContain(pickerFirstOnly(PICKER_LIMIT, "clients"));
    expect(render(picker, key, people(PICKER_LIMIT - 1, "client"))).not.toContain("Only the first");
  });

  it("the developer picker says the same at its own limit", () => {
    const key = ["admin", "developer-options", ""];
    const picker = <DeveloperPicker value={[]} onChange={() => {}} />;
    const full = render(picker, key, people(DEVELOPER_PICKER_LIMIT, "developer"));
    expect(full).toContain(pickerFirstOnly(DEVELOPER_PICKER_LIMIT, "developers"));
    expect(render(picker, key, people(3, "developer"))).not.toContain("Only the first");
  });

  it("the project select says so when it offers as many projects as the server gives", () => {
    const projects = projectOptions(TASK_PROJECT_OPTIONS_LIMIT);
    const select = (offered: ProjectOption[]) => (
      <ProjectSearchSelect
        search=""
        onSearchChange={() => {}}
        projects={offered}
        noneLabel="Any project"
        loadFailed={false}
        busy={false}
        searched
        limit={TASK_PROJECT_OPTIONS_LIMIT}
      />
    );
    const text = renderToStaticMarkup(<ChakraProvider value={portalSystem}>{select(projects)}</ChakraProvider>);
    expect(text).toContain(pickerFirstOnly(TASK_PROJECT_OPTIONS_LIMIT, "projects"));
    const fewer = renderToStaticMarkup(
      <ChakraProvider value={portalSystem}>{select(projects.slice(1))}</ChakraProvider>,
    );
    expect(fewer).not.toContain("Only the first");
  });

  it("the assignee select says so in people, and names the person chosen that a search no longer offers", () => {
    const staff: TaskAssigneeOption[] = Array.from({ length: ASSIGNEE_OPTIONS_LIMIT }, (_, index) => ({
      id: `staff-${index}`,
      name: `Staff ${index}`,
      role: "developer",
    }));
    const select = (offered: TaskAssigneeOption[], search = "") =>
      renderToStaticMarkup(
        <ChakraProvider value={portalSystem}>
          <AssigneeSearchSelect
            search={search}
            onSearchChange={() => {}}
            people={offered}
            extra={{ id: "chosen", name: "Ada Chosen" }}
            noneLabel="Everyone"
            loadFailed={false}
            busy={false}
            searched
            limit={ASSIGNEE_OPTIONS_LIMIT}
            value="chosen"
            onChange={() => {}}
          />
        </ChakraProvider>,
      );
    expect(select(staff)).toContain(pickerFirstOnly(ASSIGNEE_OPTIONS_LIMIT, "people"));
    const none = select([], "nobody");
    expect(none).toContain(pickerFound(0, "person", "people"));
    expect(none).toContain('<option value="chosen" selected="">Ada Chosen</option>');
    expect(select(staff.slice(1))).not.toContain("Only the first");
  });

  it("the invoice form's project select says so at its own limit, and what it offers otherwise", () => {
    const key = ["admin", "project-options", INVOICE_CLIENT, ""];
    expect(render(<Fields />, key, projectOptions(PROJECT_OPTIONS_LIMIT))).toContain(
      pickerFirstOnly(PROJECT_OPTIONS_LIMIT, "projects"),
    );
    const fewer = render(<Fields />, key, projectOptions(3));
    expect(fewer).not.toContain("Only the first");
    expect(fewer).toContain("One of this client's projects, or none.");
  });

  it("a search's results say 'or more' when they fill the limit, and the count otherwise", () => {
    expect(pickerFound(20, "client", "clients", 20)).toBe(
      "20 or more clients match this search: type more to narrow them.",
    );
    expect(pickerFound(19, "client", "clients", 20)).toBe("19 clients match this search.");
    expect(pickerFound(1, "client", "clients", 20)).toBe("1 client matches this search.");
    expect(pickerFound(0, "client", "clients", 20)).toBe("No clients match this search.");
  });
});
