import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Role } from "../../common/domain";
import { DEMO_PASSWORD } from "../../seed";
import { assignDevelopers } from "../../server/data/projects";
import type { Db } from "../../server/db";
import { accounts, invoices, projects, tasks, users } from "../../server/db/schema";
import type { Client, TestServer } from "./server";

/**
 * Small factories for portal data of a test's own: people who can sign in
 * (the demo password), projects, invoices and tasks, inserted with SQL so a
 * test can recount what the API should report.
 */

/** Today as a calendar day in Lagos, where due dates are days. */
const lagosToday = sql.raw(`(now() at time zone 'Africa/Lagos')::date`);

let passwordHash: Promise<string> | undefined;

export type Person = { id: string; email: string; client: Client };

/** A verified person of `role` with the demo password, signed in. */
export async function newPerson(server: TestServer, role: Role, label = role): Promise<Person> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@factory.test`;
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  await server.db.insert(users).values({
    id,
    fullName: `Test ${label} ${id.slice(0, 4)}`,
    email,
    emailVerified: true,
    companyName: role === "client" ? `Company ${id.slice(0, 4)}` : null,
    role,
  });
  await server.db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await passwordHash });
  return { id, email, client: await server.signIn(email) };
}

/** `daysAgo` sets created_at, so a test controls which rows are newest. */
export async function createProject(
  db: Db,
  clientId: string,
  overrides: Partial<typeof projects.$inferInsert> & { daysAgo?: number } = {},
) {
  const { daysAgo = 0, ...values } = overrides;
  const [row] = await db
    .insert(projects)
    .values({
      title: `Project ${randomUUID().slice(0, 8)}`,
      description: "A project made for one test.",
      clientId,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert into projects returned no row");
  return row;
}

export async function assignDeveloper(db: Db, projectId: string, developerId: string) {
  await assignDevelopers(db, [{ projectId, developerId }]);
}

/**
 * An invoice; `dueInDays` is counted from today in Lagos (negative: in the past, and told overdue
 * already, as insertInvoice in ./invoices.ts writes it).
 */
export async function createInvoice(
  db: Db,
  clientId: string,
  overrides: Partial<typeof invoices.$inferInsert> & { daysAgo?: number; dueInDays?: number } = {},
) {
  const { daysAgo = 0, dueInDays, ...values } = overrides;
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-T-${randomUUID().slice(0, 8)}`,
      clientId,
      amount: 100_000,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      ...(dueInDays !== undefined && { dueDate: sql`${lagosToday} + ${dueInDays}::int` as never }),
      ...(dueInDays !== undefined &&
        dueInDays < 0 && { overdueToldFor: sql`${lagosToday} + ${dueInDays}::int` as never }),
      ...(values.status === "paid" && { paidDate: new Date() }),
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert into invoices returned no row");
  return row;
}

/** A task assigned to `assignedTo`; `dueInDays` is counted from today in Lagos. */
export async function createTask(
  db: Db,
  assignedTo: string | null,
  createdBy: string,
  overrides: Partial<typeof tasks.$inferInsert> & { dueInDays?: number } = {},
) {
  const { dueInDays, ...values } = overrides;
  const [row] = await db
    .insert(tasks)
    .values({
      title: `Task ${randomUUID().slice(0, 8)}`,
      assignedTo,
      createdBy,
      ...(dueInDays !== undefined && { dueDate: sql`${lagosToday} + ${dueInDays}::int` as never }),
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert into tasks returned no row");
  return row;
}
