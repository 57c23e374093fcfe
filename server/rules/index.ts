import type { Role } from "../../common/domain";

/**
 * The access rules: the one place that decides who may do what. The API and
 * the live hub call these and nothing else. Every rule is a small pure
 * function of the actor and the facts about the row that matter to it.
 */
export type Actor = { id: string; role: Role } | null;

export type Action = "read" | "create" | "update" | "delete";

/** Who owns a project and who works on it. */
export type ProjectFacts = { clientId: string; developerIds: readonly string[] };
export type OwnedFacts = { clientId: string };
/** A task's assignee, and the client whose project holds it (null for a task on no project). */
export type TaskFacts = { assignedTo: string | null; projectClientId: string | null };
export type ServiceFacts = { status: string };
export type UserFacts = { id: string };
/** A signed-in session: whose it is. */
export type SessionFacts = { userId: string };
/** A project file: its project and who uploaded it (null once their account is gone). */
export type FileFacts = { project: ProjectFacts; uploaderId: string | null };

/** Which rows of a collection an actor may list; routes turn it into a WHERE clause. */
export type Scope =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "client"; clientId: string }
  | { kind: "developer"; developerId: string }
  | { kind: "assignee"; userId: string }
  | { kind: "active" };

/** The person a scope narrows the rows to (its client, developer or assignee); undefined for the others. */
export function scopePerson(scope: Scope): string | undefined {
  if (scope.kind === "client") return scope.clientId;
  if (scope.kind === "developer") return scope.developerId;
  if (scope.kind === "assignee") return scope.userId;
  return undefined;
}

const isAdmin = (actor: Actor): actor is { id: string; role: "admin" } => actor?.role === "admin";
const isClient = (actor: Actor) => actor?.role === "client";
const never = () => false;
const adminOnly = (actor: Actor) => isAdmin(actor);

function worksOn(actor: Actor, project: ProjectFacts): boolean {
  if (!actor) return false;
  if (isAdmin(actor)) return true;
  if (actor.role === "client") return project.clientId === actor.id;
  if (actor.role === "developer") return project.developerIds.includes(actor.id);
  return false;
}

const owns = (actor: Actor, row: OwnedFacts) => isAdmin(actor) || (isClient(actor) && row.clientId === actor?.id);

function ownershipScope(actor: Actor): Scope {
  if (!actor) return { kind: "none" };
  if (isAdmin(actor)) return { kind: "all" };
  if (actor.role === "client") return { kind: "client", clientId: actor.id };
  return { kind: "none" };
}

export const rules = {
  /** The admin console (issue #7): its routes (requireAdmin) and the live keys of its screens. */
  adminConsole: {
    use: (actor: Actor) => isAdmin(actor),
  },

  /** People: everyone reads and edits their own profile; administrators manage all. */
  users: {
    scope: (actor: Actor): Scope => (isAdmin(actor) ? { kind: "all" } : { kind: "none" }),
    read: (actor: Actor, user: UserFacts) => isAdmin(actor) || actor?.id === user.id,
    create: adminOnly,
    update: (actor: Actor, user: UserFacts) => isAdmin(actor) || actor?.id === user.id,
    delete: (actor: Actor, user: UserFacts) => isAdmin(actor) && actor.id !== user.id,
  },

  /**
   * Signed-in sessions (Settings' devices): each person sees and ends their own, nobody else's; an
   * administrator ends someone's by deactivating the account.
   */
  sessions: {
    read: (actor: Actor, session: SessionFacts) => !!actor && actor.id === session.userId,
    delete: (actor: Actor, session: SessionFacts) => !!actor && actor.id === session.userId,
  },

  projects: {
    scope(actor: Actor): Scope {
      if (actor?.role === "developer") return { kind: "developer", developerId: actor.id };
      return ownershipScope(actor);
    },
    read: worksOn,
    create: adminOnly,
    update: (actor: Actor, _project: ProjectFacts) => isAdmin(actor),
    delete: (actor: Actor, _project: ProjectFacts) => isAdmin(actor),
  },

  /** A project's thread is open to everyone on the project; messages are never edited. */
  projectMessages: {
    read: worksOn,
    create: worksOn,
    update: never,
    delete: (actor: Actor, _project: ProjectFacts) => isAdmin(actor),
  },

  /** Project files (issue #8): everyone on the project reads and uploads; the uploader or an administrator deletes. */
  files: {
    read: (actor: Actor, file: FileFacts) => worksOn(actor, file.project),
    /** `file` is the one about to be uploaded: its project, no uploader yet. */
    create: (actor: Actor, file: FileFacts) => worksOn(actor, file.project),
    update: never,
    delete: (actor: Actor, file: FileFacts) =>
      isAdmin(actor) || (!!actor && worksOn(actor, file.project) && file.uploaderId === actor.id),
    /** To a message on the file's own project (the route checks that): what one uploaded, or any file for an administrator. */
    attach: (actor: Actor, file: FileFacts) =>
      isAdmin(actor) || (!!actor && worksOn(actor, file.project) && file.uploaderId === actor.id),
  },

  /** Spec §6: clients add milestones and mark them complete or paid on their own projects. */
  milestones: {
    read: worksOn,
    create: (actor: Actor, project: ProjectFacts) => isAdmin(actor) || (isClient(actor) && worksOn(actor, project)),
    update: (actor: Actor, project: ProjectFacts) => isAdmin(actor) || (isClient(actor) && worksOn(actor, project)),
    delete: (actor: Actor, _project: ProjectFacts) => isAdmin(actor),
  },

  invoices: {
    scope: ownershipScope,
    read: owns,
    create: adminOnly,
    update: (actor: Actor, _invoice: OwnedFacts) => isAdmin(actor),
    delete: (actor: Actor, _invoice: OwnedFacts) => isAdmin(actor),
  },

  /**
   * Tasks are seen and moved by the person they are assigned to. A client follows the tasks on their
   * own projects and moves none (spec §1: clients "see tasks"; only staff are ever assigned one).
   */
  tasks: {
    scope(actor: Actor): Scope {
      if (!actor) return { kind: "none" };
      if (isAdmin(actor)) return { kind: "all" };
      if (isClient(actor)) return { kind: "client", clientId: actor.id };
      return { kind: "assignee", userId: actor.id };
    },
    read: (actor: Actor, task: TaskFacts) =>
      isAdmin(actor) ||
      (!!actor && task.assignedTo === actor.id) ||
      (isClient(actor) && task.projectClientId === actor?.id),
    create: adminOnly,
    update: (actor: Actor, task: TaskFacts) => isAdmin(actor) || (!!actor && task.assignedTo === actor.id),
    delete: (actor: Actor, _task: TaskFacts) => isAdmin(actor),
  },

  /** Active services are public; the rest only administrators see. */
  services: {
    scope: (actor: Actor): Scope => (isAdmin(actor) ? { kind: "all" } : { kind: "active" }),
    read: (actor: Actor, service: ServiceFacts) => service.status === "active" || isAdmin(actor),
    create: adminOnly,
    update: (actor: Actor, _service: ServiceFacts) => isAdmin(actor),
    delete: (actor: Actor, _service: ServiceFacts) => isAdmin(actor),
  },

  serviceOrders: {
    scope: ownershipScope,
    read: owns,
    /** Clients order for themselves; the server sets client and total. */
    create: (actor: Actor) => isClient(actor),
    update: (actor: Actor, _order: OwnedFacts) => isAdmin(actor),
    /** A client takes back their own order while it is pending; administrators cancel on Bookings (audited). */
    withdraw: (actor: Actor, order: OwnedFacts) => isClient(actor) && order.clientId === actor?.id,
    delete: never,
  },

  /** The portal dashboard (GET /api/dashboard) of clients and developers; administrators have their own console. */
  dashboard: {
    read: (actor: Actor) => actor?.role === "client" || actor?.role === "developer",
  },

  /** Plans are published content. */
  plans: {
    scope: (_actor: Actor): Scope => ({ kind: "all" }),
    read: (_actor: Actor) => true,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },

  /** Anyone may send an enquiry; only administrators read them. */
  enquiries: {
    scope: (actor: Actor): Scope => (isAdmin(actor) ? { kind: "all" } : { kind: "none" }),
    read: adminOnly,
    create: (_actor: Actor) => true,
    update: never,
    delete: adminOnly,
  },

  /** The audit log is written by the server only and never changed. */
  auditLog: {
    scope: (actor: Actor): Scope => (isAdmin(actor) ? { kind: "all" } : { kind: "none" }),
    read: adminOnly,
    create: never,
    update: never,
    delete: never,
  },

  /** The local mail outbox, readable by administrators when no SMTP server is set. */
  mailOutbox: {
    scope: (actor: Actor): Scope => (isAdmin(actor) ? { kind: "all" } : { kind: "none" }),
    read: adminOnly,
    create: never,
    update: never,
    delete: never,
  },
} as const;

export type Collection = keyof typeof rules;
