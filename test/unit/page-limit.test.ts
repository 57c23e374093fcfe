import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { pageLimit } from "../../server/db/limit";
import { tasks } from "../../server/db/schema";

// A query builder that only renders SQL: it never connects.
const db = drizzle.mock();

describe("pageLimit", () => {
  it("writes the count into the statement's text, not as a parameter, through Drizzle's .limit()", () => {
    const query = db.select({ id: tasks.id }).from(tasks).where(sql`${tasks.status} = ${"todo"}`).limit(pageLimit(51));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/ limit 51$/);
    expect(params).toEqual(["todo"]);
  });

  it("and inside sql templates", () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      sql`select * from (select ${tasks.id} from ${tasks} limit ${pageLimit(5)}) t`,
    );
    expect(text).toContain("limit 5)");
    expect(params).toEqual([]);
  });

  it("refuses anything but a whole, non-negative count", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => pageLimit(bad)).toThrow();
  });
});
