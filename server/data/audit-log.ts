import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AuditQuery } from "../../common/admin";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { auditLog, users } from "../db/schema";
import { offsetOf, tableOrder, tablePage, totalCount } from "../http/admin-table";
import { readCounters } from "./counters";

/**
 * The audit log screen (issue #7): every row of audit_log, newest first, a
 * page at a time, filtered by person, kind and day range. Each filter has an
 * index with the newest-first order (server/db/schema.ts audit_log).
 */

/** The app's days are Lagos days (UTC+1, no daylight saving): a day starts at 00:00 in Lagos. */
const startOfLagosDay = (day: string) => new Date(`${day}T00:00:00+01:00`);
const nextLagosDay = (day: string) => new Date(startOfLagosDay(day).getTime() + 24 * 60 * 60 * 1000);

/** A kind is an entity ("task") or an action ("task.create"): the dot tells them apart. */
const isAction = (kind: string) => kind.includes(".");

function kindFilter(kind: string | undefined): SQL | undefined {
  if (!kind) return undefined;
  return isAction(kind) ? eq(auditLog.action, kind) : eq(auditLog.entity, kind);
}

function whereOf(query: AuditQuery): SQL | undefined {
  return and(
    query.actor ? eq(auditLog.actorId, query.actor) : undefined,
    kindFilter(query.kind),
    query.from ? gte(auditLog.createdAt, startOfLagosDay(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, nextLagosDay(query.to)) : undefined,
  );
}

type Details = { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };

/**
 * How many entries the filters keep. Without a person or a day range it is the running counts per
 * entity and action (analytics_counters, kept by the log's triggers: migration 0024_log_counters),
 * so the log's size does not weigh on its first page; with them, the filtered rows are counted on
 * the filter's index.
 */
async function countAuditLog(db: Db, query: AuditQuery, where: SQL | undefined): Promise<number> {
  if (!query.actor && !query.from && !query.to) {
    const counters = await readCounters(db, ["audit_log"]);
    const kind = query.kind;
    return counters.sumOf("audit_log", (bucket) => {
      if (!kind) return true;
      const [entity, action] = bucket.split("|");
      return isAction(kind) ? action === kind : entity === kind;
    }).count;
  }
  const [counted] = await db.select({ n: totalCount() }).from(auditLog).where(where);
  return Number(counted?.n ?? 0);
}

export async function listAuditLog(db: Db, query: AuditQuery) {
  const where = whereOf(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: users.fullName,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...tableOrder(auditLog.createdAt, query.dir, auditLog.id))
      .limit(pageLimit(query.pageSize))
      .offset(offsetOf(query)),
    countAuditLog(db, query, where),
  ]);
  const items = rows.map(({ details, ...row }) => {
    const { before = null, after = null } = (details ?? {}) as Details;
    return { ...row, before, after };
  });
  return tablePage(items, total, query);
}

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
  const people =
    actorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.fullName })
          .from(users)
          .where(inArray(users.id, actorIds))
          .orderBy(sql`lower(${users.fullName})`, users.id);
  return {
    people,
    entities: distinct(kinds.map(([entity]) => entity)),
    actions: distinct(kinds.map(([, action]) => action)),
  };
}
