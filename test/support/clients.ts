import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../server/db";
import { accounts, users } from "../../server/db/schema";

/**
 * Client accounts for admin-table tests: `count` clients named from `prefix`,
 * one day apart in joining, with companies that sort differently from names;
 * one with a password when a test signs in as them.
 */
export type ClientSpec = { fullName: string; email: string; companyName?: string | null; createdAt?: Date };

export async function createClients(db: Db, specs: ClientSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const rows = await db
    .insert(users)
    .values(
      specs.map((spec) => ({
        id: randomUUID(),
        fullName: spec.fullName,
        email: spec.email,
        companyName: spec.companyName ?? null,
        emailVerified: true,
        role: "client" as const,
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function createClientWithPassword(db: Db, spec: ClientSpec, password: string): Promise<string> {
  const [id] = await createClients(db, [spec]);
  if (!id) throw new Error("client insert returned no row");
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  return id;
}
