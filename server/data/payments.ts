import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { PaymentSort, PaymentsQuery } from "../../common/admin-money";
import type { PaymentFilter } from "../../common/admin-table";
import type { InvoiceStatus } from "../../common/domain";
import { lagosParts } from "../../common/format";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead, preparedValue } from "../db/prepared";
import { analyticsCounters, invoiceCounters, invoices, lastWordOf, projects, users } from "../db/schema";
import {
  countedOwnersPage,
  escapeLike,
  offsetOf,
  offsetPlaceholder,
  opaquePrefixSearchPlaceholders,
  prefixSearch,
  prefixSearchPlaceholders,
  type SearchMatch,
  searchedPage,
  sortedMatchesPage,
  type TableShape,
  tableOrder,
  tablePage,
  tablePageRead,
  textSearch,
} from "../http/admin-table";
import { exportInOrder } from "../http/csv";
import { readCounters } from "./counters";
import { invoiceColumns, invoiceSummary, lagosToday, shownStatus, unpaidNotDue } from "./invoices";

/**
 * The admin console's money (issue #7 items 5 and 7): the payments table and
 * its CSV, the numbering of new invoices, and the bounded pickers the new
 * invoice and project forms read.
 */

/** The invoice's portal columns, the client's e-mail, which the table searches and shows, and its version. */
const paymentColumns = {
  ...invoiceColumns,
  clientEmail: users.email,
  updatedAt: invoices.updatedAt,
};

export type PaymentRow = Awaited<ReturnType<typeof listPayments>>["items"][number];

/**
 * Each sort. Number, project, amount, due date and created read their indexes
 * (invoices_number_order_idx, invoices_project_title_idx, invoices_amount_idx, invoices_due_idx,
 * invoices_created_idx); client walks the clients in name order (walkedByClient);
 * the status shown depends on today, so a page reads each status in turn (statusRuns).
 */
const sortExpressions: Record<PaymentSort, SQL> = {
  number: sql`${invoices.numberOrder}`,
  client: sql`lower(${users.fullName})`,
  // The title as the invoice's client knew it (migration 0041), as the column shows it; none last.
  project: sql`lower(${invoices.projectTitle})`,
  amount: sql`${invoices.amount}`,
  due: sql`${invoices.dueDate}`,
  status: shownStatus,
  created: sql`${invoices.createdAt}`,
};

const searchedClients = [sql`lower(client.full_name)`, lastWordOf(sql`client.full_name`), sql`lower(client.email)`];
const searchedNumbers = [sql`lower(${invoices.invoiceNumber})`];

/**
 * The search: invoices whose number starts with the text
 * (invoices_number_prefix_idx) or whose client's name or e-mail does
 * (users_role_*_prefix_idx). The clients are one uncorrelated subquery, so
 * PostgreSQL probes them as a hash while it walks the sort's index and stops
 * at the page's last row: "client1" matches 1,112 clients and 22,398 of
 * 200,000 invoices at full scale, and its first page by number reads ~250
 * index entries (2 ms) where choosing among all the matches first took 110 ms.
 */
function paymentSearch(match: SearchMatch) {
  const clientsWhere = sql`client.role = 'client' and ${match(searchedClients)}`;
  const clientIds = sql`select client.id from ${users} client where ${clientsWhere}`;
  return { clientsWhere, clientIds, byNumber: match(searchedNumbers) };
}

type PaymentSearch = ReturnType<typeof paymentSearch>;

const paymentFilter = (search: PaymentSearch | undefined) =>
  search ? sql`(${search.byNumber} or ${invoices.clientId} in (${search.clientIds}))` : undefined;

/**
 * The status filter, on the status the table shows (an invoice not paid past its due date is
 * overdue, shownStatus). A third to two thirds of the invoices each, so a page walks the sort's
 * index and skips the others, as unfiltered: page 1 reads about 75 rows at most.
 */
const statusFilters: Record<PaymentFilter, SQL> = {
  pending: sql`${invoices.status} <> 'paid'`,
  overdue: sql`${shownStatus} = 'overdue'`,
  paid: sql`${invoices.status} = 'paid'`,
};
const statusFilter = (status: PaymentFilter | undefined) => (status ? statusFilters[status] : undefined);

/** A page's shape: the table's, the status filtered by, and how a search is read (FEW_MATCHES). */
type PaymentShape = TableShape<PaymentSort> & { status?: PaymentFilter | undefined };

/**
 * How many invoices match: the matching clients' invoice counts (users.invoice_count, kept by
 * the triggers of migration 0022) added up, plus the invoices matched by number whose client
 * does not match (so none is counted twice). Counting the matching clients' invoices on
 * invoices_client_created_idx took 2.6 ms for "client1" (22,398 invoices of 1,112 clients)
 * against 0.2; counting the filter above read all 200,000.
 */
const countPayments = preparedValue("countPayments", (shape: { status?: PaymentFilter | undefined }) => {
  const search = paymentSearch(opaquePrefixSearchPlaceholders);
  const status = statusFilter(shape.status);
  // Of one status, the matching clients' invoices are counted on invoices_client_created_idx: the
  // running counts are of every status.
  const byClients = status
    ? sql`(select count(*) from ${invoices} where ${invoices.clientId} in (${search.clientIds}) and ${status})`
    : sql`(select coalesce(sum(client.invoice_count), 0) from ${users} client where ${search.clientsWhere})`;
  return sql<number>`(${byClients}
    + (select count(*) from ${invoices} where ${and(search.byNumber, sql`${invoices.clientId} not in (${search.clientIds})`, status)}))::int`;
});

/**
 * By number: in number order (invoices_number_order_idx: INV-2026-999 before INV-2026-1000),
 * then the id (two numbers may pad alike: INV-7 and INV-007). By client: by name, then the client (two clients of one name keep their invoices apart), then
 * the invoice. By status: the status shown, then the status stored (an invoice stored overdue
 * before one unpaid past its due date: statusRuns), then the invoice.
 */
const thenBy: Partial<Record<PaymentSort, AnyPgColumn>> = { client: invoices.clientId, status: invoices.status };
const orderOf = (query: Pick<PaymentsQuery, "sort" | "dir">) => {
  const then = thenBy[query.sort];
  if (then)
    return [
      ...tableOrder(sortExpressions[query.sort], query.dir, then),
      ...tableOrder(invoices.id, query.dir, undefined),
    ];
  return tableOrder(sortExpressions[query.sort], query.dir, invoices.id);
};

/** An invoice's sort value as one value: by client, the client's name, then the client; by status, likewise. */
const sortValueOf = (sort: PaymentSort) => {
  const then = thenBy[sort];
  return then ? sql`(${sortExpressions[sort]}, ${then})` : sortExpressions[sort];
};

/** The invoices a page is chosen among, with their clients when the sort is by client. */
function invoicesSortedBy<C extends SelectedFields>(db: Db, sort: PaymentSort, columns: C) {
  const from = db.select(columns).from(invoices);
  return sort === "client" ? from.innerJoin(users, eq(users.id, invoices.clientId)) : from;
}

/**
 * The table by status, ascending, as four runs, each one stored status's invoices by id on
 * invoices_status_id_idx (the due date beside it): the status shown (the sort compares it as
 * text: overdue, paid, unpaid), then the status stored. Overdue is a stored status (rows an older
 * version wrote, migration 0046; the large data set's generator still writes them, so this run stays
 * measured) or an unpaid invoice past its due date in Lagos (shownStatus); unpaid is one not yet
 * due or with no due date. Descending, the runs come the other way round.
 */
const statusRuns: { shows: InvoiceStatus; where: SQL }[] = [
  { shows: "overdue", where: sql`${invoices.status} = 'overdue'` },
  { shows: "overdue", where: sql`${invoices.status} = 'unpaid' and ${invoices.dueDate} < ${lagosToday}` },
  { shows: "paid", where: sql`${invoices.status} = 'paid'` },
  {
    shows: "unpaid",
    where: sql`${invoices.status} = 'unpaid' and (${invoices.dueDate} >= ${lagosToday} or ${invoices.dueDate} is null)`,
  },
];
const ALL_SHOWN: readonly InvoiceStatus[] = ["overdue", "paid", "unpaid"];

/** The statuses each filter keeps, as statusFilters decides them. */
const FILTER_SHOWS: Record<PaymentFilter, readonly InvoiceStatus[]> = {
  pending: ["overdue", "unpaid"],
  overdue: ["overdue"],
  paid: ["paid"],
};

/** Which of statusRuns the status filter keeps (all without one). */
const keptRuns = (status: PaymentFilter | undefined) => {
  const shown = status ? FILTER_SHOWS[status] : ALL_SHOWN;
  return statusRuns.map((run) => shown.includes(run.shows));
};

const selectPayments = (db: Db | Tx) =>
  db
    .select(paymentColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId));

/**
 * A page of the table. The page's invoices are chosen on invoices alone (with
 * users only to sort by client name), and only those 25 rows are joined to
 * their client and project: joining first made page 100 join the 2,500 rows
 * before it too (22 ms at 20,000 invoices). Without a search the total is
 * the invoices' running count in analytics_counters (kept by the triggers of
 * migration 0011), not a count of every invoice.
 */
export async function listPayments(db: Db, query: PaymentsQuery) {
  const table = tablePageRead(query);
  const shape = { ...table.shape, status: query.status };
  const { values } = table;
  if (!shape.search) {
    if (query.sort === "status") return unsearchedByStatus(db, query, shape, values);
    const [rows, total] = await Promise.all([
      paymentPage(db, { ...shape, fewMatches: false }, values),
      unsearchedTotal(db, query.status),
    ]);
    return tablePage(rows, total, query);
  }
  // A search is counted first: its count decides how the page is read (FEW_MATCHES).
  const total = await countPayments(db, { status: query.status }, values);
  const rows = await searchedPage(total, (fewMatches) => paymentPage(db, { ...shape, fewMatches }, values));
  return tablePage(rows, total, query);
}

/**
 * How many invoices each of statusRuns holds: the stored statuses' running counts
 * (analytics_counters, migration 0011's triggers), the unpaid split by unpaidNotDue.
 */
const statusRunSizes = preparedRead("statusRunSizes", (db) => {
  const counted = (bucket: string) =>
    sql<number>`coalesce(sum(${analyticsCounters.count}) filter (where ${analyticsCounters.bucket} = ${sql.raw(`'${bucket}'`)}), 0)::int`;
  return db
    .select({
      storedOverdue: counted("overdue"),
      unpaid: counted("unpaid"),
      paid: counted("paid"),
      unpaidNotDue: sql<number>`${unpaidNotDue}::int`,
    })
    .from(analyticsCounters)
    .where(eq(analyticsCounters.metric, "invoices"));
});

/**
 * The runs a page of the table by status reads, and where in each it starts: whole runs before the
 * page are skipped by their sizes, so a page reads at most its own rows from each run it reaches
 * (page 100 walks 2,475 index entries of one run), never the runs before it, and sorts no more than
 * a page. `kept`: the runs the status filter keeps.
 */
export function runsOfPage(
  sizes: readonly number[],
  kept: readonly boolean[],
  dir: "asc" | "desc",
  offset: number,
  pageSize: number,
): { run: number; offset: number }[] {
  const order = sizes.map((_, run) => run);
  if (dir === "desc") order.reverse();
  const reached: { run: number; offset: number }[] = [];
  let skip = offset;
  let left = pageSize;
  for (const run of order) {
    const size = sizes[run] ?? 0;
    if (!kept[run] || left <= 0) continue;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    reached.push({ run, offset: skip });
    left -= size - skip;
    skip = 0;
  }
  return reached;
}

/**
 * An unsearched page by status: its runs chosen by their sizes (runsOfPage), each read from its
 * offset for at most a page, then those few rows sorted. The total is the kept runs' sizes, as the
 * running totals give it. Each run's rows walked from its start and sorted with the others, page 100
 * sorted 7,500 rows: 5 ms of PostgreSQL's time a read, 357 reads a second at 50 connections.
 */
async function unsearchedByStatus(db: Db, query: PaymentsQuery, shape: PaymentShape, values: Record<string, unknown>) {
  const [counted] = await statusRunSizes(db, {}, {});
  const sizes = counted
    ? [counted.storedOverdue, counted.unpaid - counted.unpaidNotDue, counted.paid, counted.unpaidNotDue]
    : [0, 0, 0, 0];
  const kept = keptRuns(query.status);
  const total = sizes.reduce((sum, size, run) => (kept[run] ? sum + size : sum), 0);
  const reached = runsOfPage(sizes, kept, query.dir, offsetOf(query), query.pageSize);
  if (reached.length === 0) return tablePage([], total, query);
  const runOffsets = Object.fromEntries(reached.map(({ run, offset }) => [`run${run}Offset`, offset]));
  const runs = reached.map(({ run }) => run).join(",");
  const rows = await paymentPage(db, { ...shape, fewMatches: false, runs }, { ...values, ...runOffsets });
  return tablePage(rows, total, query);
}

/** How many invoices there are, or of one status: from the running totals (invoiceSummary), not a count. */
async function unsearchedTotal(db: Db, status: PaymentFilter | undefined): Promise<number> {
  if (!status) return (await readCounters(db, ["invoices"])).sumOf("invoices").count;
  const totals = await invoiceSummary(db, { kind: "all" });
  return { pending: totals.pendingCount, overdue: totals.overdueCount, paid: totals.paidCount }[status];
}

/**
 * A searched page of many matches walks the sort's index and probes each invoice's client in the
 * matching clients (walkedPaymentIds); one of few matches reads them and sorts them
 * (matchingPaymentIds). Walked, a search for one client newest first read every invoice newer than
 * theirs: "client10000" (18 invoices) 154 ms a read, a number no invoice has (all 200,000) 83 ms;
 * read first, 0.4 ms each (pgbench, prepared). "client1" (22,398 invoices) keeps the walk: 0.6 ms,
 * against 54 read first.
 */
const paymentPage = preparedRead("paymentPage", (db, shape: PaymentShape & { fewMatches: boolean; runs?: string }) => {
  const pageIds = shape.runs
    ? runsPageIds(db, shape, shape.runs.split(",").map(Number))
    : shape.fewMatches
      ? matchingPaymentIds(db, shape)
      : walkedPaymentIds(db, shape);
  return selectPayments(db)
    .where(inArray(invoices.id, pageIds))
    .orderBy(...orderOf(shape));
});

const walkedPaymentIds = (db: Db, shape: PaymentShape) => {
  const search = paymentFilter(shape.search ? paymentSearch(prefixSearchPlaceholders) : undefined);
  if (shape.sort === "status") return walkedByStatus(db, shape, search);
  if (shape.sort === "client") {
    const where = and(statusFilter(shape.status), search);
    return where ? walkedByClient(shape, where) : countedByClient(shape);
  }
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(statusFilter(shape.status), search))
    .orderBy(...orderOf(shape))
    .limit(pageLimit(shape.pageSize))
    .offset(offsetPlaceholder(shape.paged));
};

/**
 * An unfiltered page by client (countedOwnersPage): the clients in name order (users_role_name_idx)
 * with their running invoice counts (users.invoice_count, migration 0022). Page 100 of 200,000
 * invoices reads ~150 clients' rows and the page's invoices, 0.59 ms of PostgreSQL's time; walking
 * every invoice of those clients (walkedByClient), 3.4 ms and 611 reads a second.
 */
function countedByClient(shape: PaymentShape) {
  const owners = sql`select ${users.id} as id, ${sortExpressions.client} as name, ${users.invoiceCount} as counted
    from ${users} where ${users.role} = 'client'`;
  return countedOwnersPage(shape, owners, {
    from: invoices,
    id: invoices.id,
    where: (clientId) => sql`${invoices.clientId} = ${clientId}`,
  });
}

/**
 * A page by client, filtered or searched: the clients in name order (users_role_name_idx, index only), and each one's
 * invoices that `where` keeps (invoices_client_created_idx), so PostgreSQL sorts by id only the
 * invoices of each client the page reaches (an incremental sort: the clients come sorted). Every
 * invoice's client is a client (only clients are invoiced, and nobody's role becomes or leaves
 * client). Joined to every client and sorted, page 100 of 200,000 invoices took 13.7 ms of
 * PostgreSQL's time. A copy of the client's name on each invoice, kept by triggers as the orders'
 * is (0028), would make a rename lock every invoice of its client after their users row, the
 * opposite order to a payment's, correction's or deletion's (the invoice, then the client's row
 * for its notification or count): they deadlocked.
 */
function walkedByClient(shape: PaymentShape, where: SQL | undefined) {
  const direction = sql.raw(shape.dir);
  return sql`(select chosen.id from (select ${users.id} as id, ${sortExpressions.client} as name from ${users}
      where ${users.role} = 'client' order by name ${direction}, id ${direction}) payer
    cross join lateral (select ${invoices.id} as id from ${invoices}
      where ${and(sql`${invoices.clientId} = payer.id`, where)}) chosen
    order by payer.name ${direction}, payer.id ${direction}, chosen.id ${direction}
    limit ${pageLimit(shape.pageSize)} offset ${offsetPlaceholder(shape.paged)})`;
}

/** One run of statusRuns by id in the page's direction, at most a page from `offset`, with its place in the sort. */
function runRows(db: Db, shape: PaymentShape, run: number, where: SQL | undefined, limit: number, offset: number) {
  const by = shape.dir === "asc" ? asc : desc;
  return db
    .select({ id: invoices.id, place: sql<number>`${sql.raw(String(run))}`.as("place") })
    .from(invoices)
    .where(and(statusRuns[run]?.where, where))
    .orderBy(by(invoices.id))
    .limit(limit)
    .offset(offset);
}

/** Runs' rows sorted by their place in the sort and id: a page of the table by status. */
function pageOfRuns(shape: PaymentShape, runs: SQL[], offset: number) {
  const direction = sql.raw(shape.dir);
  return sql`(select run.id from (${sql.join(runs, sql` union all `)}) run
    order by run.place ${direction}, run.id ${direction}
    limit ${pageLimit(shape.pageSize)} offset ${offset})`;
}

/** An unsearched page by status, its runs and their offsets chosen by unsearchedByStatus. */
const runsPageIds = (db: Db, shape: PaymentShape, runs: number[]) =>
  pageOfRuns(
    shape,
    runs.map(
      (run) =>
        sql`${runRows(db, shape, run, undefined, pageLimit(shape.pageSize), sql`(select ${sql.placeholder(`run${run}Offset`)}::bigint)` as unknown as number)}`,
    ),
    0,
  );

/**
 * A searched page (of many matches) by status: of each run the filter keeps, its first matching
 * rows by id up to the page's end, then those sorted. Sizes of a search's runs are not kept, so its
 * far pages read every run from its start; its first pages, the ones a search is read at, read a
 * page or two of each.
 */
function walkedByStatus(db: Db, shape: PaymentShape, search: SQL | undefined) {
  const pageEnd = sql`${pageLimit(shape.pageSize)} + ${offsetPlaceholder(shape.paged)}` as unknown as number;
  const kept = keptRuns(shape.status);
  const runs = statusRuns
    .map((_, index) => (kept[index] ? sql`${runRows(db, shape, index, search, pageEnd, 0)}` : undefined))
    .filter((run) => run !== undefined);
  return pageOfRuns(shape, runs, offsetPlaceholder(shape.paged));
}

/**
 * The matching invoices, each with its sort value, sorted: the matching clients' (on
 * invoices_client_created_idx) and those matched by number, as a union. Chosen by id among
 * them (`id in (…)`), their generic plan hashed the whole invoices table (39 ms a read), so
 * PostgreSQL planned the statement again on every run.
 */
function matchingPaymentIds(db: Db, shape: PaymentShape) {
  const search = paymentSearch(opaquePrefixSearchPlaceholders);
  const matching = (match: SQL) => {
    const where = and(match, statusFilter(shape.status));
    return invoicesSortedBy(db, shape.sort, {
      id: invoices.id,
      sortKey: sql`${sortValueOf(shape.sort)}`.as("sort_key"),
    }).where(where);
  };
  const matches = matching(sql`${invoices.clientId} in (${search.clientIds})`)
    .union(matching(search.byNumber))
    .as("matches");
  return sortedMatchesPage(db, matches, shape);
}

/** Every invoice matching the table's search, in its order, a batch at a time (the CSV export). */
export function allPayments(db: Db, query: Pick<PaymentsQuery, "sort" | "dir" | "q" | "status">, batch = 500) {
  const match = textSearch(query.q);
  const where = and(statusFilter(query.status), paymentFilter(match && paymentSearch(match)));
  const ids = invoicesSortedBy(db, query.sort, { id: invoices.id })
    .where(where)
    .orderBy(...orderOf(query));
  return exportInOrder(ids, (chosen) => selectPayments(db).where(inArray(invoices.id, chosen)), batch);
}

/** One invoice as the payments table shows it. */
export async function getPayment(db: Db | Tx, id: string) {
  const [row] = await selectPayments(db).where(eq(invoices.id, id));
  return row;
}

// ---------------------------------------------------------------------------
// Invoice numbers: INV-<year>-<n>, n counted per year (three digits at least, as seed/ has them).
// ---------------------------------------------------------------------------

/** The current year in Lagos, where the company's years begin. */
export function lagosYear(now = new Date()): number {
  return lagosParts(now).year;
}

export const formatInvoiceNumber = (year: number, n: number) => `INV-${year}-${String(n).padStart(3, "0")}`;

/**
 * The next number of `year`, taken inside the invoice's transaction. The
 * counter row is locked by the upsert until the transaction ends, so
 * concurrent creations (on any process) queue on it and each gets the next
 * number; a rolled-back creation gives its number back. The first invoice of
 * a year starts after the highest number already written in that year's
 * format (seed data, imports), so the counter never hands out a number in use.
 */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  // The year's row exists after its first invoice: one locked increment.
  const [current] = await tx
    .update(invoiceCounters)
    .set({ last: sql`${invoiceCounters.last} + 1` })
    .where(eq(invoiceCounters.year, year))
    .returning({ last: invoiceCounters.last });
  if (current) return formatInvoiceNumber(year, current.last);
  // The year's first invoice, perhaps on several processes at once: the upsert makes one row, the others increment it.
  const prefix = `inv-${year}-`;
  const highest = sql`(select coalesce(max(substring(${invoices.invoiceNumber} from ${`^INV-${year}-([0-9]+)$`})::int), 0)
    from ${invoices} where lower(${invoices.invoiceNumber}) like ${`${escapeLike(prefix)}%`})`;
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: sql`${highest} + 1` })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error("the invoice counter returned no row");
  return formatInvoiceNumber(year, row.last);
}

// ---------------------------------------------------------------------------
// Pickers: bounded, searched by prefix, never the whole table.
// ---------------------------------------------------------------------------

const personColumns = { id: users.id, fullName: users.fullName, email: users.email, companyName: users.companyName };

/** Active people of `role` whose name, surname or e-mail starts with `q`, by name (users_role_name_idx). */
export function peopleOptions(db: Db, role: "client" | "developer", q: string | undefined, limit: number) {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.role, role),
        sql`${users.archivedAt} is null`,
        prefixSearch(q, [sql`lower(${users.fullName})`, lastWordOf(users.fullName), sql`lower(${users.email})`]),
      ),
    )
    .orderBy(sql`lower(${users.fullName})`, users.id)
    .limit(pageLimit(limit));
}

/**
 * A client's projects for the invoice form, newest first, those whose title starts with `q` when given:
 * walked on projects_client_created_idx, so a search reads no more than that client's projects.
 */
export function projectOptions(db: Db, clientId: string, q: string | undefined, limit: number) {
  return db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.clientId, clientId), prefixSearch(q, [sql`lower(${projects.title})`])))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(pageLimit(limit));
}

/**
 * Locks the developers among `ids` (whoever else is named is left alone: an administrator's row is
 * locked by staff changes before a developer's), in id order until the write commits (FOR NO KEY
 * UPDATE, as existingPeople). A project's edit takes the rows of every developer it adds or takes off
 * before it changes their assignments, whose running counts (developer_projects) two edits otherwise
 * took in opposite orders: one taking D1 off and putting D2 on while another took D2 off and put D1 on
 * deadlocked (only the developers joining were locked).
 */
export async function lockDevelopers(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "developer"), inArray(users.id, [...ids])))
    .orderBy(asc(users.id))
    .for("no key update");
}

/**
 * The active people among `ids` with `role`: what a write may reference. Locked until the write
 * commits: someone being deactivated or deleted meanwhile is waited for and then refused (read
 * unlocked, an invoice or a project went to a person deactivated a moment before, or a deleted one's
 * foreign key failed as a 500). Locked for update, not shared: a new invoice's trigger updates its
 * client's row (their invoice count), and two creations for one client holding shared locks each
 * waited for the other's to end (a deadlock, both refused). This way they take turns.
 */
export async function existingPeople(tx: Tx, role: "client" | "developer", ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select(personColumns)
    .from(users)
    .where(and(eq(users.role, role), inArray(users.id, [...ids]), sql`${users.archivedAt} is null`))
    .for("no key update");
}
