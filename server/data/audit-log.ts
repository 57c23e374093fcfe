import { type AnyColumn, and, asc, desc, eq, gte, inArray, lt, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AuditQuery } from "../../common/admin";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead, preparedValue } from "../db/prepared";
import { analyticsCounters, auditLog, users } from "../db/schema";
import {
  FEW_MATCHES,
  offsetOf,
  offsetPlaceholder,
  PLANNED_APART,
  type TableShape,
  tablePage,
} from "../http/admin-table";
import { type CounterMetric, readCounters } from "./counters";

/**
 * The audit log screen (issue #7): every row of audit_log, newest first, a
 * page at a time, filtered by person, kind and day range, sorted by when, who
 * or what. Each filter has an index with the newest-first order, and each sort
 * one that holds it after the name or the action (server/db/schema.ts audit_log).
 */

/** The app's days are Lagos days (UTC+1, no daylight saving): a day starts at 00:00 in Lagos. */
const startOfLagosDay = (day: string) => new Date(`${day}T00:00:00+01:00`);
const nextLagosDay = (day: string) => new Date(startOfLagosDay(day).getTime() + 24 * 60 * 60 * 1000);

/** A kind is an entity ("task") or an action ("task.create"): the dot tells them apart. */
const isAction = (kind: string) => kind.includes(".");

/**
 * What decides the statements of a page of the log (a prepared read's shape, server/db/prepared.ts):
 * its sort, size and whether it is past the first page, which filters are given, and whether the
 * filters keep few entries (`fewMatches`, below); their values are placeholders (`actor`, `kind`,
 * `from`, `to`, `offset`).
 */
type AuditFilters = { actor: boolean; kind: "none" | "entity" | "action"; from: boolean; to: boolean };
type AuditShape = AuditFilters &
  Pick<TableShape<AuditQuery["sort"]>, "sort" | "dir" | "pageSize" | "paged"> & { fewMatches: boolean };

function auditRead(query: AuditQuery) {
  const kind: AuditShape["kind"] = !query.kind ? "none" : isAction(query.kind) ? "action" : "entity";
  const filters: AuditFilters = {
    actor: Boolean(query.actor),
    kind,
    from: Boolean(query.from),
    to: Boolean(query.to),
  };
  const shape: AuditShape = {
    ...filters,
    sort: query.sort,
    dir: query.dir,
    pageSize: query.pageSize,
    paged: query.page > 1,
    fewMatches: false,
  };
  const values = {
    actor: query.actor,
    kind: query.kind,
    from: query.from && startOfLagosDay(query.from),
    to: query.to && nextLagosDay(query.to),
    // The same range as the days the running counts are kept by (YYYY-MM-DD in Lagos).
    fromDay: query.from,
    toDay: query.to,
    offset: offsetOf(query),
  };
  return { filters, shape, values };
}

function whereOf(shape: AuditFilters): SQL | undefined {
  return and(
    shape.actor ? eq(auditLog.actorId, sql.placeholder("actor")) : undefined,
    shape.kind === "none"
      ? undefined
      : eq(shape.kind === "action" ? auditLog.action : auditLog.entity, sql.placeholder("kind")),
    shape.from ? gte(auditLog.createdAt, sql.placeholder("from")) : undefined,
    shape.to ? lt(auditLog.createdAt, sql.placeholder("to")) : undefined,
  );
}

type Details = { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };

/**
 * What a page is sorted by before the time: the name (who) or the action (what); nothing when by
 * when, and nothing where the filter leaves one value of it (one person's entries by who, one
 * action's by what: their time order, on the filter's index).
 */
function sortKeyOf(shape: AuditShape): "name" | "action" | undefined {
  if (shape.sort === "who" && !shape.actor) return "name";
  if (shape.sort === "what" && shape.kind !== "action") return "action";
  return undefined;
}

/** The columns a page is ordered by: the sort's key when it has one (`sortKeyOf`), then the time and id. */
type OrderColumns = { key?: SQL | AnyColumn; createdAt: SQL | AnyColumn; id: SQL | AnyColumn };

/**
 * A page's order. By when: newest first, or oldest. By who or what: by the name or the action, and
 * within one the newest first; the other direction is that whole order reversed, so that each walks
 * its index forwards or backwards (audit_log_actor_name_created_idx, audit_log_action_created_idx).
 */
function auditOrder(shape: AuditShape, { key, createdAt, id }: OrderColumns): SQL[] {
  const by = shape.dir === "asc" ? asc : desc;
  if (shape.sort === "when") return [by(createdAt), by(id)];
  const inTime = shape.dir === "asc" ? desc : asc;
  return [...(key ? [by(key)] : []), inTime(createdAt), inTime(id)];
}

/** Each sort key's column, as its index holds it. */
const sortKeyColumns: Record<"name" | "action", SQL | AnyColumn> = {
  name: sql`lower(${auditLog.actorName})`,
  action: auditLog.action,
};

/**
 * A page of the log: its 25 ids chosen on the log's indexes alone (each filter's holds the
 * newest-first order and the id, each sort's the name or the action before them), then only those
 * read whole. Read whole first, page 100 read the details of each of the 2,475 entries before it;
 * with this and the statement prepared, 3.3 and 4.9 ms a read → 1.2 and 1.5 (bench/read-times.ts,
 * S19). A filter that keeps few entries (`fewMatches`) sorted by who or what: those entries found on
 * the filter's index and sorted, not the sort's index walked for them.
 */
const auditPage = preparedRead("auditPage", (db, shape: AuditShape) => {
  const sortKey = sortKeyOf(shape);
  const keyColumn = sortKey && sortKeyColumns[sortKey];
  const order = auditOrder(shape, { key: keyColumn, createdAt: auditLog.createdAt, id: auditLog.id });
  const limit = pageLimit(shape.pageSize);
  const offset = offsetPlaceholder(shape.paged);
  let pageIds: SQLWrapper;
  if (shape.fewMatches && keyColumn) {
    // Only the sort's key beside the time and id: a person's entries by action are read off their index
    // alone (audit_log_actor_created_idx holds the action).
    const matches = db
      .select({ id: auditLog.id, sortKey: sql`${keyColumn}`.as("sort_key"), createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(whereOf(shape))
      .offset(PLANNED_APART)
      .as("matches");
    pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...auditOrder(shape, { key: sql`${matches.sortKey}`, createdAt: matches.createdAt, id: matches.id }))
      .limit(limit)
      .offset(offset);
  } else {
    pageIds = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(whereOf(shape))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(inArray(auditLog.id, pageIds))
    .orderBy(...order);
});

/** The entries a person's or a day range's filter keeps, counted on the filter's index. */
const filteredAuditCount = preparedValue(
  "filteredAuditCount",
  (shape: AuditFilters) => sql<number>`(select count(*) from ${auditLog} where ${whereOf(shape)})::int`,
);

/** The entries of a day range: the sum of its days' running counts, one primary-key range. */
const dayRangeAuditCount = preparedValue(
  "dayRangeAuditCount",
  (shape: Pick<AuditFilters, "from" | "to">) =>
    sql<number>`(select coalesce(sum(${analyticsCounters.count}), 0) from ${analyticsCounters}
      where ${and(
        eq(analyticsCounters.metric, "audit_days" satisfies CounterMetric),
        shape.from ? gte(analyticsCounters.bucket, sql.placeholder("fromDay")) : undefined,
        shape.to ? lte(analyticsCounters.bucket, sql.placeholder("toDay")) : undefined,
      )})::int`,
);

/**
 * How many entries the filters keep, from running counts where the filters are their buckets (kept
 * by the log's triggers, whatever writes), so the log's size does not weigh on its pages: with no
 * filter or a kind, the counts per entity and action (migration 0024_log_counters); with only a day
 * range, the counts per day (0032_audit_day_counts); with only a person, theirs (0027_audit_actor_counts).
 * With a person and another filter, or a kind and a day range, the filtered rows are counted on the
 * filter's index.
 */
async function countAuditLog(db: Db, { filters, values }: ReturnType<typeof auditRead>): Promise<number> {
  if (!filters.actor && filters.kind === "none" && (filters.from || filters.to))
    return dayRangeAuditCount(db, { from: filters.from, to: filters.to }, values);
  // A person alone: their running count (0027), not their entries counted (~210,000 for the large data's administrator).
  if (filters.actor && filters.kind === "none" && !filters.from && !filters.to && values.actor)
    return (await readCounters(db, ["audit_actors"])).get("audit_actors", values.actor).count;
  if (!filters.actor && !filters.from && !filters.to) {
    const counters = await readCounters(db, ["audit_log"]);
    return counters.sumOf("audit_log", (bucket) => {
      if (filters.kind === "none") return true;
      const [entity, action] = bucket.split("|");
      return (filters.kind === "action" ? action : entity) === values.kind;
    }).count;
  }
  return filteredAuditCount(db, filters, values);
}

export async function listAuditLog(db: Db, query: AuditQuery) {
  const read = auditRead(query);
  const { filters, shape, values } = read;
  const filtered = filters.actor || filters.kind !== "none" || filters.from || filters.to;
  let rows: Awaited<ReturnType<typeof auditPage>>;
  let total: number;
  if (filtered && sortKeyOf(shape)) {
    // Sorted by a name or an action and filtered: how many entries the filters keep decides how the page is read.
    total = await countAuditLog(db, read);
    rows = total === 0 ? [] : await auditPage(db, { ...shape, fewMatches: total <= FEW_MATCHES }, values);
  } else [rows, total] = await Promise.all([auditPage(db, shape, values), countAuditLog(db, read)]);
  // Each field named, not `({ details, ...row })`: V8 copies an object's rest in its runtime, ~1.7 µs
  // an entry, 40 µs of a 25-entry page against 0.6 for this (S37; a tenth of the page's thread time).
  const items = rows.map((row) => {
    const { before = null, after = null } = (row.details ?? {}) as Details;
    return {
      id: row.id,
      actorId: row.actorId,
      actorName: row.actorName,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      createdAt: row.createdAt,
      before,
      after,
    };
  });
  return tablePage(items, total, query);
}

/**
 * People by id, in name order: the ids as one array parameter, so that one prepared statement
 * serves any number of them (a list of `in (…)` parameters was planned afresh on every read: 1.8–2.8
 * ms against 0.8 for 101 people, bench/read-times.ts, S19).
 */
const peopleNamed = preparedRead("peopleNamed", (db) =>
  db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder("ids")}::text[])`)
    .orderBy(sql`lower(${users.fullName})`, users.id),
);

/** How many choices each filter offers at most. */
const FILTER_CHOICES = 200;

/**
 * The filters' choices: the people who appear in the log, and its entities and actions, from the
 * running counts (analytics_counters: `audit_actors` per person, migration 0027; `audit_log` per
 * entity and action, 0024), so they cost a few counter rows however long the log grows. Read from
 * the log itself (a loose index scan per column, one probe per person), they took ~5 ms of
 * PostgreSQL's time over 300,000 entries by 101 people.
 */
export async function auditFilterChoices(db: Db) {
  const counters = await readCounters(db, ["audit_log", "audit_actors"]);
  const kinds = counters.bucketsOf("audit_log").map((bucket) => bucket.split("|"));
  const distinct = (values: (string | undefined)[]) =>
    [...new Set(values.filter((value): value is string => Boolean(value)))].sort().slice(0, FILTER_CHOICES);
  const actorIds = counters.bucketsOf("audit_actors").slice(0, FILTER_CHOICES);
  const people = actorIds.length === 0 ? [] : await peopleNamed(db, {}, { ids: actorIds });
  return {
    people,
    entities: distinct(kinds.map(([entity]) => entity)),
    actions: distinct(kinds.map(([, action]) => action)),
  };
}
