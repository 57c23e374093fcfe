import { and, eq, type SQL, sql } from "drizzle-orm";
import type { EnquiriesQuery } from "../../common/admin";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { contactEnquiries } from "../db/schema";
import { offsetOf, prefixSearch, prefixSearchValues, tableOrder, tablePage, totalCount } from "../http/admin-table";
import type { LiveCollection } from "../live/collection";
import { rules } from "../rules";
import { readCounters } from "./counters";

/** Admin › Enquiries (issue #7): the contact form's submissions, paged, sorted and searched by the database. */

/** How much of a message the table shows; the detail view reads it whole. */
export const ENQUIRY_PREVIEW_LENGTH = 160;

const fullName = sql`lower(${contactEnquiries.firstName} || ' ' || ${contactEnquiries.lastName})`;

const SORTS = {
  received: contactEnquiries.createdAt,
  name: fullName,
  company: sql`lower(${contactEnquiries.company})`,
} as const;

const columns = {
  id: contactEnquiries.id,
  firstName: contactEnquiries.firstName,
  lastName: contactEnquiries.lastName,
  email: contactEnquiries.email,
  company: contactEnquiries.company,
  service: contactEnquiries.service,
  budget: contactEnquiries.budget,
  plan: contactEnquiries.plan,
  status: contactEnquiries.status,
  createdAt: contactEnquiries.createdAt,
};

function whereOf(query: Pick<EnquiriesQuery, "q" | "status">): SQL | undefined {
  return and(
    query.status ? eq(contactEnquiries.status, query.status) : undefined,
    // The full name ("ada obi…"), the last name alone, the e-mail or the company, from their start.
    prefixSearch(query.q, [
      fullName,
      sql`lower(${contactEnquiries.lastName})`,
      sql`lower(${contactEnquiries.email})`,
      sql`lower(${contactEnquiries.company})`,
    ]),
  );
}

/**
 * How many enquiries the filters keep: without a search, the running counts per status
 * (analytics_counters, kept by the enquiries' triggers: migration 0024_log_counters), so the
 * table's size does not weigh on its pages; a search counts its matches on its indexes.
 */
async function countEnquiries(db: Db, query: Pick<EnquiriesQuery, "q" | "status">, where: SQL | undefined) {
  if (!prefixSearchValues(query.q)) {
    const counters = await readCounters(db, ["enquiries"]);
    return (query.status ? counters.get("enquiries", query.status) : counters.sumOf("enquiries")).count;
  }
  const [counted] = await db.select({ n: totalCount() }).from(contactEnquiries).where(where);
  return Number(counted?.n ?? 0);
}

export async function listAdminEnquiries(db: Db, query: EnquiriesQuery) {
  const where = whereOf(query);
  const [items, total] = await Promise.all([
    db
      .select({ ...columns, preview: sql<string>`left(${contactEnquiries.message}, ${ENQUIRY_PREVIEW_LENGTH})` })
      .from(contactEnquiries)
      .where(where)
      .orderBy(...tableOrder(SORTS[query.sort], query.dir, contactEnquiries.id))
      .limit(pageLimit(query.pageSize))
      .offset(offsetOf(query)),
    countEnquiries(db, query, where),
  ]);
  return tablePage(items, total, query);
}

export async function getAdminEnquiry(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ ...columns, message: contactEnquiries.message })
    .from(contactEnquiries)
    .where(eq(contactEnquiries.id, id));
  const [row] = await (options.lock ? query.for("update") : query);
  return row;
}

/** The live key of Admin › Enquiries: pushed as "refetch" (each open page refetches its own page). */
export const adminEnquiriesKey = ["admin", "enquiries"] as const;

const isKey = (key: readonly (string | number)[]) =>
  key.length === adminEnquiriesKey.length && adminEnquiriesKey.every((part, i) => key[i] === part);

/** A new enquiry from /contact, or a status change, reaches every administrator's open Enquiries page. */
export const enquiriesLive: LiveCollection<"enquiries"> = {
  topic: "enquiries",
  async authorize(_db, actor, key) {
    if (!isKey(key)) return undefined;
    return rules.enquiries.scope(actor).kind === "all";
  },
  async resolve() {
    const invalidate = { invalidate: true as const };
    return [
      {
        key: adminEnquiriesKey,
        pushFor: (actor) => (rules.enquiries.scope(actor).kind === "all" ? invalidate : undefined),
      },
    ];
  },
};
