import { randomUUID } from "node:crypto";
import type { Role } from "../../common/domain";
import type { Db } from "../../server/db";
import { users } from "../../server/db/schema";

/** People of any role for admin-table tests (no password; newPerson in ./portal.ts signs people in). */
export type PersonSpec = { fullName: string; email: string; role: Role; createdAt?: Date };

export async function createPeople(db: Db, specs: PersonSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const rows = await db
    .insert(users)
    .values(
      specs.map((spec) => ({
        id: randomUUID(),
        fullName: spec.fullName,
        email: spec.email,
        emailVerified: true,
        role: spec.role,
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** The token of an invitation or reset link (…/auth?view=reset&token=…). */
export function tokenOf(link: string | null | undefined): string {
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
