import { and, asc, desc, eq } from "drizzle-orm";
import { PLANS_MAX } from "../../common/plans";
import type { EnquiryData, Plan } from "../../common/public";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { preparedRead } from "../db/prepared";
import { contactEnquiries, plans } from "../db/schema";
import type { Scope } from "../rules";
import { byDisplayOrder, publicPlanColumns } from "./plans";

/** The published plans (not hidden) in display order: social first, then maintenance, each by sort order. */
export async function listPlans(db: Db, currency: string): Promise<Plan[]> {
  const rows = await db
    .select(publicPlanColumns)
    .from(plans)
    .where(eq(plans.hidden, false))
    .orderBy(asc(plans.sortOrder), asc(plans.name))
    .limit(pageLimit(PLANS_MAX));
  return rows.sort(byDisplayOrder).map(({ sortOrder: _sortOrder, ...row }) => ({ ...row, currency }));
}

/** A published plan has this slug (a hidden one is no longer offered on the contact form). */
export async function planExists(db: Db, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ slug: plans.slug })
    .from(plans)
    .where(and(eq(plans.slug, slug), eq(plans.hidden, false)))
    .limit(pageLimit(1));
  return !!row;
}

const enquiryColumns = {
  id: contactEnquiries.id,
  firstName: contactEnquiries.firstName,
  lastName: contactEnquiries.lastName,
  email: contactEnquiries.email,
  company: contactEnquiries.company,
  service: contactEnquiries.service,
  budget: contactEnquiries.budget,
  plan: contactEnquiries.plan,
  message: contactEnquiries.message,
  createdAt: contactEnquiries.createdAt,
};

/** The newest enquiries first (contact_enquiries_created_idx). */
export function latestEnquiries(db: Db, limit: number) {
  return latestEnquiriesRead(db, { limit }, {});
}

const latestEnquiriesRead = preparedRead("latestEnquiries", (db, shape: { limit: number }) =>
  db
    .select(enquiryColumns)
    .from(contactEnquiries)
    .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id))
    .limit(pageLimit(shape.limit)),
);

export async function insertEnquiry(db: Db | Tx, enquiry: Omit<EnquiryData, "website">) {
  const [row] = await db
    .insert(contactEnquiries)
    .values({
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      email: enquiry.email,
      company: enquiry.company ?? null,
      service: enquiry.service ?? null,
      budget: enquiry.budget ?? null,
      plan: enquiry.plan ?? null,
      message: enquiry.message,
    })
    .returning(enquiryColumns);
  if (!row) throw new Error("insert into contact_enquiries returned no row");
  return row;
}

/** Enquiries newest first, limited to what the scope allows (administrators: all; others: none). */
export async function listEnquiries(db: Db, scope: Scope, limit: number) {
  if (scope.kind !== "all") return [];
  return db
    .select(enquiryColumns)
    .from(contactEnquiries)
    .orderBy(desc(contactEnquiries.createdAt))
    .limit(pageLimit(limit));
}
