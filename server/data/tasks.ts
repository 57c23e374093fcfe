import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { ASSIGNEE_OPTIONS_LIMIT, TASK_PROJECT_OPTIONS_LIMIT } from "../../common/admin-money";
import { TASK_STATUSES, type TaskStatus } from "../../common/domain";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead, preparedValue } from "../db/prepared";
import { lastWordOf, projectDevelopers, projects, tasks, users } from "../db/schema";
import { NAMED_PEOPLE_READ, type NamedPeople, namedInclude, namedPeople } from "../functions/changes";
import { prefixSearch } from "../http/admin-table";
import { beforeCursor, cursorPageRead } from "../http/cursor";
import { invalidate, type LiveCollection } from "../live/collection";
import { type Actor, rules, type Scope, type TaskFacts } from "../rules";
import { developerTaskCounts, readCounters } from "./counters";

/** Reads of tasks shared by the REST routes and the live hub, so both send the same shape. */

/**
 * A task as the screens show it (My Tasks, Admin › Tasks, the dashboards): who created it and when
 * it last changed are kept on the row but shown nowhere, so a page carries neither, nor joins the
 * creator. Carrying them cost My Tasks' 50-row page a quarter of its bytes and a join: 2,338, 2,275,
 * 2,259 req/s with them, 3,133, 2,991, 2,993 without (full-scale data set, 50 connections).
 */
const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  assignedTo: tasks.assignedTo,
  assigneeName: users.fullName,
  // Issue #7: a deactivated developer's tasks stay theirs until reassigned, shown so (false when unassigned).
  assigneeDeactivated: sql<boolean>`${users.archivedAt} is not null`,
  // Admin › Tasks links a developer's name to their page; an administrator assignee has none.
  assigneeRole: users.role,
  projectId: tasks.projectId,
  projectTitle: projects.title,
  // The same for every reader, so one live push serves them all: an administrator or the project's
  // client may open any task's project, its assignee only one they are on (assignmentOfAssignee).
  assigneeOnProject: sql<boolean>`${projectDevelopers.projectId} is not null`,
};

/**
 * The assignee's assignment to the task's project, if any: a probe of project_developers' primary
 * key per task (at most one row). Written as `exists (…)`, the planner hashed the whole table for
 * every page (51,000 rows on the large data set: My Tasks at 551 ms p95).
 */
const assignmentOfAssignee = and(
  eq(projectDevelopers.projectId, tasks.projectId),
  eq(projectDevelopers.developerId, tasks.assignedTo),
);

export type TaskView = Awaited<ReturnType<typeof getTask>>;

/** Tasks as the screens show them, with `extra` columns of the same joins. */
const selectTasks = <Extra extends SelectedFields = Record<never, never>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({ ...taskColumns, ...extra })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assignedTo))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(projectDevelopers, assignmentOfAssignee);

/** Admin › Tasks' filters (issue #7): each has an index with the newest-first order (server/db/schema.ts). */
export type TaskFilters = {
  status?: TaskStatus | undefined;
  assignee?: string | undefined;
  project?: string | undefined;
};

/**
 * Tasks in `scope`, newest first, a page at a time: `after` is the id of the
 * previous page's last row (server/http/cursor.ts).
 */
export function listTasks(db: Db, scope: Scope, options: { limit: number; after?: string | undefined } & TaskFilters) {
  const page = cursorPageRead(scope, options);
  const shape = { ...page.shape, assignee: Boolean(options.assignee), project: Boolean(options.project) };
  return taskPage(db, shape, { ...page.values, assignee: options.assignee, project: options.project });
}

const taskPage = preparedRead(
  "taskPage",
  (
    db,
    shape: {
      scope: Scope["kind"];
      status: boolean;
      assignee: boolean;
      project: boolean;
      after: boolean;
      limit: number;
    },
  ) => {
    const inScope =
      shape.scope === "all"
        ? undefined
        : shape.scope === "assignee"
          ? eq(tasks.assignedTo, sql.placeholder("viewer"))
          : shape.scope === "client"
            ? inArray(tasks.projectId, clientProjects(db))
            : eq(tasks.id, "00000000-0000-0000-0000-000000000000");
    return selectTasks(db)
      .where(
        and(
          inScope,
          shape.status ? eq(tasks.status, sql.placeholder("status")) : undefined,
          shape.assignee ? eq(tasks.assignedTo, sql.placeholder("assignee")) : undefined,
          shape.project ? eq(tasks.projectId, sql.placeholder("project")) : undefined,
          beforeCursor(tasks, shape.after ? sql.placeholder("after") : undefined, {
            scope:
              shape.scope === "assignee"
                ? { column: tasks.assignedTo, equals: sql.placeholder("viewer") }
                : shape.scope === "client"
                  ? { column: tasks.projectId, in: clientProjects(db).getSQL() }
                  : undefined,
          }),
        ),
      )
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(pageLimit(shape.limit));
  },
);

/** The ids of the viewer's projects (a client's, by projects_client_created_idx): the tasks a client follows. */
const clientProjects = (db: Db) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, sql.placeholder("viewer")));

/**
 * The counters of My Tasks: the tasks in `scope` per status. An administrator's and a developer's are
 * running totals (server/data/counters.ts), not counted on every read (a busy developer holds
 * thousands); a client's are counted over their projects' tasks (tasks_project_created_idx), a few
 * dozen for a client.
 */
export async function countTasks(db: Db, scope: Scope): Promise<Record<TaskStatus, number>> {
  const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
  if (scope.kind === "all") {
    const counters = await readCounters(db, ["tasks"]);
    for (const status of TASK_STATUSES) counts[status] = counters.get("tasks", status).count;
  } else if (scope.kind === "assignee") {
    Object.assign(counts, await assigneeTaskCounts(db, {}, { assignee: scope.userId }));
  } else if (scope.kind === "client") {
    for (const { status, count } of await clientTaskCounts(db, {}, { viewer: scope.clientId }))
      counts[status as TaskStatus] = count;
  }
  return counts;
}

const assigneeTaskCounts = preparedValue("assigneeTaskCounts", () => developerTaskCounts(sql.placeholder("assignee")));

const clientTaskCounts = preparedRead("clientTaskCounts", (db) =>
  db
    .select({ status: tasks.status, count: sql<number>`count(*)::int` })
    .from(tasks)
    .where(inArray(tasks.projectId, clientProjects(db)))
    .groupBy(tasks.status),
);

export async function getTask(db: Db, id: string) {
  const [row] = await selectTasks(db).where(eq(tasks.id, id));
  return row;
}

/** The fields of a task an administrator sets, as the audit log keeps them before and after. */
export async function getTaskFields(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      title: tasks.title,
      description: tasks.description,
      status: tasks.status,
      priority: tasks.priority,
      assignedTo: tasks.assignedTo,
      projectId: tasks.projectId,
      dueDate: tasks.dueDate,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .where(eq(tasks.id, id));
  const [row] = await (options.lock ? query.for("update") : query);
  return row;
}

/**
 * Who a task may be assigned to: active developers and administrators, by name, those whose name, surname or
 * e-mail starts with `q` when given (the assignee selects' search: the first 200 are not everyone on a large team).
 */
export function assignableStaff(db: Db, q?: string, limit = ASSIGNEE_OPTIONS_LIMIT) {
  return db
    .select({ id: users.id, name: users.fullName, role: users.role })
    .from(users)
    .where(
      and(
        inArray(users.role, ["developer", "admin"]),
        isNull(users.archivedAt),
        prefixSearch(q, [sql`lower(${users.fullName})`, lastWordOf(users.fullName), sql`lower(${users.email})`]),
      ),
    )
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .limit(pageLimit(limit));
}

/**
 * The projects a task may belong to, by title, those whose title starts with `q` when given (Admin ›
 * Tasks' project search, in its filter and its dialog: 50,000 projects are more than any select
 * offers): in the byte order of projects_title_idx (`~<~`, as the projects list searched by title),
 * so they are read off the index. In the collation's order PostgreSQL sorted every project for the
 * first ones (70 ms).
 */
export function taskProjects(db: Db, q?: string, limit = TASK_PROJECT_OPTIONS_LIMIT) {
  const title = sql`lower(${projects.title})`;
  return db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(prefixSearch(q, [title]))
    .orderBy(sql`${title} using ~<~`, asc(projects.id))
    .limit(pageLimit(limit));
}

export async function getTaskFacts(db: Db | Tx, id: string): Promise<TaskFacts | undefined> {
  const [row] = await db
    .select({ assignedTo: tasks.assignedTo, projectClientId: projects.clientId })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.id, id));
  return row;
}

/** The client whose project is `projectId` (null for none): who follows a task on it. */
export async function projectClientOf(db: Db | Tx, projectId: string | null): Promise<string | null> {
  if (!projectId) return null;
  const [row] = await db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId));
  return row?.clientId ?? null;
}

/** A task as the screens show it, and the facts the rules need about it, in one read (the live hub's). */
async function getTaskAndFacts(db: Db, id: string): Promise<{ task: TaskView; facts: TaskFacts } | undefined> {
  const [row] = await selectTasks(db, { projectClientId: projects.clientId }).where(eq(tasks.id, id));
  if (!row) return undefined;
  const { projectClientId, ...task } = row;
  return { task, facts: { assignedTo: task.assignedTo, projectClientId } };
}

/** The live key of the signed-in person's task list: their own tasks (a client's: those on their projects), or every task for an administrator. */
export const myTasksKey = ["tasks", "mine"] as const;
/** The live key of that list shown for one status (My Tasks' Show filter): a task reaches the key of its status, and leaves the others'. */
export const myTasksOfStatusKey = (status: TaskStatus) => [...myTasksKey, status] as const;
/** The live key of Admin › Tasks: pushed as "refetch" (its filtered, paged lists refetch what they show). */
export const adminTasksKey = ["admin", "tasks"] as const;
/** The live key of My Tasks' counters: pushed as "refetch", since a count has no row to send. */
export const myTaskCountsKey = ["tasks", "counts"] as const;

const isKey = (key: readonly (string | number)[], expected: readonly string[]) =>
  key.length === expected.length && expected.every((part, i) => key[i] === part);

/** Who may subscribe to the task keys: every signed-in person to their own list and counters, administrators to theirs. */
async function authorizeTaskKeys(_db: Db, actor: Actor, key: readonly (string | number)[]) {
  if (isKey(key, adminTasksKey)) return rules.tasks.scope(actor).kind === "all";
  const ofStatus = TASK_STATUSES.some((status) => isKey(key, myTasksOfStatusKey(status)));
  if (!isKey(key, myTasksKey) && !isKey(key, myTaskCountsKey) && !ofStatus) return undefined;
  return rules.tasks.scope(actor).kind !== "none";
}

/**
 * Each viewer's list differs: a task reaches an administrator, its assignee and the client whose
 * project holds it; a task reassigned away from someone, or moved off a client's project, reaches
 * them as a delete, so it leaves their list at once.
 */
export const tasksLive: LiveCollection<"tasks"> = {
  topic: "tasks",
  authorize: authorizeTaskKeys,
  async resolve(db, change) {
    const found = change.op === "delete" ? undefined : await getTaskAndFacts(db, change.id);
    const row = found?.task;
    const facts: TaskFacts = found?.facts ?? { assignedTo: change.assignedTo, projectClientId: change.projectClientId };
    const wasTheirs = (actor: Actor) =>
      !!actor && (change.previousAssignedTo === actor.id || change.previousProjectClientId === actor.id);
    // One push object each: the hub serialises each once, however many receive it.
    const upsert = row ? { op: change.op, row } : undefined;
    const removal = { op: "delete" as const, row: { id: change.id } };
    return [
      {
        key: myTasksKey,
        pushFor(actor) {
          if (rules.tasks.read(actor, facts)) return upsert ?? removal;
          return wasTheirs(actor) ? removal : undefined;
        },
      },
      // A list of one status does not know the status a task had: every other status's list is told
      // to drop it (a delete of a task it does not show changes nothing).
      ...TASK_STATUSES.map((status) => ({
        key: myTasksOfStatusKey(status),
        pushFor(actor: Actor) {
          if (rules.tasks.read(actor, facts)) return row?.status === status ? upsert : removal;
          return wasTheirs(actor) ? removal : undefined;
        },
      })),
      {
        key: myTaskCountsKey,
        pushFor: (actor) => (rules.tasks.read(actor, facts) || wasTheirs(actor) ? invalidate : undefined),
      },
      {
        key: adminTasksKey,
        pushFor: (actor) => (rules.tasks.scope(actor).kind === "all" ? invalidate : undefined),
      },
    ];
  },
};

/**
 * Who the tasks on a project are assigned to, read in the writing transaction before a retitle or
 * a deletion is published (a deletion leaves its tasks on no project, so nothing after the commit
 * could tell); "many" past NAMED_PEOPLE_MAX. One project's tasks, on tasks_project_created_idx.
 */
export async function taskAssigneesOf(tx: Tx, projectId: string): Promise<NamedPeople> {
  const rows = await tx
    .selectDistinct({ id: tasks.assignedTo })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), isNotNull(tasks.assignedTo)))
    .limit(NAMED_PEOPLE_READ);
  return namedPeople(rows.map((row) => row.id));
}

/**
 * Task lists follow their projects, with no task written:
 * - a project given to another client, or deleted (its tasks stay, on no project), changes which
 *   tasks both clients' lists and counters hold;
 * - a project retitled or deleted changes the project every list shows on its tasks: administrators'
 *   lists and its tasks' assignees' refetch too (their counters do not change);
 * - a developer assigned to a project or taken off it may now open it from their tasks on it, or
 *   not (a task's `assigneeOnProject`): their lists refetch.
 * Everyone told refetches; the rules check each again as they read.
 */
export const tasksProjectsLive: LiveCollection<"projects"> = {
  topic: "projects",
  authorize: authorizeTaskKeys,
  async resolve(_db, change) {
    // Given to another client or deleted: which tasks the clients' lists hold changes.
    const clientsChange =
      (!!change.previousClientId && change.previousClientId !== change.clientId) || change.op === "delete";
    const { relabelled, assignmentsChanged } = change;
    // Its developers before and after, when some joined or left (those who stayed refetch too: the change does not name who moved).
    const reassigned = new Set(assignmentsChanged ? change.developerIds : []);
    if (!clientsChange && !relabelled && reassigned.size === 0) return [];
    const clients = new Set([change.clientId, change.previousClientId].filter((id): id is string => !!id));
    const countsChangeFor = (actor: Actor) =>
      clientsChange && !!actor && clients.has(actor.id) && rules.tasks.scope(actor).kind === "client";
    const listChangesFor = (actor: Actor) => {
      if (countsChangeFor(actor)) return true;
      if (!actor) return false;
      const scope = rules.tasks.scope(actor);
      if (scope.kind === "assignee" && reassigned.has(actor.id)) return true;
      if (!relabelled) return false;
      if (scope.kind === "all") return true;
      if (scope.kind === "assignee") return namedInclude(relabelled.taskAssignees, actor.id);
      return scope.kind === "client" && clients.has(actor.id);
    };
    const pushFor = (actor: Actor) => (listChangesFor(actor) ? invalidate : undefined);
    return [
      { key: myTasksKey, pushFor },
      ...TASK_STATUSES.map((status) => ({ key: myTasksOfStatusKey(status), pushFor })),
      { key: myTaskCountsKey, pushFor: (actor) => (countsChangeFor(actor) ? invalidate : undefined) },
      {
        key: adminTasksKey,
        pushFor: (actor) => (relabelled && rules.tasks.scope(actor).kind === "all" ? invalidate : undefined),
      },
    ];
  },
};

/** How many of a person's tasks a rename reads to find their clients; past it, every client's lists refetch. */
const ASSIGNED_TASKS_READ = 500;

/**
 * The clients whose projects hold tasks assigned to `personId` ("many" past NAMED_PEOPLE_MAX, or when
 * they have more than ASSIGNED_TASKS_READ tasks), or undefined when no task is theirs. At most that many
 * of their tasks, on tasks_assigned_created_idx, each one's project on its primary key: a cost paid when
 * a person is renamed, deactivated or given another role, which must not grow with their tasks.
 */
async function clientsOfTasksAssignedTo(db: Db, personId: string): Promise<NamedPeople | undefined> {
  const theirs = db
    .select({ projectId: tasks.projectId })
    .from(tasks)
    .where(eq(tasks.assignedTo, personId))
    .limit(ASSIGNED_TASKS_READ)
    .as("theirs");
  const rows = await db
    .select({ clientId: projects.clientId })
    .from(theirs)
    .leftJoin(projects, eq(projects.id, theirs.projectId));
  if (rows.length === 0) return undefined;
  if (rows.length === ASSIGNED_TASKS_READ) return "many";
  return namedPeople([...new Set(rows.map((row) => row.clientId))]);
}

/**
 * Task lists name each task's assignee: a "people" change of someone tasks are assigned to
 * (renamed, deactivated, given another role: migration 0040's triggers) tells administrators' lists and those of the
 * clients whose projects hold the tasks to refetch. Their counters do not change.
 */
export const tasksPeopleLive: LiveCollection<"people"> = {
  topic: "people",
  authorize: authorizeTaskKeys,
  async resolve(db, change) {
    // Someone added has no task yet, and someone deleted had none (an assignee is deactivated instead).
    if (change.op !== "update") return [];
    const clients = await clientsOfTasksAssignedTo(db, change.id);
    if (!clients) return [];
    const pushFor = (actor: Actor) => {
      const scope = rules.tasks.scope(actor);
      const listChanges =
        scope.kind === "all" || (scope.kind === "client" && !!actor && namedInclude(clients, actor.id));
      return listChanges ? invalidate : undefined;
    };
    return [
      { key: myTasksKey, pushFor },
      ...TASK_STATUSES.map((status) => ({ key: myTasksOfStatusKey(status), pushFor })),
      { key: adminTasksKey, pushFor },
    ];
  },
};
