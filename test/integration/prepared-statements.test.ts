import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../../server/db";
import { pageLimit } from "../../server/db/limit";
import { mapRowsOnce, preparedRead, preparedValue } from "../../server/db/prepared";
import { invoices, projects, sessions, users } from "../../server/db/schema";
import { dbKind, startTestServer, type TestServer } from "../support/server";

/**
 * Each parameterised statement is prepared once per connection and reused, so
 * PostgreSQL's plan cache applies: on PGlite by server/db/pglite-query.ts
 * (outside transactions, its one connection), on PostgreSQL by naming the
 * statements node-postgres sends (server/db/index.ts).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Prepared = { name: string; statement: string };

describe("prepared statements", () => {
  it("prepares a parameterised statement once per connection and reuses it", async () => {
    const email = "admin@lagosstudio.test";
    const read = (db: Db | Tx) => db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const listed = (db: Db | Tx) => db.execute(sql`select name, statement from pg_prepared_statements`);
    // PostgreSQL's statements belong to one pooled connection, which a transaction holds; PGlite prepares outside them.
    const { prepared, found } =
      dbKind === "postgres"
        ? await server.db.transaction(async (tx) => {
            const rows = [await read(tx), await read(tx), await read(tx)];
            return { prepared: (await listed(tx)).rows as Prepared[], found: rows };
          })
        : {
            found: [await read(server.db), await read(server.db), await read(server.db)],
            prepared: (await listed(server.db)).rows as Prepared[],
          };
    for (const rows of found) expect(rows).toHaveLength(1);
    const mine = prepared.filter((row) => row.statement.includes('from "users" where "users"."email" = $1'));
    expect(mine).toHaveLength(1);
  });

  it.runIf(dbKind === "postgres")(
    "leaves a statement without parameters unnamed on PostgreSQL: it runs as before, through the simple protocol",
    async () => {
      const { answer, prepared } = await server.db.transaction(async (tx) => {
        const result = await tx.execute(sql.raw("select 41 + 1 as answer"));
        const listed = await tx.execute(sql`select statement from pg_prepared_statements`);
        return { answer: result.rows[0]?.answer, prepared: listed.rows as { statement: string }[] };
      });
      expect(answer).toBe(42);
      expect(prepared.some((row) => row.statement.includes("41 + 1"))).toBe(false);
    },
  );
});

describe("prepared reads (server/db/prepared.ts)", () => {
  it("builds a read's statement once per shape and runs it with each call's values", async () => {
    const built: string[] = [];
    const byRole = preparedRead("testPeopleByRole", (db, shape: { order: "asc" | "desc" }) => {
      built.push(shape.order);
      return db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, sql.placeholder("role")))
        .orderBy(shape.order === "asc" ? users.email : sql`${users.email} desc`)
        .limit(pageLimit(3));
    });
    const expected = async (role: "admin" | "client", order: "asc" | "desc") =>
      (
        await server.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.role, role))
          .orderBy(order === "asc" ? users.email : sql`${users.email} desc`)
          .limit(3)
      ).map((row) => row.email);
    const read = async (role: "admin" | "client", order: "asc" | "desc") =>
      (await byRole(server.db, { order }, { role })).map((row) => row.email);

    expect(await read("client", "asc")).toEqual(await expected("client", "asc"));
    expect(await read("admin", "asc")).toEqual(await expected("admin", "asc"));
    expect(await read("client", "desc")).toEqual(await expected("client", "desc"));
    expect(await read("client", "asc")).toEqual(await expected("client", "asc"));
    expect(await read("client", "desc")).not.toEqual(await read("client", "asc"));
    expect(built).toEqual(["asc", "desc"]);
  });

  it("maps a flat select's rows as Drizzle does: every column type, nulls, a joined table and a mapWith", async () => {
    const columns = {
      id: projects.id,
      title: projects.title,
      progress: projects.progress,
      startDate: projects.startDate,
      endDate: projects.endDate,
      createdAt: projects.createdAt,
      clientName: users.fullName,
      clientCompany: users.companyName,
      emailVerified: users.emailVerified,
      invoiceTotal:
        sql`(select coalesce(sum(${invoices.amount}), 0) from ${invoices} where ${invoices.projectId} = ${projects.id})`.mapWith(
          Number,
        ),
      unmapped: sql<string>`${projects.status}::text`,
    };
    const page = preparedRead("testProjectsMapped", (db) =>
      db
        .select(columns)
        .from(projects)
        .leftJoin(users, eq(users.id, projects.clientId))
        .where(sql`${projects.createdAt} <= ${sql.placeholder("until")}`)
        .orderBy(projects.createdAt, projects.id)
        .limit(pageLimit(20)),
    );
    const until = new Date(Date.now() + 60_000).toISOString();
    // Drizzle's own mapping: the same select, not prepared.
    const expected = await page.build(server.db, {}).execute({ until });
    const rows = await page(server.db, {}, { until });
    expect(expected.length).toBeGreaterThan(2);
    expect(rows).toEqual(expected);
    expect(rows.some((row) => row.endDate === null)).toBe(true);
    expect(typeof rows[0]?.invoiceTotal).toBe("number");
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    // Run again from the kept statement: the same rows.
    expect(await page(server.db, {}, { until })).toEqual(expected);
  });

  it("maps a flat select's rows with its own loop, and leaves a select of nested objects to Drizzle", () => {
    const flat = server.db.select({ id: users.id, email: users.email }).from(users).prepare("testFlatMapped");
    expect(mapRowsOnce(flat)).toBe(true);
    const nested = server.db
      .select({ id: users.id, person: { email: users.email } })
      .from(users)
      .prepare("testNestedMapped");
    expect(mapRowsOnce(nested)).toBe(false);
  });

  it("runs a read inside a transaction on the transaction's connection, unnamed, and prepares nothing there", async () => {
    const byEmail = preparedRead("testPersonByEmail", (db) =>
      db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder("email"))),
    );
    const email = "admin@lagosstudio.test";
    let rows: { email: string }[] = [];
    let prepared: Prepared[] = [];
    const undo = new Error("undo");
    await server.db
      .transaction(async (tx) => {
        // A change only the transaction sees: the read must run on its connection to find the row.
        await tx.update(users).set({ email: "inside@lagosstudio.test" }).where(eq(users.email, email));
        rows = await byEmail(tx, {}, { email: "inside@lagosstudio.test" });
        prepared = (await tx.execute(sql`select name, statement from pg_prepared_statements`)).rows as Prepared[];
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    expect(rows).toEqual([{ email: "inside@lagosstudio.test" }]);
    const mine = prepared.filter((row) => row.statement.includes('from "users" where "users"."email" = $1'));
    expect(mine.filter((row) => /^p\d+$/.test(row.name))).toEqual([]);
  });

  it("computes one value per call (preparedValue), its subqueries' columns written with their tables", async () => {
    const built: string[] = [];
    // Two tables with an "id" and a "user_id" each side of a join: unqualified, the statement would fail as ambiguous.
    const sessionsOfRole = preparedValue("testSessionsOfRole", (shape: { role: "admin" | "developer" }) => {
      built.push(shape.role);
      return sql<number>`(select count(${sessions.id}) from ${sessions}
        join ${users} on ${users.id} = ${sessions.userId}
        where ${users.role} = ${shape.role} and ${users.email} <> ${sql.placeholder("except")})::int`;
    });
    const recount = async (role: "admin" | "developer", except: string) => {
      const rows = await server.db
        .select({ id: sessions.id, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.role, role));
      return rows.filter((row) => row.email !== except).length;
    };
    await server.signIn("admin@lagosstudio.test");
    await server.signIn("tunde@lagosstudio.test");
    for (const [role, except] of [
      ["admin", "nobody"],
      ["admin", "admin@lagosstudio.test"],
      ["developer", "nobody"],
      ["developer", "tunde@lagosstudio.test"],
    ] as const) {
      expect(await sessionsOfRole(server.db, { role }, { except })).toBe(await recount(role, except));
    }
    expect(await sessionsOfRole(server.db, { role: "admin" }, { except: "nobody" })).toBeGreaterThan(0);
    expect(built).toEqual(["admin", "developer"]);
  });
});
