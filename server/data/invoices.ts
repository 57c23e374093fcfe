import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { InvoiceStatus } from "../../common/domain";
import { TIME_ZONE } from "../../common/format";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import { analyticsCounters, invoices, projects, users } from "../db/schema";
import { sqlTimestamp } from "../db/timestamp";
import { publishChange } from "../functions/changes";
import { beforeCursor, cursorPageRead } from "../http/cursor";
import { invalidate, type LiveCollection } from "../live/collection";
import { type Actor, type OwnedFacts, rules, type Scope, scopePerson } from "../rules";
import { notifyInvoice } from "./notifications";

/** Reads of invoices shared by the REST routes, the PDF and the live hub, so all show the same. */

/** Today's date in Lagos, where a due date passes. */
export const lagosToday = sql`(now() at time zone ${TIME_ZONE})::date`;

/**
 * The status an invoice shows, decided here and nowhere else: an unpaid
 * invoice whose due date has passed in Lagos reads "overdue" without anyone
 * changing the row, in lists, counts, PDFs and live pushes alike.
 */
export const shownStatus = sql<InvoiceStatus>`(case when ${invoices.status} = 'unpaid' and ${invoices.dueDate} < ${lagosToday} then 'overdue' else ${invoices.status} end)`;

/** An invoice as the portal sends it, its status as shown (overdue when unpaid past its due date). */
export const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  amount: invoices.amount,
  status: shownStatus,
  dueDate: invoices.dueDate,
  paidDate: invoices.paidDate,
  createdAt: invoices.createdAt,
  projectId: invoices.projectId,
  // As its client knew it (migration 0041): another client's later titles never reach them.
  projectTitle: invoices.projectTitle,
  // A project may have moved to another client since the invoice was issued.
  clientOwnsProject: sql<boolean>`coalesce(${projects.clientId} = ${invoices.clientId}, false)`,
  clientId: invoices.clientId,
  clientName: users.fullName,
  clientCompany: users.companyName,
  // Issue #7: a deactivated client's invoices stay, shown as theirs (invoicesPeopleLive refetches them).
  clientDeactivated: sql<boolean>`${users.archivedAt} is not null`,
};

export type InvoiceView = NonNullable<Awaited<ReturnType<typeof getInvoice>>>;

/** The invoices `kind` of scope may list; `clientId` is the prepared read's placeholder for the client's id. */
function scopeFilter(kind: Scope["kind"], clientId: Placeholder): SQL | undefined {
  if (kind === "all") return undefined;
  if (kind === "client") return eq(invoices.clientId, clientId);
  return sql`false`;
}

const selectInvoices = (db: Db) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId));

/**
 * Invoices in `scope`, newest first, a page at a time: `after` is the id of
 * the previous page's last row (server/http/cursor.ts). Served by
 * invoices_client_created_idx (a client) or invoices_created_idx (all).
 */
export function listInvoices(db: Db, scope: Scope, options: { limit: number; after?: string | undefined }) {
  const { shape, values } = cursorPageRead(scope, options);
  return invoicePage(db, shape, values);
}

const invoicePage = preparedRead(
  "invoicePage",
  (db, shape: { scope: Scope["kind"]; status: boolean; after: boolean; limit: number }) => {
    return selectInvoices(db)
      .where(
        and(
          scopeFilter(shape.scope, sql.placeholder("viewer")),
          beforeCursor(invoices, shape.after ? sql.placeholder("after") : undefined, {
            scope:
              shape.scope === "client" ? { column: invoices.clientId, equals: sql.placeholder("viewer") } : undefined,
          }),
        ),
      )
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(pageLimit(shape.limit));
  },
);

export async function getInvoice(db: Db, id: string) {
  const [row] = await selectInvoices(db).where(eq(invoices.id, id));
  return row;
}

/** Who owns an invoice: what the access rules need to decide. */
export async function getInvoiceFacts(db: Db, id: string): Promise<OwnedFacts | undefined> {
  const [row] = await db.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.id, id));
  return row;
}

/** An aggregate (`sum(…)`, `count(*)`) over the rows `filter` keeps, 0 when there are none. */
const total = (aggregate: SQL, filter?: SQL) =>
  sql<number>`coalesce(${aggregate} ${filter ? sql`filter (where ${filter})` : sql``}, 0)`.mapWith(Number);
const sumOf = (filter?: SQL) => total(sql`sum(${invoices.amount})`, filter);
const countOf = (filter?: SQL) => total(sql`count(*)`, filter);

/**
 * Spec §2 Invoices' cards over the whole scope: total, paid, and pending (everything not paid). A
 * client's few invoices are added up in SQL; every client's (an administrator's Invoices and
 * Payments) are read from the running totals by stored status, as adding up 200,000 rows took a
 * Seq Scan of ~70 ms on every refetch.
 */
export async function invoiceSummary(db: Db, scope: Scope) {
  const [row] =
    scope.kind === "all"
      ? await everyInvoiceTotals(db, {}, {})
      : await invoiceTotals(db, { scope: scope.kind }, { viewer: scopePerson(scope) });
  return (
    row ?? {
      totalAmount: 0,
      totalCount: 0,
      paidAmount: 0,
      paidCount: 0,
      pendingAmount: 0,
      pendingCount: 0,
      overdueCount: 0,
    }
  );
}

const invoiceTotals = preparedRead("invoiceTotals", (db, shape: { scope: Scope["kind"] }) => {
  const paid = sql`${invoices.status} = 'paid'`;
  const notPaid = sql`${invoices.status} <> 'paid'`;
  return db
    .select({
      totalAmount: sumOf(),
      totalCount: countOf(),
      paidAmount: sumOf(paid),
      paidCount: countOf(paid),
      pendingAmount: sumOf(notPaid),
      pendingCount: countOf(notPaid),
      overdueCount: countOf(sql`${shownStatus} = 'overdue'`),
    })
    .from(invoices)
    .where(scopeFilter(shape.scope, sql.placeholder("viewer")));
});

/**
 * How many invoices are stored unpaid and show so (not yet due, or with no due date): few however
 * many invoices there are, counted on invoices_unpaid_due_idx. Written out in full: Drizzle writes
 * a single-source select's columns without their table.
 */
export const unpaidNotDue = sql<number>`((select count(*) from invoices where invoices.status = 'unpaid'
    and invoices.due_date >= ${lagosToday})
  + (select count(*) from invoices where invoices.status = 'unpaid' and invoices.due_date is null))`;

/**
 * The same figures for every invoice, from analytics_counters' `invoices` rows (one per stored
 * status, kept by migration 0011's triggers in each writing transaction). An invoice stored unpaid
 * shows as overdue once its due date has passed in Lagos (`shownStatus`): those are the unpaid ones
 * less the unpaid not yet due or with no due date (unpaidNotDue). One statement, so the totals and
 * the count read one snapshot.
 */
const everyInvoiceTotals = preparedRead("everyInvoiceTotals", (db) => {
  const counted = (filter?: SQL) => total(sql`sum(${analyticsCounters.count})`, filter);
  const summed = (filter?: SQL) => total(sql`sum(${analyticsCounters.amount})`, filter);
  const paid = sql`${analyticsCounters.bucket} = 'paid'`;
  const notPaid = sql`${analyticsCounters.bucket} <> 'paid'`;
  return db
    .select({
      totalAmount: summed(),
      totalCount: counted(),
      paidAmount: summed(paid),
      paidCount: counted(paid),
      pendingAmount: summed(notPaid),
      pendingCount: counted(notPaid),
      overdueCount: sql<number>`${counted(notPaid)} - ${unpaidNotDue}`.mapWith(Number),
    })
    .from(analyticsCounters)
    .where(eq(analyticsCounters.metric, "invoices"));
});

/** How many invoices one transaction of the overdue sweep tells. */
const OVERDUE_BATCH = 100;

/**
 * The mail worker's job, in every process on every pass: tells the client of each invoice not paid
 * whose due date has passed in Lagos at `now`, once per due date (a due date corrected later is told
 * again when it passes), and pushes the invoice to live views, where it now reads "overdue" though
 * nobody touched it. Rows are claimed with SKIP LOCKED: two processes never tell one twice. Served by
 * invoices_overdue_untold_idx, which holds only the invoices not paid and not yet told.
 */
export async function remindOverdueInvoices(db: Db, now: Date = new Date()): Promise<void> {
  const today = sql`(${sqlTimestamp(now)} at time zone ${TIME_ZONE})::date`;
  for (;;) {
    const told = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; invoice_number: string; client_id: string }>(sql`
        update ${invoices} i set overdue_told_for = i.due_date
        from (select id from ${invoices}
              where status <> 'paid' and overdue_told_for is distinct from due_date and due_date < ${today}
              order by due_date
              limit ${pageLimit(OVERDUE_BATCH)}
              for update skip locked) due
        where i.id = due.id
        returning i.id, i.invoice_number, i.client_id`);
      for (const row of rows) {
        const invoice = { id: row.id, invoiceNumber: row.invoice_number, clientId: row.client_id };
        await notifyInvoice(tx, null, invoice, "overdue");
        await publishChange(tx, {
          topic: "invoices",
          op: "update",
          id: invoice.id,
          clientId: invoice.clientId,
          previousClientId: null,
        });
      }
      return rows.length;
    });
    if (told < OVERDUE_BATCH) return;
  }
}

/** The live keys of the invoices screen: the viewer's list (own, or all for an administrator) and its summary. */
export const invoicesListKey = ["invoices", "list"] as const;
export const invoicesSummaryKey = ["invoices", "summary"] as const;

const isKey = (key: readonly (string | number)[], expected: readonly string[]) =>
  key.length === expected.length && expected.every((part, i) => key[i] === part);

/** Who may subscribe to the invoices keys: whoever has invoices to see (clients, administrators). */
async function authorizeInvoiceKeys(_db: Db, actor: Actor, key: readonly (string | number)[]) {
  if (!isKey(key, invoicesListKey) && !isKey(key, invoicesSummaryKey)) return undefined;
  return rules.invoices.scope(actor).kind !== "none";
}

/**
 * An invoice reaches its client and administrators as a row on the list key
 * and as "refetch" on the summary key; an invoice moved to another client
 * leaves the previous client's list as a delete.
 */
export const invoicesLive: LiveCollection<"invoices"> = {
  topic: "invoices",
  authorize: authorizeInvoiceKeys,
  async resolve(db, change) {
    const row = change.op === "delete" ? undefined : await getInvoice(db, change.id);
    const facts: OwnedFacts = { clientId: row?.clientId ?? change.clientId };
    const wasTheirs = (actor: Actor) =>
      !!actor && change.previousClientId !== null && change.previousClientId === actor.id;
    // One push object each: the hub serialises each once, however many receive it.
    const upsert = row ? { op: change.op, row } : undefined;
    const removal = { op: "delete" as const, row: { id: change.id } };
    return [
      {
        key: invoicesListKey,
        pushFor(actor) {
          if (rules.invoices.read(actor, facts)) return upsert ?? removal;
          return wasTheirs(actor) ? removal : undefined;
        },
      },
      {
        key: invoicesSummaryKey,
        pushFor: (actor) => (rules.invoices.read(actor, facts) || wasTheirs(actor) ? invalidate : undefined),
      },
    ];
  },
};

/**
 * A project retitled changes the project its invoices' rows name, and one given to another client
 * whether their client may open it (`clientOwnsProject`); a project with invoices is never deleted.
 * Their clients' lists and administrators' refetch. Their clients are read after the commit, on
 * invoices_project_idx.
 */
export const invoicesProjectsLive: LiveCollection<"projects"> = {
  topic: "projects",
  authorize: authorizeInvoiceKeys,
  async resolve(db, change) {
    const movedClient = !!change.previousClientId && change.previousClientId !== change.clientId;
    if ((!change.relabelled && !movedClient) || change.op === "delete") return [];
    const clients = new Set(
      (await db.selectDistinct({ id: invoices.clientId }).from(invoices).where(eq(invoices.projectId, change.id))).map(
        (row) => row.id,
      ),
    );
    if (clients.size === 0) return [];
    return [
      {
        key: invoicesListKey,
        pushFor: (actor) =>
          [...clients].some((clientId) => rules.invoices.read(actor, { clientId })) ? invalidate : undefined,
      },
    ];
  },
};

/**
 * Invoice rows name their client and company: a client renamed (by themselves in Settings, or by an
 * administrator) refetches the lists that show their invoices: administrators' (Invoices, Payments)
 * and their own. One invoice of theirs looked for, on invoices_client_created_idx.
 */
export const invoicesPeopleLive: LiveCollection<"people"> = {
  topic: "people",
  authorize: authorizeInvoiceKeys,
  async resolve(db, change) {
    if (change.op !== "update") return [];
    const [theirs] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.clientId, change.id))
      .limit(1);
    if (!theirs) return [];
    const facts: OwnedFacts = { clientId: change.id };
    return [{ key: invoicesListKey, pushFor: (actor) => (rules.invoices.read(actor, facts) ? invalidate : undefined) }];
  },
};
