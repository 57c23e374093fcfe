import { hashPassword } from "better-auth/crypto";
import { type SQL, sql } from "drizzle-orm";
import { ENQUIRY_STATUSES } from "../common/admin-table";
import {
  INVOICE_STATUSES,
  MILESTONE_STATUSES,
  ORDER_STATUSES,
  PROJECT_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "../common/domain";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "../common/enquiry-options";
import { TIME_ZONE } from "../common/format";
import type { Database } from "../server/db";
import { DEMO_PASSWORD, isEmpty, resetDatabase } from "./index";

/**
 * The large data set (`npm run seed:large`): a PostgreSQL database filled the
 * way a busy studio's would be after years, to measure the portal at scale.
 *
 * Every row is generated inside PostgreSQL (INSERT … SELECT … FROM
 * generate_series), in one transaction on one connection. Every value — ids,
 * dates, statuses, amounts, who wrote what — is derived from the row's number
 * and the seed through hashes, so the same seed and scale give the same rows.
 * Only the password hash differs between runs (it is salted); every generated
 * person signs in with the demo password.
 */

export const LARGE_PASSWORD = DEMO_PASSWORD;

/** Row counts at scale 1 (the issue's figures). */
export const LARGE_COUNTS = {
  clients: 10_000,
  developers: 100,
  projects: 50_000,
  messages: 1_000_000,
  /** Of the messages, how many belong to the one big thread (project number 1). */
  bigThread: 100_000,
  invoices: 200_000,
  tasks: 200_000,
  milestones: 500_000,
  /** Projects the busiest developer (developer number 1) is assigned to. */
  busyDeveloperProjects: 1_000,
  /** The catalogue (one in five inactive) and the clients' orders of it (admin Bookings and Subscriptions). */
  services: 40,
  orders: 100_000,
  /** The contact form's enquiries and the audit log (admin Enquiries and Audit log). */
  enquiries: 50_000,
  auditEntries: 300_000,
};

export type LargeOptions = { seed: number; scale: number; force?: boolean };

export type LargeResult = {
  counts: Record<keyof typeof LARGE_COUNTS, number>;
  accounts: { admin: string; developer: string; client: string };
  /** The project holding the big message thread, and the busy developer's and the client's ids. */
  ids: { bigProject: string; developer: string; client: string; admin: string };
  seconds: number;
};

export const LARGE_DOMAIN = "large.lagosstudio.test";
export const largeEmail = (kind: "admin" | "developer" | "client", n: number) =>
  kind === "admin" ? `admin@${LARGE_DOMAIN}` : `${kind}${n}@${LARGE_DOMAIN}`;

export function largeCounts(scale: number): LargeResult["counts"] {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  const projects = at(LARGE_COUNTS.projects, 2);
  const messages = at(LARGE_COUNTS.messages, 2);
  return {
    clients: at(LARGE_COUNTS.clients, 2),
    developers: at(LARGE_COUNTS.developers, 2),
    projects,
    messages,
    bigThread: Math.min(messages - 1, at(LARGE_COUNTS.bigThread, 1)),
    invoices: at(LARGE_COUNTS.invoices, 1),
    tasks: at(LARGE_COUNTS.tasks, 1),
    milestones: at(LARGE_COUNTS.milestones, 1),
    busyDeveloperProjects: Math.min(projects, at(LARGE_COUNTS.busyDeveloperProjects, 1)),
    services: at(LARGE_COUNTS.services, 2),
    orders: at(LARGE_COUNTS.orders, 1),
    enquiries: at(LARGE_COUNTS.enquiries, 1),
    auditEntries: at(LARGE_COUNTS.auditEntries, 1),
  };
}

/** `text[]` literal of our own constants, indexed 1-based by `pick`. */
const list = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

/** Who enquires: first and last names picked apart, so a name search matches many and a full name few. */
const FIRST_NAMES = [
  "Adaeze",
  "Babajide",
  "Chiamaka",
  "Damilola",
  "Emeka",
  "Folake",
  "Gbenga",
  "Halima",
  "Ifeanyi",
  "Kemi",
];
const LAST_NAMES = [
  "Adeyemi",
  "Bello",
  "Chukwu",
  "Danjuma",
  "Eze",
  "Fashola",
  "Ibrahim",
  "Nwosu",
  "Okafor",
  "Ogunleye",
];

/** What the audit log records, as the server writes it (entity, action); a pair listed more often is written more often. */
const AUDIT_KINDS: [entity: string, action: string][] = [
  ["task", "task.update"],
  ["task", "task.update"],
  ["task", "task.update"],
  ["task", "task.create"],
  ["milestone", "milestone.update"],
  ["milestone", "milestone.create"],
  ["project", "project.update"],
  ["project", "project.create"],
  ["invoice", "invoice.create"],
  ["invoice", "invoice.mark_paid"],
  ["booking", "booking.approve"],
  ["service", "service.update"],
  ["enquiry", "enquiry.update"],
  ["file", "file.delete"],
  ["task", "task.delete"],
  ["client", "client.create"],
];

/**
 * Fills an empty PostgreSQL database. Refuses PGlite (the data set is for
 * measuring PostgreSQL, and would take the embedded database's memory) and a
 * database that holds data unless `force` (which empties it first).
 */
export async function seedLarge(database: Database, options: LargeOptions): Promise<LargeResult> {
  if (database.kind !== "postgres") {
    throw new Error("The large data set is for PostgreSQL: pass --database-url postgres://…");
  }
  const { seed, scale } = options;
  if (!Number.isSafeInteger(seed)) throw new Error("--seed must be an integer");
  if (!(scale > 0 && scale <= 10)) throw new Error("--scale must be a number above 0, at most 10");
  const db = database.db;
  if (!(await isEmpty(db))) {
    if (!options.force)
      throw new Error("The database already holds data: refusing to add the large data set (--force empties it first)");
    await resetDatabase(db);
  }

  const c = largeCounts(scale);
  const started = performance.now();
  const passwordHash = await hashPassword(LARGE_PASSWORD);
  // Every statement below is our own text; the only outside values are integers checked above.
  const run = (text: string) => sql.raw(text);
  const developersStep = c.developers - 1;
  // Every 1/n-th project (the first included) also has developer 1: about `busyDeveloperProjects` in all.
  const busyEvery = Math.max(1, Math.floor(c.projects / c.busyDeveloperProjects));

  const statements: SQL[] = [
    run("set local synchronous_commit = off"),
    // Dates cut from timestamps must not depend on the session's time zone.
    run("set local timezone = 'UTC'"),
    // Helpers for this session only, inlined by PostgreSQL because their bodies are immutable (hence
    // `n::text`: `text || bigint` is only stable): a non-negative hash of (kind, n) under the seed, a 1..m pick, a uuid.
    run(`create or replace function pg_temp.h(k text, n bigint) returns bigint language sql immutable parallel safe as
      $$ select hashtextextended(k || ':' || n::text, ${seed}) & 9223372036854775807 $$`),
    run(`create or replace function pg_temp.pick(k text, n bigint, m bigint) returns bigint language sql immutable parallel safe as
      $$ select 1 + (pg_temp.h(k, n) % m) $$`),
    // A version-4 shaped uuid (zod's z.uuid() checks the version and variant nibbles).
    run(`create or replace function pg_temp.id(k text, n bigint) returns uuid language sql immutable parallel safe as
      $$ select overlay(overlay(md5('${seed}:' || k || ':' || n::text) placing '4' from 13) placing '8' from 17)::uuid $$`),
    // Whose project number p is: client 1 owns project 1 (the big thread); the others are spread.
    run(`create or replace function pg_temp.client_of(p bigint) returns bigint language sql immutable parallel safe as
      $$ select case when p = 1 then 1 else pg_temp.pick('project-client', p, ${c.clients}) end $$`),
    // The developer every project has (never developer 1, whose projects are the extra assignments).
    run(`create or replace function pg_temp.developer_of(p bigint) returns bigint language sql immutable parallel safe as
      $$ select 2 + ((p - 1) % ${developersStep}) $$`),
    run("create temporary table lg_t0 on commit drop as select timestamptz '2024-01-01 08:00:00+00' as t0"),

    // People: one administrator, the developers, the clients; each with a password account.
    sql`insert into users (id, full_name, email, email_verified, company_name, role, created_at, updated_at)
      select pg_temp.id('admin', 1)::text, 'Large Admin', ${largeEmail("admin", 1)}, true, null, 'admin', t0, t0 from lg_t0`,
    run(`insert into users (id, full_name, email, email_verified, company_name, role, created_at, updated_at)
      select pg_temp.id('developer', n)::text, 'Developer ' || n, 'developer' || n || '@${LARGE_DOMAIN}', true, null,
        'developer', t0 + n * interval '1 minute', t0 + n * interval '1 minute'
      from generate_series(1, ${c.developers}) n, lg_t0`),
    run(`insert into users (id, full_name, email, email_verified, company_name, role, created_at, updated_at)
      select pg_temp.id('client', n)::text, 'Client ' || n, 'client' || n || '@${LARGE_DOMAIN}', true,
        case when pg_temp.h('company', n) % 4 = 0 then null else 'Company ' || n || ' Ltd' end,
        'client', t0 + n * interval '1 minute', t0 + n * interval '1 minute'
      from generate_series(1, ${c.clients}) n, lg_t0`),
    sql`insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select 'acct-' || u.id, u.id, 'credential', u.id, ${passwordHash}, u.created_at, u.created_at from users u`,

    // Projects: two share each creation time, so paging has ties to break by id.
    run(`insert into projects (id, title, description, status, progress, start_date, end_date, client_id, created_at, updated_at)
      select pg_temp.id('project', p), 'Project ' || p,
        'Generated project ' || p || ' for measuring the portal at scale.',
        (${list(PROJECT_STATUSES)})[pg_temp.pick('project-status', p, ${PROJECT_STATUSES.length})],
        (pg_temp.h('project-progress', p) % 101)::int,
        (t0 + ((p + 1) / 2) * interval '10 minutes')::date,
        case when pg_temp.h('project-end', p) % 3 = 0 then null
          else (t0 + ((p + 1) / 2) * interval '10 minutes')::date + (pg_temp.h('project-length', p) % 365)::int end,
        pg_temp.id('client', pg_temp.client_of(p))::text,
        t0 + ((p + 1) / 2) * interval '10 minutes', t0 + ((p + 1) / 2) * interval '10 minutes'
      from generate_series(1, ${c.projects}) p, lg_t0`),
    // Each assignment carries its project's created_at, as server/data/projects.ts assignDevelopers writes it.
    run(`insert into project_developers (project_id, developer_id, created_at, project_created_at)
      select pr.id, pg_temp.id('developer', pg_temp.developer_of(p))::text, t0, pr.created_at
      from generate_series(1, ${c.projects}) p join projects pr on pr.id = pg_temp.id('project', p), lg_t0`),
    run(`insert into project_developers (project_id, developer_id, created_at, project_created_at)
      select pr.id, pg_temp.id('developer', 1)::text, t0, pr.created_at
      from generate_series(1, ${c.projects}) p join projects pr on pr.id = pg_temp.id('project', p), lg_t0
      where (p - 1) % ${busyEvery} = 0
      order by p limit ${c.busyDeveloperProjects}`),

    // Messages: the first `bigThread` on project 1, the rest spread over the other projects;
    // written by the project's client or its developer, one every 30 seconds.
    run(`insert into project_messages (id, project_id, user_id, message, created_at)
      select pg_temp.id('message', m.n), pg_temp.id('project', m.p),
        case when pg_temp.h('message-author', m.n) % 2 = 0 then pg_temp.id('client', pg_temp.client_of(m.p))::text
          else pg_temp.id('developer', case when m.p = 1 then 1 else pg_temp.developer_of(m.p) end)::text end,
        (array['Here is the latest build for review.', 'Can we move the launch by a week?',
          'The designs are approved, thank you.', 'Payment has been sent.', 'Please share the staging link.',
          'We fixed the checkout bug.', 'Meeting notes are in the shared folder.',
          'Could you add our new logo?'])[pg_temp.pick('message-text', m.n, 8)] || ' (' || m.n || ')',
        t0 + m.n * interval '30 seconds'
      from (select n, case when n <= ${c.bigThread} then 1
              else 2 + pg_temp.h('message-project', n) % ${c.projects - 1} end as p
            from generate_series(1, ${c.messages}) n) m, lg_t0`),

    // Milestones: amounts in kobo; paid ones carry their paid date (milestones_paid_check).
    run(`insert into milestones (id, project_id, title, description, amount_minor, due_date, status, payment_status,
        paid_date, created_by, created_at, updated_at)
      select pg_temp.id('milestone', n), pg_temp.id('project', pg_temp.pick('milestone-project', n, ${c.projects})),
        'Milestone ' || n, 'Deliverable ' || n, (pg_temp.h('milestone-amount', n) % 500000) * 100,
        (t0 + n * interval '1 minute')::date + 30,
        (${list(MILESTONE_STATUSES)})[pg_temp.pick('milestone-status', n, ${MILESTONE_STATUSES.length})],
        case when pg_temp.h('milestone-paid', n) % 3 = 0 then 'paid' else 'unpaid' end,
        case when pg_temp.h('milestone-paid', n) % 3 = 0 then t0 + n * interval '1 minute' + interval '20 days' end,
        pg_temp.id('admin', 1)::text, t0 + n * interval '1 minute', t0 + n * interval '1 minute'
      from generate_series(1, ${c.milestones}) n, lg_t0`),

    // Invoices: billed to the client of their project.
    // Those already past their due date were told then: a server started on the data reminds nobody.
    run(`insert into invoices (id, invoice_number, project_id, client_id, amount_minor, status, due_date, paid_date,
        overdue_told_for, created_at, updated_at)
      select pg_temp.id('invoice', i.n), 'LG-' || lpad(i.n::text, 8, '0'), pg_temp.id('project', i.p),
        pg_temp.id('client', pg_temp.client_of(i.p))::text, (pg_temp.h('invoice-amount', i.n) % 2000000) * 100, i.status,
        i.due,
        case when i.status = 'paid' then t0 + i.n * interval '2 minutes' + interval '10 days' end,
        case when i.status <> 'paid' and i.due < (now() at time zone '${TIME_ZONE}')::date then i.due end,
        t0 + i.n * interval '2 minutes', t0 + i.n * interval '2 minutes'
      from (select n, pg_temp.pick('invoice-project', n, ${c.projects}) as p,
              (${list(INVOICE_STATUSES)})[pg_temp.pick('invoice-status', n, ${INVOICE_STATUSES.length})] as status,
              (t0 + n * interval '2 minutes')::date + 14 as due
            from generate_series(1, ${c.invoices}) n, lg_t0) i, lg_t0`),

    // Tasks: dealt round the developers (one in twenty unassigned), created by the administrator.
    run(`insert into tasks (id, title, description, status, priority, assigned_to, project_id, due_date, created_by,
        created_at, updated_at)
      select pg_temp.id('task', n), 'Task ' || n, 'Generated task ' || n,
        (${list(TASK_STATUSES)})[pg_temp.pick('task-status', n, ${TASK_STATUSES.length})],
        (${list(TASK_PRIORITIES)})[pg_temp.pick('task-priority', n, ${TASK_PRIORITIES.length})],
        case when pg_temp.h('task-unassigned', n) % 20 = 0 then null
          else pg_temp.id('developer', 1 + (n % ${c.developers}))::text end,
        pg_temp.id('project', pg_temp.pick('task-project', n, ${c.projects})),
        (t0 + n * interval '2 minutes')::date + 7, pg_temp.id('admin', 1)::text,
        t0 + n * interval '2 minutes', t0 + n * interval '2 minutes'
      from generate_series(1, ${c.tasks}) n, lg_t0`),

    // The catalogue: every fifth service inactive (still ordered before it was hidden).
    run(`insert into services (id, title, description, price_minor, estimated_duration, features, allow_milestones,
        status, created_at, updated_at)
      select pg_temp.id('service', n), 'Service ' || n, 'Generated service ' || n || '.',
        (50 + pg_temp.h('service-price', n) % 4950) * 100000, (1 + n % 12) || ' weeks',
        jsonb_build_array('Feature A of ' || n, 'Feature B of ' || n, 'Feature C of ' || n, 'Feature D of ' || n),
        n % 3 = 0, case when n % 5 = 0 then 'inactive' else 'active' end, t0, t0
      from generate_series(1, ${c.services}) n, lg_t0`),
    // Orders at the service's price, one every 5 minutes; a decided order was decided within 14 days.
    run(`insert into service_orders (id, service_id, client_id, total_amount_minor, notes, status, created_at, updated_at)
      select pg_temp.id('order', o.n), s.id, pg_temp.id('client', pg_temp.pick('order-client', o.n, ${c.clients}))::text,
        s.price_minor, case when pg_temp.h('order-notes', o.n) % 2 = 0 then '' else 'Notes for order ' || o.n end,
        o.status, t0 + o.n * interval '5 minutes',
        t0 + o.n * interval '5 minutes' + case when o.status = 'pending' then interval '0'
          else (pg_temp.h('order-decided', o.n) % (14 * 24 * 60)) * interval '1 minute' end
      from (select n, pg_temp.pick('order-service', n, ${c.services}) as s,
              (${list(ORDER_STATUSES)})[pg_temp.pick('order-status', n, ${ORDER_STATUSES.length})] as status
            from generate_series(1, ${c.orders}) n) o
      join services s on s.id = pg_temp.id('service', o.s), lg_t0`),
    // Enquiries from the contact form, one every 10 minutes.
    run(`insert into contact_enquiries (id, first_name, last_name, email, company, service, budget, message, status,
        created_at)
      select pg_temp.id('enquiry', n),
        (${list(FIRST_NAMES)})[pg_temp.pick('enquiry-first', n, ${FIRST_NAMES.length})],
        (${list(LAST_NAMES)})[pg_temp.pick('enquiry-last', n, ${LAST_NAMES.length})],
        'enquirer' || n || '@example.test',
        case when pg_temp.h('enquiry-company', n) % 3 = 0 then null else 'Enquiring ' || n || ' Ltd' end,
        case when pg_temp.h('enquiry-service', n) % 4 = 0 then null
          else (${list(ENQUIRY_SERVICES)})[pg_temp.pick('enquiry-service', n, ${ENQUIRY_SERVICES.length})] end,
        case when pg_temp.h('enquiry-budget', n) % 4 = 0 then null
          else (${list(ENQUIRY_BUDGETS)})[pg_temp.pick('enquiry-budget', n, ${ENQUIRY_BUDGETS.length})] end,
        'We would like to talk about a project (' || n || ').',
        (${list(ENQUIRY_STATUSES)})[pg_temp.pick('enquiry-status', n, ${ENQUIRY_STATUSES.length})],
        t0 + n * interval '10 minutes'
      from generate_series(1, ${c.enquiries}) n, lg_t0`),
    // The audit log, one entry a minute and a half: seven in ten by the administrator, the rest by developers.
    run(`insert into audit_log (id, actor_id, action, entity, entity_id, details, created_at)
      select pg_temp.id('audit', a.n),
        case when pg_temp.h('audit-actor', a.n) % 10 < 7 then pg_temp.id('admin', 1)::text
          else pg_temp.id('developer', pg_temp.pick('audit-developer', a.n, ${c.developers}))::text end,
        (${list(AUDIT_KINDS.map(([, action]) => action))})[a.k], (${list(AUDIT_KINDS.map(([entity]) => entity))})[a.k],
        pg_temp.id('audit-entity', a.n)::text,
        jsonb_build_object('after', jsonb_build_object('title', 'Generated ' || (${list(AUDIT_KINDS.map(([entity]) => entity))})[a.k] || ' ' || a.n)),
        t0 + a.n * interval '90 seconds'
      from (select n, pg_temp.pick('audit-kind', n, ${AUDIT_KINDS.length}) as k
            from generate_series(1, ${c.auditEntries}) n) a, lg_t0`),
  ];

  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
  // One statement inserted every invoice, so the invoice counts' trigger (migration 0022) rewrote
  // every client's row at once, in key order: more new versions than a page has room for, so the
  // rows moved out of their pages, scattered ("client1" then matched clients in 212 pages, not 27).
  // A live table gets its invoices one at a time and keeps each row in its page (a HOT update):
  // put the rows back in the order they were created, as it would hold them.
  await db.execute(sql`cluster users using users_role_created_idx`);
  // The state autovacuum keeps a database in service in: fresh statistics, so the first queries get
  // their steady-state plans, and a visibility map, without which the planner reads a developer's
  // 1,900 tasks from the heap to count them (2.1 ms) instead of from an index alone (0.4 ms).
  // Measured on servers with autovacuum off (this machine's) or not yet round to these tables.
  await db.execute(sql`vacuum analyze`);

  const [ids] = (
    await db.execute<{ bigProject: string; developer: string; client: string; admin: string }>(sql`
      select (${sql.raw(`overlay(overlay(md5('${seed}:project:1') placing '4' from 13) placing '8' from 17)::uuid`)})::text as "bigProject",
        (select id from users where email = ${largeEmail("developer", 1)}) as developer,
        (select id from users where email = ${largeEmail("client", 1)}) as client,
        (select id from users where email = ${largeEmail("admin", 1)}) as admin`)
  ).rows;
  if (!ids) throw new Error("the generated people are missing");
  return {
    counts: c,
    accounts: { admin: largeEmail("admin", 1), developer: largeEmail("developer", 1), client: largeEmail("client", 1) },
    ids,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
