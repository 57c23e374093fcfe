import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery } from "../../server/db/pglite-query";

/**
 * server/db/pglite-query.ts runs every statement, in a transaction or not, as
 * a cached prepared statement. Whatever PGlite's own `query` gives back, it
 * must give back the same: values, types, row counts, errors; its
 * transactions commit, roll back and exclude other statements as PGlite's do.
 */
let client: PGlite;
let query: ReturnType<typeof preparedQuery>;

beforeAll(async () => {
  client = await PGlite.create();
  query = preparedQuery(client);
  await client.exec(`create table things (
    id serial primary key, name text not null unique, at timestamptz, day date, flag boolean,
    data jsonb, tags text[], amount numeric(12, 2), big bigint)`);
}, 60_000);
afterAll(async () => {
  await client?.close();
});

const insert = `insert into things (name, at, day, flag, data, tags, amount, big)
  values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;

describe("prepared statements on PGlite", () => {
  it("returns what PGlite's query returns, for every kind of value, in both row modes", async () => {
    const values = [
      "a",
      new Date("2026-01-02T03:04:05.678Z"),
      "2026-05-06",
      true,
      { x: [1, "y"] },
      ["p", "q"],
      "12.50",
      2n ** 40n,
    ];
    const ours = await query<Record<string, unknown>>(insert, values);
    const theirs = await client.query<Record<string, unknown>>(insert, ["b", ...values.slice(1)]);
    expect(ours.affectedRows).toBe(1);
    expect({ ...ours.rows[0], id: 0, name: "" }).toEqual({ ...theirs.rows[0], id: 0, name: "" });
    expect(ours.fields).toEqual(theirs.fields);
    for (const rowMode of ["array", "object"] as const) {
      const select = "select * from things where name = any($1) order by id";
      expect(await query(select, [["a", "b"]], { rowMode })).toEqual(
        await client.query(select, [["a", "b"]], { rowMode }),
      );
    }
    const nulls = await query(insert, ["c", null, undefined, null, null, null, null, null]);
    expect(nulls.rows[0]).toMatchObject({ at: null, day: null, flag: null, data: null, tags: null });
  });

  it("stores bytes exactly, sent in binary, from a view into a larger buffer too", async () => {
    await client.exec("create table blobs (id int primary key, data bytea not null)");
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    // A Buffer viewing the middle of a larger one: only the viewed bytes are stored.
    const backing = Buffer.concat([Buffer.from("before"), Buffer.from(every), Buffer.from("after")]);
    const view = backing.subarray(6, 6 + 256);
    await query("insert into blobs (id, data) values ($1, $2)", [1, view]);
    await client.query("insert into blobs (id, data) values ($1, $2)", [2, every]);
    const ours = await query<{ data: Uint8Array }>("select data from blobs where id = $1", [1]);
    const theirs = await client.query<{ data: Uint8Array }>("select data from blobs where id = $1", [2]);
    expect(ours.rows[0]?.data).toEqual(every);
    expect(ours.rows[0]?.data).toEqual(theirs.rows[0]?.data);
    const same = await query<{ same: boolean }>(
      "select (select data from blobs where id = 1) = (select data from blobs where id = 2) as same",
    );
    expect(same.rows).toEqual([{ same: true }]);
  });

  it("reads a bytea in binary through selectBytes: the same bytes, undefined for no row, errors with their code", async () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const big = Buffer.alloc(300 * 1024, 7);
    await query("insert into blobs (id, data) values ($1, $2)", [3, big]);
    const select = "select data from blobs where id = $1";
    expect(await query.selectBytes(select, [1])).toEqual(every);
    expect(Buffer.from((await query.selectBytes(select, [3])) ?? [])).toEqual(big);
    expect(await query.selectBytes(select, [99])).toBeUndefined();
    await expect(query.selectBytes("select data from nowhere where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    // An error while the statement runs (the cast overflows), read from the raw response.
    await expect(query.selectBytes("select data::int from blobs where id = $1", [3])).rejects.toMatchObject({
      code: "22003",
      severity: "ERROR",
    });
    // Still in step after the errors, and after its statement went stale.
    await client.exec("deallocate all");
    expect(await query.selectBytes(select, [1])).toEqual(every);
  });

  it("reports updates' row counts and statements without rows as PGlite does", async () => {
    const update = "update things set flag = $1 where name like $2";
    expect((await query(update, [false, "%"])).affectedRows).toBe(
      (await client.query(update, [false, "%"])).affectedRows,
    );
    expect(await query("select 1 as one where false")).toEqual(await client.query("select 1 as one where false"));
  });

  it("throws PostgreSQL's errors with their code and the statement, and keeps working after one", async () => {
    await expect(query(insert, ["a", null, null, null, null, null, null, null])).rejects.toMatchObject({
      code: "23505",
      query: insert,
    });
    await expect(query("select nonsense from")).rejects.toMatchObject({ code: "42601" });
    expect((await query("select count(*)::int as n from things")).rows).toEqual([{ n: 3 }]);
  });

  it("prepares a statement again when it was deallocated or its result type changed", async () => {
    const select = "select * from things where name = $1";
    await query(select, ["a"]);
    await client.exec("deallocate all");
    expect((await query(select, ["a"])).rows).toHaveLength(1);
    await client.exec("alter table things add column extra text");
    const after = await query(select, ["a"]);
    expect(after.fields.map((field) => field.name)).toContain("extra");
  });

  it("keeps a bounded number of statements and still answers ones it let go", async () => {
    for (let i = 0; i < 150; i++) expect((await query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
    // 100 kept, and at most one Close not yet sent.
    expect(rows[0]?.n).toBeLessThanOrEqual(101);
    expect((await query("select $1::int + 0 as n", [5])).rows).toEqual([{ n: 5 }]);
  });

  it("never interleaves with a transaction", async () => {
    // PGlite has one session: a read slipped into the transaction would see its change before the rollback.
    const inside = client.transaction(async (tx) => {
      await tx.query("update things set flag = true where name = 'a'");
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("roll back");
    });
    const seen = query<{ flag: boolean }>("select flag from things where name = 'a'");
    await expect(inside).rejects.toThrow("roll back");
    expect((await seen).rows[0]?.flag).toBe(false);
  });
});

describe("transactions on PGlite, each statement prepared", () => {
  const flagOf = async (name: string) =>
    (await client.query<{ flag: boolean | null }>("select flag from things where name = $1", [name])).rows[0]?.flag;
  const prepared = async (text: string) =>
    (
      await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = $1", [
        text,
      ])
    ).rows[0]?.n;

  it("commits what the callback wrote and gives back its result, with the statements prepared once", async () => {
    const update = "update things set flag = $1 where name = $2";
    const result = await query.transaction(async (tx) => {
      await tx.query(update, [true, "a"]);
      return (await tx.query<{ flag: boolean }>("select flag from things where name = $1", ["a"])).rows[0]?.flag;
    });
    expect(result).toBe(true);
    expect(await flagOf("a")).toBe(true);
    expect(await prepared(update)).toBe(1);
    await query.transaction((tx) => tx.query(update, [false, "a"]));
    expect(await prepared(update)).toBe(1);
    expect(await flagOf("a")).toBe(false);
    expect(client.isInTransaction()).toBe(false);
  });

  it("rolls everything back when the callback throws, and the error reaches the caller", async () => {
    const failing = query.transaction(async (tx) => {
      await tx.query("update things set flag = true where name = $1", ["a"]);
      await tx.query(insert, ["a", null, null, null, null, null, null, null]);
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await flagOf("a")).toBe(false);
    expect(client.isInTransaction()).toBe(false);
  });

  it("reports an aborted transaction whose error was caught as failed, not committed", async () => {
    const swallowed = query.transaction(async (tx) => {
      await tx.query("update things set flag = true where name = $1", ["a"]);
      await tx.query("select nonsense from").catch(() => {});
    });
    await expect(swallowed).rejects.toThrow("rolled back");
    expect(await flagOf("a")).toBe(false);
  });

  it("rolls back on request, then refuses further statements", async () => {
    let handle: Parameters<Parameters<typeof query.transaction>[0]>[0] | undefined;
    await query.transaction(async (tx) => {
      handle = tx;
      await tx.query("update things set flag = true where name = $1", ["a"]);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect(await flagOf("a")).toBe(false);
    await expect(handle?.query("select 1")).rejects.toThrow("Transaction is closed");
  });

  it("keeps savepoints, as Drizzle's nested transactions use them", async () => {
    await query.transaction(async (tx) => {
      await tx.query("update things set flag = true where name = $1", ["a"]);
      await tx.query("savepoint sp1");
      await tx.query("update things set flag = true where name = $1", ["b"]);
      await tx.query("rollback to savepoint sp1");
    });
    expect(await flagOf("a")).toBe(true);
    expect(await flagOf("b")).not.toBe(true);
  });

  it("runs alone: a query sent meanwhile waits for the commit", async () => {
    const inside = query.transaction(async (tx) => {
      await tx.query("update things set flag = $1 where name = $2", [false, "a"]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const seen = query<{ flag: boolean }>("select flag from things where name = $1", ["a"]);
    await inside;
    expect((await seen).rows[0]?.flag).toBe(false);
  });
});
