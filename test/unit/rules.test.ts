import { describe, expect, it } from "vitest";
import { type Actor, type Collection, type ProjectFacts, rules, type Scope, scopePerson } from "../../server/rules";

/**
 * Every rule for every role, written out by hand from spec §6 and the rules'
 * doc comments. Each row is one collection × action with the verdict for the
 * six actors, in this order:
 *   anonymous, client A (owns the row), client B, assigned developer,
 *   unassigned developer, administrator.
 * The table's type lists every action of every collection, so a new rule
 * cannot be added without a row here.
 */

const ids = { clientA: "client-a", clientB: "client-b", devIn: "dev-in", devOut: "dev-out", admin: "admin-1" };
const actors: { name: string; actor: Actor }[] = [
  { name: "anonymous", actor: null },
  { name: "client A (owner)", actor: { id: ids.clientA, role: "client" } },
  { name: "client B", actor: { id: ids.clientB, role: "client" } },
  { name: "assigned developer", actor: { id: ids.devIn, role: "developer" } },
  { name: "unassigned developer", actor: { id: ids.devOut, role: "developer" } },
  { name: "administrator", actor: { id: ids.admin, role: "admin" } },
];

type Six<T> = readonly [T, T, T, T, T, T];
type Verdicts = Six<boolean>;

/** The facts of "the row" each collection's rules are asked about. */
const project: ProjectFacts = { clientId: ids.clientA, developerIds: [ids.devIn] };
const owned = { clientId: ids.clientA };
const facts: Record<Collection, unknown> = {
  adminConsole: undefined,
  users: { id: ids.clientA },
  sessions: { userId: ids.clientA },
  projects: project,
  projectMessages: project,
  milestones: project,
  files: { project, uploaderId: ids.clientA },
  invoices: owned,
  tasks: { assignedTo: ids.devIn, projectClientId: ids.clientA },
  services: { status: "active" },
  serviceOrders: owned,
  dashboard: undefined,
  plans: undefined,
  enquiries: undefined,
  auditLog: undefined,
  mailOutbox: undefined,
};

const T = true;
const F = false;
const none: Scope = { kind: "none" };
const all: Scope = { kind: "all" };
const ownClient: Six<Scope> = [
  none,
  { kind: "client", clientId: ids.clientA },
  { kind: "client", clientId: ids.clientB },
  none,
  none,
  all,
];
const adminOnlyScope: Six<Scope> = [none, none, none, none, none, all];

type Table = { [C in Collection]: { [A in keyof (typeof rules)[C]]: A extends "scope" ? Six<Scope> : Verdicts } };

//                          anon client A client B dev in dev out admin
const expected: Table = {
  // The admin console (its routes and its screens' live keys): administrators only.
  adminConsole: {
    use: [F, F, F, F, F, T],
  },
  // Everyone reads and edits their own profile; administrators manage people but cannot delete themselves.
  users: {
    scope: adminOnlyScope,
    read: [F, T, F, F, F, T],
    create: [F, F, F, F, F, T],
    update: [F, T, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // A session is its person's alone: not even an administrator lists or ends one (they deactivate the account).
  sessions: {
    read: [F, T, F, F, F, F],
    delete: [F, T, F, F, F, F],
  },
  // Clients see their own projects, developers the ones they are assigned to; only admins manage them.
  projects: {
    scope: [
      none,
      { kind: "client", clientId: ids.clientA },
      { kind: "client", clientId: ids.clientB },
      { kind: "developer", developerId: ids.devIn },
      { kind: "developer", developerId: ids.devOut },
      all,
    ],
    read: [F, T, F, T, F, T],
    create: [F, F, F, F, F, T],
    update: [F, F, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // The thread is open to everyone on the project; messages are never edited.
  projectMessages: {
    read: [F, T, F, T, F, T],
    create: [F, T, F, T, F, T],
    update: [F, F, F, F, F, F],
    delete: [F, F, F, F, F, T],
  },
  // §6: clients add milestones and mark them complete or paid on their own projects.
  milestones: {
    read: [F, T, F, T, F, T],
    create: [F, T, F, F, F, T],
    update: [F, T, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // Issue #8: files are open to everyone on the project; the uploader (here client A) or an admin deletes one.
  files: {
    read: [F, T, F, T, F, T],
    create: [F, T, F, T, F, T],
    update: [F, F, F, F, F, F],
    delete: [F, T, F, F, F, T],
    attach: [F, T, F, F, F, T],
  },
  // §6: clients view their own invoices; admins manage them.
  invoices: {
    scope: ownClient,
    read: [F, T, F, F, F, T],
    create: [F, F, F, F, F, T],
    update: [F, F, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // §6: developers see and update the tasks assigned to them (the row is assigned to "dev in"); §1: clients see
  // the tasks on their projects (the row is on client A's), and move none.
  tasks: {
    scope: [
      none,
      { kind: "client", clientId: ids.clientA },
      { kind: "client", clientId: ids.clientB },
      { kind: "assignee", userId: ids.devIn },
      { kind: "assignee", userId: ids.devOut },
      all,
    ],
    read: [F, T, F, T, F, T],
    create: [F, F, F, F, F, T],
    update: [F, F, F, T, F, T],
    delete: [F, F, F, F, F, T],
  },
  // An active service: public. (The inactive case is its own test below.)
  services: {
    scope: [{ kind: "active" }, { kind: "active" }, { kind: "active" }, { kind: "active" }, { kind: "active" }, all],
    read: [T, T, T, T, T, T],
    create: [F, F, F, F, F, T],
    update: [F, F, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // §6: clients order services and view their own orders; admins approve or cancel; orders are never deleted.
  serviceOrders: {
    scope: ownClient,
    read: [F, T, F, F, F, T],
    create: [F, T, T, F, F, F],
    update: [F, F, F, F, F, T],
    withdraw: [F, T, F, F, F, F],
    delete: [F, F, F, F, F, F],
  },
  // Clients' and developers' own dashboards; administrators have the admin console.
  dashboard: {
    read: [F, T, T, T, T, F],
  },
  // Published content.
  plans: {
    scope: [all, all, all, all, all, all],
    read: [T, T, T, T, T, T],
    create: [F, F, F, F, F, T],
    update: [F, F, F, F, F, T],
    delete: [F, F, F, F, F, T],
  },
  // Anyone may send an enquiry (the public contact form); only administrators read or delete them.
  enquiries: {
    scope: adminOnlyScope,
    read: [F, F, F, F, F, T],
    create: [T, T, T, T, T, T],
    update: [F, F, F, F, F, F],
    delete: [F, F, F, F, F, T],
  },
  // Written by the server only.
  auditLog: {
    scope: adminOnlyScope,
    read: [F, F, F, F, F, T],
    create: [F, F, F, F, F, F],
    update: [F, F, F, F, F, F],
    delete: [F, F, F, F, F, F],
  },
  mailOutbox: {
    scope: adminOnlyScope,
    read: [F, F, F, F, F, T],
    create: [F, F, F, F, F, F],
    update: [F, F, F, F, F, F],
    delete: [F, F, F, F, F, F],
  },
};

type AnyRule = (actor: Actor, facts?: unknown) => unknown;
const ruleOf = (collection: Collection, action: string) =>
  (rules[collection] as unknown as Record<string, AnyRule>)[action] as AnyRule;

const rows = (Object.keys(expected) as Collection[]).flatMap((collection) =>
  Object.entries(expected[collection] as Record<string, Six<boolean | Scope>>).map(
    ([action, verdicts]) => [collection, action, verdicts] as const,
  ),
);

describe("access rules", () => {
  it("the table covers every collection and every action of the rules module, and nothing else", () => {
    const actual = Object.fromEntries(
      Object.entries(rules).map(([collection, actions]) => [collection, Object.keys(actions).sort()]),
    );
    const table = Object.fromEntries(
      Object.entries(expected).map(([collection, actions]) => [collection, Object.keys(actions).sort()]),
    );
    expect(table).toEqual(actual);
  });

  describe.each(rows)("%s.%s", (collection, action, verdicts) => {
    it.each(actors.map((entry, index) => [entry.name, entry.actor, verdicts[index]] as const))(
      "%s",
      (_name, actor, verdict) => {
        expect(ruleOf(collection, action)(actor, facts[collection])).toEqual(verdict);
      },
    );
  });

  /** What a list query would return for `scope`, applied to the row's facts. */
  function inScope(scope: Scope, row: unknown): boolean {
    const r = (row ?? {}) as {
      clientId?: string;
      projectClientId?: string;
      developerIds?: string[];
      assignedTo?: string;
      status?: string;
    };
    switch (scope.kind) {
      case "all":
        return true;
      case "none":
        return false;
      case "client":
        // A task is in a client's scope through its project (server/data/tasks.ts, clientProjects).
        return (r.clientId ?? r.projectClientId) === scope.clientId;
      case "developer":
        return r.developerIds?.includes(scope.developerId) ?? false;
      case "assignee":
        return r.assignedTo === scope.userId;
      case "active":
        return r.status === "active";
    }
  }

  // Lists and single reads must agree, or a row shows in a list and then 404s (or the reverse).
  // Users are the exception: everyone reads their own profile through /api/me, only admins list people.
  const scoped = (Object.keys(rules) as Collection[]).filter(
    (collection) => "scope" in rules[collection] && collection !== "users",
  );
  describe.each(scoped)("%s: scope agrees with read", (collection) => {
    it.each(actors.map((entry) => [entry.name, entry.actor] as const))("%s", (_name, actor) => {
      const scope = ruleOf(collection, "scope")(actor) as Scope;
      expect(inScope(scope, facts[collection])).toBe(ruleOf(collection, "read")(actor, facts[collection]));
    });
  });

  it("an inactive service is seen by administrators only", () => {
    const inactive = { status: "inactive" };
    expect(actors.map(({ actor }) => rules.services.read(actor, inactive))).toEqual([F, F, F, F, F, T]);
    expect(actors.map(({ actor }) => inScope(rules.services.scope(actor), inactive))).toEqual([F, F, F, F, F, T]);
  });

  it("an administrator cannot delete their own account", () => {
    expect(rules.users.delete({ id: ids.admin, role: "admin" }, { id: ids.admin })).toBe(false);
  });

  it("a developer on the project but not the task's assignee cannot read or move the task", () => {
    const task = { assignedTo: ids.devOut, projectClientId: ids.clientA };
    const devIn: Actor = { id: ids.devIn, role: "developer" };
    expect(rules.tasks.read(devIn, task)).toBe(false);
    expect(rules.tasks.update(devIn, task)).toBe(false);
  });

  it("an unassigned task on no project is seen and moved by administrators only", () => {
    const task = { assignedTo: null, projectClientId: null };
    expect(actors.map(({ actor }) => rules.tasks.read(actor, task))).toEqual([F, F, F, F, F, T]);
    expect(actors.map(({ actor }) => rules.tasks.update(actor, task))).toEqual([F, F, F, F, F, T]);
  });

  it("an unassigned task on client A's project is seen by client A too, and moved by administrators only", () => {
    const task = { assignedTo: null, projectClientId: ids.clientA };
    expect(actors.map(({ actor }) => rules.tasks.read(actor, task))).toEqual([F, T, F, F, F, T]);
    expect(actors.map(({ actor }) => rules.tasks.update(actor, task))).toEqual([F, F, F, F, F, T]);
  });

  it("a file is attached to a message by its uploader while on the project, or by an administrator", () => {
    const byDeveloper = { project, uploaderId: ids.devIn };
    expect(actors.map(({ actor }) => rules.files.attach(actor, byDeveloper))).toEqual([F, F, F, T, F, T]);
    const offProject = { project: { ...project, developerIds: [] }, uploaderId: ids.devIn };
    expect(actors.map(({ actor }) => rules.files.attach(actor, offProject))).toEqual([F, F, F, F, F, T]);
  });

  it("a file is deleted by its uploader while they are on the project, or by an administrator", () => {
    const byDeveloper = { project, uploaderId: ids.devIn };
    expect(actors.map(({ actor }) => rules.files.delete(actor, byDeveloper))).toEqual([F, F, F, T, F, T]);
    // Taken off the project, the developer no longer deletes what they uploaded.
    const offProject = { project: { ...project, developerIds: [] }, uploaderId: ids.devIn };
    expect(actors.map(({ actor }) => rules.files.delete(actor, offProject))).toEqual([F, F, F, F, F, T]);
    // An uploader whose account is gone: administrators only.
    expect(actors.map(({ actor }) => rules.files.delete(actor, { project, uploaderId: null }))).toEqual([
      F,
      F,
      F,
      F,
      F,
      T,
    ]);
  });
});

describe("scopePerson", () => {
  it("names the person a scope narrows to, and no one for the others", () => {
    expect(scopePerson({ kind: "client", clientId: ids.clientA })).toBe(ids.clientA);
    expect(scopePerson({ kind: "developer", developerId: ids.devIn })).toBe(ids.devIn);
    expect(scopePerson({ kind: "assignee", userId: ids.devOut })).toBe(ids.devOut);
    for (const kind of ["all", "none", "active"] as const) expect(scopePerson({ kind })).toBeUndefined();
  });
});
