import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
// @ts-expect-error: pg ships no types for its utils, whose prepareValue turns a parameter into what it sends.
import { prepareValue } from "pg/lib/utils.js";
import {
  INVOICES_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  PROJECTS_PAGE_SIZE,
  type Role,
  TASKS_PAGE_SIZE,
} from "../common/domain";
import { largeEmail } from "../seed/large";
import { getClientDashboard, getDeveloperDashboard } from "../server/data/dashboard";
import { invoiceSummary, listInvoices } from "../server/data/invoices";
import { getProject, getProjectFacts, listMessages, listProjects } from "../server/data/projects";
import { countTasks, listTasks } from "../server/data/tasks";
import type { Db } from "../server/db";
import * as schema from "../server/db/schema";
import { encodeCursor } from "../server/http/cursor";
import { type Actor, rules } from "../server/rules";

/**
 * The portal reads bench/portal-large.mjs measures, and the query plans of
 * the database work behind each. To add a read, add a row to ROUTES: who asks
 * (`as`), the path it GETs, and `read`, which calls the same server/data
 * functions the route's handler calls. The queries `read` sends are captured
 * and each is run again under EXPLAIN (ANALYZE, BUFFERS).
 *
 * Run by the bench as `node --import tsx bench/portal-large-routes.ts DATABASE_URL`:
 * prints one JSON line, the routes with their paths and plans.
 */

export type Ids = {
  admin: string;
  developer: string;
  client: string;
  /** The client's project holding the big message thread. */
  bigProject: string;
  /** Cursor of the administrator's second page of projects. */
  adminProjectsPage2: string;
  /** Cursor halfway back through the big thread (an older page of messages). */
  olderMessages: string;
};

export type BenchRoute = {
  name: string;
  as: Role;
  path: (ids: Ids) => string;
  read: (db: Db, ids: Ids) => Promise<unknown>;
};

// Each list is read a page of the size the portal asks for (common/domain.ts): 24 project or task cards,
// 50 messages or invoices. Until S38 the projects and tasks were read 50 at a time here, twice what the
// portal asks for.
const actor = (id: string, role: Role): Actor => ({ id, role });

export const ROUTES: BenchRoute[] = [
  {
    name: "dashboard (client)",
    as: "client",
    path: () => "/api/dashboard",
    read: (db, ids) => getClientDashboard(db, ids.client),
  },
  {
    name: "dashboard (developer)",
    as: "developer",
    path: () => "/api/dashboard",
    read: (db, ids) => getDeveloperDashboard(db, ids.developer),
  },
  {
    name: "projects list (admin)",
    as: "admin",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.admin, "admin")), { limit: PROJECTS_PAGE_SIZE + 1 }),
  },
  {
    name: "projects list, page 2 (admin)",
    as: "admin",
    path: (ids) => `/api/projects?limit=${PROJECTS_PAGE_SIZE}&cursor=${ids.adminProjectsPage2}`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.admin, "admin")), {
        limit: PROJECTS_PAGE_SIZE + 1,
        after: Buffer.from(ids.adminProjectsPage2, "base64url").toString("utf8"),
      }),
  },
  {
    name: "projects list (developer)",
    as: "developer",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.developer, "developer")), { limit: PROJECTS_PAGE_SIZE + 1 }),
  },
  // Searched by the title's start: "project 1" matches 11,111 of the 50,000 titles (walked newest
  // first), "project 4999" eleven (found on the title's index, then sorted).
  {
    name: "projects searched, many matches (admin)",
    as: "admin",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}&q=project%201`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.admin, "admin")), {
        limit: PROJECTS_PAGE_SIZE + 1,
        q: "project 1",
      }),
  },
  {
    name: "projects searched, few matches (admin)",
    as: "admin",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}&q=project%204999`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.admin, "admin")), {
        limit: PROJECTS_PAGE_SIZE + 1,
        q: "project 4999",
      }),
  },
  {
    name: "projects searched (developer)",
    as: "developer",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}&q=project%201`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.developer, "developer")), {
        limit: PROJECTS_PAGE_SIZE + 1,
        q: "project 1",
      }),
  },
  {
    name: "projects list (client)",
    as: "client",
    path: () => `/api/projects?limit=${PROJECTS_PAGE_SIZE}`,
    read: (db, ids) =>
      listProjects(db, rules.projects.scope(actor(ids.client, "client")), { limit: PROJECTS_PAGE_SIZE + 1 }),
  },
  {
    name: "project detail (client)",
    as: "client",
    path: (ids) => `/api/projects/${ids.bigProject}`,
    read: async (db, ids) => {
      await getProjectFacts(db, ids.bigProject);
      return getProject(db, ids.bigProject);
    },
  },
  {
    name: "newest messages of the big thread (client)",
    as: "client",
    path: (ids) => `/api/projects/${ids.bigProject}/messages?limit=${MESSAGES_PAGE_SIZE}`,
    read: async (db, ids) => {
      await getProjectFacts(db, ids.bigProject);
      return listMessages(db, ids.bigProject, { limit: MESSAGES_PAGE_SIZE + 1 });
    },
  },
  {
    name: "older messages of the big thread (client)",
    as: "client",
    path: (ids) => `/api/projects/${ids.bigProject}/messages?limit=${MESSAGES_PAGE_SIZE}&cursor=${ids.olderMessages}`,
    read: async (db, ids) => {
      await getProjectFacts(db, ids.bigProject);
      return listMessages(db, ids.bigProject, {
        limit: MESSAGES_PAGE_SIZE + 1,
        after: Buffer.from(ids.olderMessages, "base64url").toString("utf8"),
      });
    },
  },
  {
    name: "invoices list (client)",
    as: "client",
    path: () => `/api/invoices?limit=${INVOICES_PAGE_SIZE}`,
    read: (db, ids) =>
      listInvoices(db, rules.invoices.scope(actor(ids.client, "client")), { limit: INVOICES_PAGE_SIZE + 1 }),
  },
  {
    name: "invoices summary (client)",
    as: "client",
    path: () => "/api/invoices/summary",
    read: (db, ids) => invoiceSummary(db, rules.invoices.scope(actor(ids.client, "client"))),
  },
  {
    name: "my tasks (developer)",
    as: "developer",
    path: () => `/api/tasks?limit=${TASKS_PAGE_SIZE}`,
    read: (db, ids) =>
      listTasks(db, rules.tasks.scope(actor(ids.developer, "developer")), { limit: TASKS_PAGE_SIZE + 1 }),
  },
  {
    // Shown for one status (My Tasks' Show): a quarter of their ~1,900 tasks, newest first.
    name: "my tasks in review (developer)",
    as: "developer",
    path: () => `/api/tasks?status=review&limit=${TASKS_PAGE_SIZE}`,
    read: (db, ids) =>
      listTasks(db, rules.tasks.scope(actor(ids.developer, "developer")), {
        limit: TASKS_PAGE_SIZE + 1,
        status: "review",
      }),
  },
  {
    // A client follows the tasks on their projects (the big thread's client: ~5 projects).
    name: "my tasks (client)",
    as: "client",
    path: () => `/api/tasks?limit=${TASKS_PAGE_SIZE}`,
    read: (db, ids) => listTasks(db, rules.tasks.scope(actor(ids.client, "client")), { limit: TASKS_PAGE_SIZE + 1 }),
  },
  {
    name: "my task counters (client)",
    as: "client",
    path: () => "/api/tasks/counts",
    read: (db, ids) => countTasks(db, rules.tasks.scope(actor(ids.client, "client"))),
  },
];

/** A table holding at least this many rows is "large": a sequential scan of it is flagged. */
export const LARGE_TABLE_ROWS = 10_000;

type Captured = { query: string; params: unknown[] };

/** EXPLAIN ANALYZE's "Execution Time" of a plan, in ms. */
const executionMs = (plan: string) => Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);

/** Prepares `query` on `client` as the statement bench_prepared; returns the EXECUTE that runs it with `params`. */
async function prepared(client: pg.PoolClient, query: string, params: unknown[]): Promise<string> {
  await client.query(`prepare bench_prepared as ${query}`);
  // Each value as the driver sends it (an array as an array literal, a date as a timestamp), quoted.
  const values = params.map((value) => {
    const text = prepareValue(value);
    return text === null ? "null" : client.escapeLiteral(String(text));
  });
  return `execute bench_prepared${values.length > 0 ? `(${values.join(", ")})` : ""}`;
}

/**
 * The execution time of `query` under the plan PostgreSQL makes for any parameters (a generic
 * plan). The server's statements are prepared, and after five runs PostgreSQL may keep that plan
 * instead of planning for the parameters given, as EXPLAIN above does: an older page of the big
 * thread was once served 100 times slower that way (server/http/cursor.ts beforeCursor).
 */
async function genericPlanMs(pool: pg.Pool, query: string, params: unknown[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("set plan_cache_mode = force_generic_plan");
    const execute = await prepared(client, query, params);
    const result = await client.query(`explain (analyze) ${execute}`);
    return executionMs(result.rows.map((row) => row["QUERY PLAN"] as string).join("\n"));
  } finally {
    await client.query("deallocate all; reset plan_cache_mode").catch(() => {});
    client.release();
  }
}

/**
 * Whether PostgreSQL keeps `query`'s generic plan once it has run it as often as the server does
 * (plan_cache_mode auto, after five runs), or plans it afresh on every run: a statement whose
 * generic plan is estimated dearer than the plans made for its values pays the planning (0.1-0.5
 * ms here) on each request. Decided on costs: a LIMIT given as a parameter is taken for a tenth
 * of the rows (server/db/limit.ts).
 */
async function plannedEachRun(pool: pg.Pool, query: string, params: unknown[]): Promise<boolean> {
  if (params.length === 0) return false;
  const client = await pool.connect();
  try {
    const execute = await prepared(client, query, params);
    for (let run = 0; run < 6; run++) await client.query(execute);
    const plans = async () =>
      (await client.query("select custom_plans from pg_prepared_statements where name = 'bench_prepared'")).rows[0]
        ?.custom_plans as number;
    const before = await plans();
    await client.query(execute);
    return (await plans()) > before;
  } finally {
    await client.query("deallocate all").catch(() => {});
    client.release();
  }
}

/**
 * Connections to the large data set on `databaseUrl` for `use`: `db`, Drizzle on a pool of its own (the reads'
 * prepared statements, server/db/prepared.ts, stay on its connections), `pool` for anything else (the plan
 * probes deallocate everything on theirs), the ids the routes read with, and the tables that count as large.
 * Used by `explainRoutes` and bench/read-times.ts.
 */
export async function withLargeData<T>(
  databaseUrl: string,
  use: (large: {
    db: Db;
    pool: pg.Pool;
    ids: Ids;
    largeTables: Set<string>;
    onQuery: (capture?: (query: string, params: unknown[]) => void) => void;
  }) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const readPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    let capture: ((query: string, params: unknown[]) => void) | undefined;
    const db = drizzle(readPool, {
      schema,
      logger: { logQuery: (query, params) => capture?.(query, params) },
    }) as unknown as Db;
    const person = async (email: string) => {
      const [row] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
      if (!row) throw new Error(`${email} is missing: generate the large data set first (npm run seed:large)`);
      return row.id;
    };
    const client = await person(largeEmail("client", 1));
    const [big] = await db
      .select({ id: schema.projects.id })
      .from(schema.projects)
      .where(sql`${schema.projects.clientId} = ${client} and ${schema.projects.title} = 'Project 1'`);
    if (!big) throw new Error("the big thread's project is missing");
    const admin = await person(largeEmail("admin", 1));
    const firstPage = await listProjects(db, { kind: "all" }, { limit: PROJECTS_PAGE_SIZE });
    const last = firstPage.at(-1);
    if (!last) throw new Error("no projects");
    const { rows: middle } = await db.execute<{ id: string }>(sql`
      select id from ${schema.projectMessages} where project_id = ${big.id}
      order by created_at desc, id desc
      offset (select count(*) / 2 from ${schema.projectMessages} where project_id = ${big.id}) limit 1`);
    if (!middle[0]) throw new Error("the big thread has no messages");
    const ids: Ids = {
      admin,
      developer: await person(largeEmail("developer", 1)),
      client,
      bigProject: big.id,
      adminProjectsPage2: encodeCursor(last),
      olderMessages: encodeCursor(middle[0]),
    };
    const sizes = await db.execute<{ relname: string; rows: number }>(
      sql`select relname, reltuples::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    const largeTables = new Set(
      sizes.rows.filter((row) => Number(row.rows) >= LARGE_TABLE_ROWS).map((row) => row.relname),
    );
    return await use({ db, pool, ids, largeTables, onQuery: (next) => (capture = next) });
  } finally {
    await Promise.all([pool.end(), readPool.end()]);
  }
}

/** `routes`: the reads to explain (bench/admin-large-routes.ts passes the admin console's). */
export function explainRoutes(databaseUrl: string, routes: BenchRoute[] = ROUTES) {
  return withLargeData(databaseUrl, async ({ db, pool, ids, largeTables, onQuery }) => {
    const explained = [];
    for (const route of routes) {
      const queries: Captured[] = [];
      onQuery((query, params) => queries.push({ query, params }));
      await route.read(db, ids);
      onQuery(undefined);
      const plans = [];
      for (const { query, params } of queries) {
        const result = await pool.query(`explain (analyze, buffers) ${query}`, params);
        const plan = result.rows.map((row) => row["QUERY PLAN"] as string).join("\n");
        const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1] as string);
        plans.push({
          query,
          plan,
          seqScansOfLargeTables: [...new Set(seqScans.filter((table) => largeTables.has(table)))],
          executionMs: executionMs(plan),
          genericPlanMs: await genericPlanMs(pool, query, params),
          plannedEachRun: await plannedEachRun(pool, query, params),
        });
      }
      explained.push({ name: route.name, as: route.as, path: route.path(ids), plans });
    }
    return { ids, largeTables: [...largeTables].sort(), routes: explained };
  });
}

if (process.argv[1]?.endsWith("portal-large-routes.ts")) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: node --import tsx bench/portal-large-routes.ts DATABASE_URL");
  console.log(JSON.stringify(await explainRoutes(url)));
}
