import { type AnyColumn, and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { ProjectStatus } from "../../common/domain";
import { uuidParam } from "../../common/schemas";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import { messageFiles, projectDevelopers, projectFiles, projectMessages, projects, users } from "../db/schema";
import type { Change } from "../functions/changes";
import { prefixSearchPlaceholders } from "../http/admin-table";
import { beforeCursor, type CursorScope, cursorPageRead, cursorScopeCondition } from "../http/cursor";
import { type Delivery, invalidate, type LiveCollection, type LiveKey } from "../live/collection";
import { presenceProject } from "../live/presence";
import { type Actor, type ProjectFacts, rules, type Scope } from "../rules";

/** Reads shared by the REST routes and the live hub, so both send the same shapes. */

/** A project as every portal read sends it, with its client's name and company. */
export const projectColumns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  status: projects.status,
  progress: projects.progress,
  startDate: projects.startDate,
  endDate: projects.endDate,
  createdAt: projects.createdAt,
  clientId: projects.clientId,
  clientName: users.fullName,
  clientCompany: users.companyName,
  // Issue #7: a deactivated client's projects stay, shown as theirs (a "people" change refetches them).
  clientDeactivated: sql<boolean>`${users.archivedAt} is not null`,
};

export type ProjectView = NonNullable<Awaited<ReturnType<typeof getProject>>>;

/**
 * Projects in `scope`, newest first (created_at desc, id desc), a page at a
 * time: `after` is the id of the previous page's last row (server/http/cursor.ts).
 * Searched by the start of the title, they are in title order instead (titleOrder).
 * Each scope reads along an index in its order:
 * - all: projects_created_idx, or projects_status_created_idx with a status;
 * - client: projects_client_created_idx;
 * - developer: project_developers_developer_created_idx, the developer's assignments in the
 *   list's order (each carries its project's created_at): the page's projects are chosen on it
 *   alone (joined to projects only to filter by status), then read with their clients. Joined
 *   in one walk, the statement was planned again on every run for the busiest developer (its
 *   generic plan costed an average developer's rows: dearer under LIMIT): 0.39 ms a page in
 *   pgbench, 0.20 now.
 */
export function listProjects(
  db: Db,
  scope: Scope,
  options: {
    limit: number;
    after?: string | undefined;
    status?: ProjectStatus | undefined;
    /** The start of the title (prefixSearch): the page is then in title order. */
    q?: string | undefined;
  },
): Promise<ProjectView[]> {
  if (scope.kind !== "all" && scope.kind !== "client" && scope.kind !== "developer") return Promise.resolve([]);
  const { shape, values } = cursorPageRead(scope, options);
  return projectPage(db, shape, values);
}

const projectPage = preparedRead(
  "projectPage",
  (
    db,
    shape: { scope: "all" | "client" | "developer"; status: boolean; search: boolean; after: boolean; limit: number },
  ) => {
    const after = shape.after ? sql.placeholder("after") : undefined;
    const status = shape.status ? eq(projects.status, sql.placeholder("status")) : undefined;
    const cursorScope: CursorScope | undefined =
      shape.scope === "client"
        ? { column: projects.clientId, equals: sql.placeholder("viewer") }
        : shape.scope === "developer"
          ? {
              column: projects.id,
              in: db
                .select({ id: projectDevelopers.projectId })
                .from(projectDevelopers)
                .where(eq(projectDevelopers.developerId, sql.placeholder("viewer")))
                .getSQL(),
            }
          : undefined;
    const order = shape.search ? titleOrder(after, cursorScope) : newestFirst(after, cursorScope);
    if (shape.scope === "developer") {
      const chosen = db.select({ id: projectDevelopers.projectId }).from(projectDevelopers);
      const pageIds = (shape.status ? chosen.innerJoin(projects, eq(projects.id, projectDevelopers.projectId)) : chosen)
        .where(and(eq(projectDevelopers.developerId, sql.placeholder("viewer")), status, order.assignments.where))
        .orderBy(...order.assignments.orderBy)
        .limit(pageLimit(shape.limit));
      return db
        .select(projectColumns)
        .from(projects)
        .innerJoin(users, eq(users.id, projects.clientId))
        .where(inArray(projects.id, pageIds))
        .orderBy(...order.projects.orderBy);
    }
    const filters = and(
      shape.scope === "client" ? eq(projects.clientId, sql.placeholder("viewer")) : undefined,
      status,
      order.projects.where,
    );
    return db
      .select(projectColumns)
      .from(projects)
      .innerJoin(users, eq(users.id, projects.clientId))
      .where(filters)
      .orderBy(...order.projects.orderBy)
      .limit(pageLimit(shape.limit));
  },
);

/**
 * A page's order, on the projects and on a developer's assignments (which carry what it orders by):
 * the keyset condition after the cursor row (with the search's range, when searched) and the sort.
 */
type PageOrder = Record<"projects" | "assignments", { where: SQL | undefined; orderBy: SQL[] }>;

/** The list's order: created_at desc, id desc (server/http/cursor.ts). */
function newestFirst(after: Placeholder | undefined, scope: CursorScope | undefined): PageOrder {
  const assignments = { createdAt: projectDevelopers.projectCreatedAt, id: projectDevelopers.projectId };
  return {
    projects: {
      where: beforeCursor(projects, after, { scope }),
      orderBy: [desc(projects.createdAt), desc(projects.id)],
    },
    assignments: {
      where: beforeCursor(projects, after, { order: assignments, scope }),
      orderBy: [desc(assignments.createdAt), desc(assignments.id)],
    },
  };
}

/**
 * A searched list's order: by the lowered title in text_pattern_ops' order (the order of its
 * indexes, whose range is the prefix), then by id, so a page is read in its own size whatever the
 * text matches: projects_title_idx (projects_status_title_idx with a status), a developer's on
 * their assignments' copy of the title (project_developers_developer_title_idx). Newest first, a
 * prefix matching many old titles was walked past every newer project: "project 1" on the large
 * data set read 30,001 rows for a page (37 ms; S32 in docs/performance.md), as a client's name
 * opening their titles would.
 */
function titleOrder(after: Placeholder | undefined, scope: CursorScope | undefined): PageOrder {
  const inOrder = (key: SQL, id: AnyColumn) => ({
    where: and(prefixSearchPlaceholders([key]), afterInTitleOrder(key, id, after, scope)),
    orderBy: [sql`${key} using ~<~`, asc(id)],
  });
  return {
    projects: inOrder(sql`lower(${projects.title})`, projects.id),
    assignments: inOrder(sql`${projectDevelopers.projectTitleKey}`, projectDevelopers.projectId),
  };
}

/**
 * The keyset condition of a page in title order: (key, id) after the cursor row's lowered title
 * and id. The lower bound is written alone as well, so the index's range starts at the cursor row. A
 * cursor row outside the viewer's `scope` has no title here, and the page is empty (CursorScope).
 */
function afterInTitleOrder(
  key: SQL,
  id: AnyColumn,
  after: Placeholder | undefined,
  scope: CursorScope | undefined,
): SQL | undefined {
  if (!after) return undefined;
  const inScope = scope ? sql` and ${cursorScopeCondition(sql`c.${sql.identifier(scope.column.name)}`, scope)}` : sql``;
  const cursorTitle = sql`(select lower(c.title) from ${projects} c where c.id = ${after}${inScope})`;
  return sql`(${key} ~>=~ ${cursorTitle} and (${key} ~>~ ${cursorTitle} or ${id} > ${after}))`;
}

/**
 * Puts developers on projects. Each assignment carries its project's created_at (the schema says
 * why), read from the project in the same statement, so no caller can give it another.
 */
export async function assignDevelopers(
  db: Db | Tx,
  assignments: readonly { projectId: string; developerId: string }[],
): Promise<void> {
  if (assignments.length === 0) return;
  await db.insert(projectDevelopers).values(
    assignments.map(({ projectId, developerId }) => ({
      projectId,
      developerId,
      projectCreatedAt: sql`(select ${projects.createdAt} from ${projects} where ${projects.id} = ${projectId})`,
    })),
  );
}

export async function getProject(db: Db, id: string) {
  const [row] = await projectById(db, {}, { id });
  return row;
}

const projectById = preparedRead("projectById", (db) =>
  db
    .select(projectColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(eq(projects.id, sql.placeholder("id"))),
);

/** Who owns and works on a project: what the access rules need to decide. */
export async function getProjectFacts(db: Db | Tx, id: string): Promise<ProjectFacts | undefined> {
  const rows = await projectFactRows(db, {}, { id });
  const [first] = rows;
  if (!first) return undefined;
  return {
    clientId: first.clientId,
    developerIds: rows.flatMap((row) => (row.developerId ? [row.developerId] : [])),
  };
}

/**
 * A project's facts for a write the rules judge on them, read under a lock on the project's row until
 * the write commits: a change to its client or developers under way (PATCH /api/admin/projects/:id and
 * its deletion lock the row for update first) is waited for, and the facts read after it. Read before
 * the write's transaction instead, a developer taken off the project a moment before still posted. The
 * key-share lock is the one the write's foreign key takes on the row anyway. The facts are read by a
 * second statement: one that waited for a lock reads the rest of what it selects (the developers) as
 * they were when it began.
 */
export async function lockedProjectFacts(tx: Tx, id: string): Promise<ProjectFacts | undefined> {
  const locked = await tx.execute(sql`select 1 from ${projects} where id = ${id} for key share`);
  return locked.rows.length === 0 ? undefined : getProjectFacts(tx, id);
}

/** Read before every request about one project (its messages, files, milestones) and by the live hub. */
const projectFactRows = preparedRead("projectFacts", (db) =>
  db
    .select({ clientId: projects.clientId, developerId: projectDevelopers.developerId })
    .from(projects)
    .leftJoin(projectDevelopers, eq(projectDevelopers.projectId, projects.id))
    .where(eq(projects.id, sql.placeholder("id"))),
);

/**
 * A message's files in the order attached (on message_files' primary key), read with the message:
 * a page of the thread is one statement. Read by a second query per page before, the page cost
 * the server a second round trip: GET …/messages on the large data set's big thread, 50
 * connections, 3 runs alternated: median 1,354 requests a second, p95 51.7 ms (50.7-57.4) before;
 * 1,497 and 43.1 ms (42.2-45.5) with the files read here. Only a message whose count of files
 * (kept by message_files' triggers) is not 0 runs the lookup: most messages have none, and the
 * lookup for each of a page's 51 rows was a third of PostgreSQL's time for the page.
 */
const messageFilesColumn = sql<MessageFileView[]>`case when ${projectMessages.fileCount} = 0 then '[]'::json
  else coalesce((
    select json_agg(json_build_object(
      'id', ${messageFiles.fileId}, 'name', ${messageFiles.name},
      'size', ${projectFiles.size}, 'contentType', ${projectFiles.contentType}
    ) order by ${messageFiles.position})
    from ${messageFiles} left join ${projectFiles} on ${projectFiles.id} = ${messageFiles.fileId}
    where ${messageFiles.messageId} = ${projectMessages.id}
  ), '[]'::json) end`;

const messageColumns = {
  id: projectMessages.id,
  projectId: projectMessages.projectId,
  userId: projectMessages.userId,
  message: projectMessages.message,
  createdAt: projectMessages.createdAt,
  authorName: users.fullName,
  // Issue #7: a deactivated person's messages stay, shown as theirs.
  authorDeactivated: sql<boolean>`${users.archivedAt} is not null`,
  authorRole: users.role,
  files: messageFilesColumn,
};

/**
 * A file attached to a message as the thread shows it. A file deleted since
 * keeps its name, with `id`, `size` and `contentType` null: the message stays
 * and shows the file as removed (message_files in server/db/schema.ts).
 */
export type MessageFileView = { id: string | null; name: string; size: number | null; contentType: string | null };

export type MessageView = Awaited<ReturnType<typeof listMessages>>[number];

/**
 * A page of the thread, each message with its files, newest first by (created_at desc, id
 * desc), on project_messages_project_created_idx: `after` is the id of the
 * previous page's last (oldest) message (server/http/cursor.ts). A cursor from
 * another project names no position here and yields an empty page.
 */
export function listMessages(db: Db, projectId: string, options: { limit: number; after?: string | undefined }) {
  return messagePage(db, { after: Boolean(options.after) }, { projectId, after: options.after, limit: options.limit });
}

/** The thread page's statement (exported for its plan test, test/integration/planner-statistics.test.ts). */
export const messagePage = preparedRead("messagePage", (db, shape: { after: boolean }) => {
  const projectId = sql.placeholder("projectId");
  const after = beforeCursor(projectMessages, shape.after ? sql.placeholder("after") : undefined, {
    scope: { column: projectMessages.projectId, equals: projectId },
  });
  return (
    db
      .select(messageColumns)
      .from(projectMessages)
      .innerJoin(users, eq(users.id, projectMessages.userId))
      .where(and(eq(projectMessages.projectId, projectId), after))
      .orderBy(desc(projectMessages.createdAt), desc(projectMessages.id))
      // A parameter, unlike other pages (server/db/limit.ts): PostgreSQL costs the generic plan for a
      // thread of average length (~20 messages), so with 51 in the text that plan looked dearer than
      // the one for the 100,000-message thread and the statement was planned again on every run;
      // with the count unknown it keeps the generic plan, which is the same plan (plannedEachRun in
      // bench/portal-large-routes.ts).
      .limit(sql.placeholder("limit"))
  );
});

/** One message as the thread shows it: the REST answer to a send and the live push share it. */
export async function getMessage(db: Db, id: string): Promise<MessageView | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(projectMessages)
    .innerJoin(users, eq(users.id, projectMessages.userId))
    .where(eq(projectMessages.id, id));
  return row;
}

/**
 * The `authorize` of a key of one project's, ["projects", id, part] (its thread, milestones, files,
 * page): undefined for a key of another shape, false for an id that is no UUID or no project's, else
 * what `mayRead` says of the project's people now.
 */
export function authorizeProjectKey(
  part: string,
  mayRead: (actor: Actor, project: ProjectFacts) => boolean,
): LiveCollection["authorize"] {
  return async (db, actor, key) => {
    if (key.length !== 3 || key[0] !== "projects" || key[2] !== part) return undefined;
    const projectId = uuidParam.safeParse(key[1]);
    if (!projectId.success) return false;
    const facts = await getProjectFacts(db, projectId.data);
    return !!facts && mayRead(actor, facts);
  };
}

export const projectMessagesKey = (projectId: string) => ["projects", projectId, "messages"] as const;

/** A project's thread is live for everyone who may read the project, checked again at every delivery. */
export const projectMessagesLive: LiveCollection<"project_messages"> = {
  topic: "project_messages",
  authorize: authorizeProjectKey("messages", rules.projectMessages.read),
  async resolve(db, change) {
    const [row, facts] = await Promise.all([
      change.op === "delete" ? { id: change.id } : getMessage(db, change.id),
      getProjectFacts(db, change.projectId),
    ]);
    if (!row || !facts) return [];
    // One push object for everyone allowed: the hub serialises it once.
    const push = { op: change.op, row };
    return [
      {
        key: projectMessagesKey(change.projectId),
        pushFor: (actor) => (rules.projectMessages.read(actor, facts) ? push : undefined),
      },
    ];
  },
};

/**
 * Who is viewing a project now (server/live/presence.ts): open to everyone who
 * may read its thread. The presence board pushes the viewers, checking the
 * rules again at every push; no committed change touches the key.
 */
export const projectPresenceLive: LiveCollection<"projects"> = {
  topic: "projects",
  async authorize(db, actor, key) {
    if (key.length !== 3 || key[0] !== "projects" || key[2] !== "presence") return undefined;
    const projectId = presenceProject(key);
    if (!projectId) return false;
    const facts = await getProjectFacts(db, projectId);
    return !!facts && rules.projectMessages.read(actor, facts);
  },
  async resolve() {
    return [];
  },
};

/** The projects list's live key: the SPA's projects list query (src/features/projects/api.ts). */
export const projectsListKey = ["projects", "list"] as const;

/** An open project page's live key: the SPA's project query (src/features/projects/api.ts projectQuery). */
export const projectKey = (projectId: string) => ["projects", projectId, "detail"] as const;

/**
 * A project change refetches `key` for everyone who may read the project after it, and its previous
 * client (the developers taken off are among the change's developerIds already).
 */
export function refetchForProjectReaders(key: LiveKey, change: Extract<Change, { topic: "projects" }>): Delivery[] {
  const facts: ProjectFacts = { clientId: change.clientId, developerIds: change.developerIds };
  const previous = change.previousClientId ?? null;
  const reads = (actor: Actor) =>
    rules.projects.read(actor, facts) || (!!actor && previous !== null && actor.id === previous);
  return [{ key, pushFor: (actor) => (reads(actor) ? invalidate : undefined) }];
}

/**
 * An open project page follows its project (issue #11): edited by an administrator (title, status,
 * dates, its people) or deleted, everyone who could read it before or after refetches it; someone
 * taken off it, or everyone once it is deleted, then reads "Project not found" and is sent back to
 * the list, as on opening it.
 */
export const projectDetailLive: LiveCollection<"projects"> = {
  topic: "projects",
  authorize: authorizeProjectKey("detail", rules.projects.read),
  async resolve(_db, change) {
    return refetchForProjectReaders(projectKey(change.id), change);
  },
};

/**
 * A client's projects name them (their name and company, marked deactivated when they are): a
 * "people" change of a client (renamed, deactivated, reactivated: migration 0040's triggers) tells
 * each reader of one of their projects to refetch their list and the project's open page. Their
 * projects are read on projects_client_created_idx, at most PEOPLE_PROJECTS_MAX of them (a client
 * has a few), and each one's developers on project_developers' primary key.
 */
export const projectsOfClientLive: LiveCollection<"people"> = {
  topic: "people",
  authorize: authorizeProjectKey("detail", rules.projects.read),
  async resolve(db, change) {
    // Someone added owns no project yet (a bulk insert of clients would read once per row), and
    // someone deleted owned none (a client with projects is deactivated instead).
    if (change.op !== "update") return [];
    const rows = await db
      .select({ id: projects.id, developerId: projectDevelopers.developerId })
      .from(projects)
      .leftJoin(projectDevelopers, eq(projectDevelopers.projectId, projects.id))
      .where(
        inArray(
          projects.id,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(eq(projects.clientId, change.id))
            .limit(PEOPLE_PROJECTS_MAX),
        ),
      );
    if (rows.length === 0) return [];
    const developersOf = new Map<string, string[]>();
    for (const row of rows) {
      const developers = developersOf.get(row.id) ?? [];
      if (row.developerId) developers.push(row.developerId);
      developersOf.set(row.id, developers);
    }
    const readers = (developerIds: readonly string[]) => (actor: Actor) =>
      rules.projects.read(actor, { clientId: change.id, developerIds: [...developerIds] }) ? invalidate : undefined;
    const everyDeveloper = [...new Set([...developersOf.values()].flat())];
    return [
      { key: projectsListKey, pushFor: readers(everyDeveloper) },
      ...[...developersOf].map(([projectId, developerIds]) => ({
        key: projectKey(projectId),
        pushFor: readers(developerIds),
      })),
    ];
  },
};

/** The projects of a client a "people" change of theirs reads at most. */
const PEOPLE_PROJECTS_MAX = 100;

/**
 * The projects list is live (issue #7: a project an administrator creates or
 * edits shows in its client's and developers' open lists): everyone who may
 * read the project, or could before the change (a previous client, a
 * developer taken off), is told to refetch their list; the list is paged by
 * cursor, so a refetch puts the project where it belongs.
 */
export const projectsListLive: LiveCollection<"projects"> = {
  topic: "projects",
  async authorize(_db, actor, key) {
    if (key.length !== projectsListKey.length || key[0] !== projectsListKey[0] || key[1] !== projectsListKey[1])
      return undefined;
    return rules.projects.scope(actor).kind !== "none";
  },
  async resolve(_db, change) {
    return refetchForProjectReaders(projectsListKey, change);
  },
};
