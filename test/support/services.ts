import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db";
import { services } from "../../server/db/schema";

export type ServiceRow = typeof services.$inferSelect;

/** A service of the test's own (not the demo catalogue's), active unless told otherwise; price in kobo. */
export async function createService(
  db: Db,
  overrides: Partial<typeof services.$inferInsert> = {},
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({
      title: `Test service ${randomUUID().slice(0, 8)}`,
      description: "A service made for one test.",
      price: 123_456,
      estimatedDuration: "2 weeks",
      features: ["First feature", "Second feature", "Third feature", "Fourth feature"],
      allowMilestones: false,
      status: "active",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert into services returned no row");
  return row;
}
