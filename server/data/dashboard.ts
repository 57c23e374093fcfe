import { sql } from "drizzle-orm";
import {
  type ClientDashboard,
  DASHBOARD_INVOICES_LIMIT,
  DASHBOARD_PROJECTS_LIMIT,
  type DeveloperDashboard,
  DUE_SOON_DAYS,
  DUE_SOON_LIMIT,
} from "../../common/api";
import { TIME_ZONE } from "../../common/format";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { preparedValue } from "../db/prepared";
import { invoices, projectDevelopers, projects, tasks } from "../db/schema";
import { type Delivery, invalidate, type LiveCollection, type LiveKey } from "../live/collection";
import { type Actor, rules } from "../rules";
import { counterValue, developerTaskCounts } from "./counters";
import { shownStatus } from "./invoices";

/**
 * The portal dashboards (spec §2): each one statement, one round-trip,
 * returning everything its screen shows. A client's counts and sums are
 * aggregated in SQL over their rows (found by the client indexes); a
 * developer's, who may hold thousands of tasks, are running totals
 * (server/data/counters.ts). Only the short lists come back as rows.
 */

/** Today as a calendar day in Lagos, where due dates are days. */
const lagosToday = sql.raw(`(now() at time zone '${TIME_ZONE}')::date`);

/**
 * The last day of "due soon", written into the text: with the number of days as a parameter,
 * PostgreSQL estimated the generic plan's range of due dates at a default fraction of the
 * developer's tasks (7 rows against 1), found it dearer than a plan for the values given, and
 * planned the dashboard's statement again on every request (0.46 ms a read against 0.18 with the
 * generic plan kept; plannedEachRun in bench/portal-large-routes.ts).
 */
const dueSoonEnd = sql`${lagosToday} + ${sql.raw(String(DUE_SOON_DAYS))}`;

/** A project as a dashboard lists it, from a subquery aliased `p`. */
const projectJson = sql.raw(
  `json_build_object('id', p.id, 'title', p.title, 'description', p.description, 'status', p.status,
    'progress', p.progress, 'startDate', p.start_date, 'endDate', p.end_date)`,
);

/**
 * JSON (numbers, strings, day strings) already in the response's shape: both drivers parse json
 * values. Each is a prepared read (server/db/prepared.ts) with the viewer's id as its one value.
 */
export function getClientDashboard(db: Db, clientId: string): Promise<ClientDashboard> {
  return clientDashboard(db, {}, { viewer: clientId });
}

const clientDashboard = preparedValue("clientDashboard", () => {
  const clientId = sql.placeholder("viewer");
  return sql<ClientDashboard>`json_build_object(
      'role', 'client',
      'projects', (
        select json_build_object(
          'total', count(*),
          'active', count(*) filter (where ${projects.status} = 'active'),
          'averageProgress', coalesce(round(avg(${projects.progress})), 0)
        )
        from ${projects} where ${projects.clientId} = ${clientId}
      ),
      'invoices', (
        select json_build_object(
          'total', count(*),
          'paid', count(*) filter (where ${invoices.status} = 'paid'),
          'totalMinor', coalesce(sum(${invoices.amount}), 0)
        )
        from ${invoices} where ${invoices.clientId} = ${clientId}
      ),
      'recentProjects', (
        select coalesce(json_agg(${projectJson} order by p.created_at desc, p.id desc), '[]'::json)
        from (
          select * from ${projects} where ${projects.clientId} = ${clientId}
          order by ${projects.createdAt} desc, ${projects.id} desc limit ${pageLimit(DASHBOARD_PROJECTS_LIMIT)}
        ) p
      ),
      'recentInvoices', (
        select coalesce(json_agg(json_build_object(
          'id', i.id, 'invoiceNumber', i.invoice_number, 'amountMinor', i.amount_minor,
          'status', i.shown_status, 'dueDate', i.due_date
        ) order by i.created_at desc, i.id desc), '[]'::json)
        from (
          select *, ${shownStatus} as shown_status from ${invoices} where ${invoices.clientId} = ${clientId}
          order by ${invoices.createdAt} desc, ${invoices.id} desc limit ${pageLimit(DASHBOARD_INVOICES_LIMIT)}
        ) i
      )
    )`;
});

export function getDeveloperDashboard(db: Db, developerId: string): Promise<DeveloperDashboard> {
  return developerDashboard(db, {}, { viewer: developerId });
}

const developerDashboard = preparedValue("developerDashboard", () => {
  const developerId = sql.placeholder("viewer");
  return sql<DeveloperDashboard>`json_build_object(
      'role', 'developer',
      'tasks', ${developerTaskCounts(developerId)},
      'projects', json_build_object('total', ${counterValue("developer_projects", developerId)}),
      'recentProjects', (
        select coalesce(json_agg(${projectJson} order by p.created_at desc, p.id desc), '[]'::json)
        from (
          select ${projects}.* from ${projectDevelopers}
          join ${projects} on ${projects.id} = ${projectDevelopers.projectId}
          where ${projectDevelopers.developerId} = ${developerId}
          order by ${projectDevelopers.projectCreatedAt} desc, ${projectDevelopers.projectId} desc
          limit ${pageLimit(DASHBOARD_PROJECTS_LIMIT)}
        ) p
      ),
      'dueSoon', (
        select coalesce(json_agg(json_build_object(
          'id', t.id, 'title', t.title, 'status', t.status, 'priority', t.priority,
          'dueDate', t.due_date, 'projectTitle', t.project_title, 'openableProjectId', t.openable_project_id
        ) order by t.due_date, t.id), '[]'::json)
        from (
          select ${tasks.id} as id, ${tasks.title} as title, ${tasks.status} as status,
            ${tasks.priority} as priority, ${tasks.dueDate} as due_date, ${projects.title} as project_title,
            ${projectDevelopers.projectId} as openable_project_id
          from ${tasks} left join ${projects} on ${projects.id} = ${tasks.projectId}
          -- The developer's assignment to the task's project, if any (its primary key): only then a link.
          left join ${projectDevelopers} on ${projectDevelopers.projectId} = ${tasks.projectId}
            and ${projectDevelopers.developerId} = ${developerId}
          where ${tasks.assignedTo} = ${developerId} and ${tasks.status} <> 'completed'
            and ${tasks.dueDate} between ${lagosToday} and ${dueSoonEnd}
          order by ${tasks.dueDate}, ${tasks.id} limit ${pageLimit(DUE_SOON_LIMIT)}
        ) t
      )
    )`;
});

// ---------------------------------------------------------------------------
// Live: one key, each viewer's own figures. A change reaches only the people
// whose figures it touches, as "refetch" (the figures are aggregates).
// ---------------------------------------------------------------------------

export const dashboardKey = ["dashboard"] as const;

async function authorizeDashboard(_db: Db, actor: Actor, key: LiveKey) {
  if (key.length !== 1 || key[0] !== dashboardKey[0]) return undefined;
  return rules.dashboard.read(actor);
}

/** The dashboard key, invalidated for `people` only, or for everyone (and only while they may read a dashboard). */
function invalidateFor(people: readonly (string | null)[] | "everyone"): Delivery[] {
  const affected = people === "everyone" ? undefined : new Set(people.filter((id): id is string => !!id));
  if (affected?.size === 0) return [];
  return [
    {
      key: dashboardKey,
      pushFor: (actor) =>
        actor && (!affected || affected.has(actor.id)) && rules.dashboard.read(actor) ? invalidate : undefined,
    },
  ];
}

/** A task's assignee, and its previous one on a reassignment, see their counts and due list change. */
export const dashboardTasksLive: LiveCollection<"tasks"> = {
  topic: "tasks",
  authorize: authorizeDashboard,
  resolve: async (_db, change) => invalidateFor([change.assignedTo, change.previousAssignedTo]),
};

/**
 * A project's client (and the previous one, when it moved) and every developer assigned before or
 * after the change; retitled or deleted, also whoever its tasks are assigned to (the tasks due soon
 * name their project).
 */
export const dashboardProjectsLive: LiveCollection<"projects"> = {
  topic: "projects",
  authorize: authorizeDashboard,
  resolve: async (_db, change) => {
    const assignees = change.relabelled?.taskAssignees ?? [];
    if (assignees === "many") return invalidateFor("everyone");
    return invalidateFor([change.clientId, change.previousClientId ?? null, ...change.developerIds, ...assignees]);
  },
};

/** An invoice's client, and the one it was moved away from. */
export const dashboardInvoicesLive: LiveCollection<"invoices"> = {
  topic: "invoices",
  authorize: authorizeDashboard,
  resolve: async (_db, change) => invalidateFor([change.clientId, change.previousClientId]),
};
