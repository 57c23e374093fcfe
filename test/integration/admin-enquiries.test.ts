import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactEnquiries } from "../../server/db/schema";
import { FEW_MATCHES } from "../../server/http/admin-table";
import { type LiveSocket, openLive } from "../support/live";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";

/** Admin › Enquiries (issue #7): paging, sort, search, the status filter and change (audited), detail, live. */
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;

const TAG = `eq${randomUUID().slice(0, 6)}`;
const COUNT = 12;
const MINUTE = 60_000;
let ids: string[] = [];

type Page = { items: { id: string; status: string; preview: string }[]; total: number; page: number };
const table = async (query: string) => (await admin.request("GET", `/api/admin/enquiries?${query}`)).json as Page;

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
  // Twelve enquiries a minute apart (the first the newest), every third without a company, a long message each.
  const rows = await server.db
    .insert(contactEnquiries)
    .values(
      Array.from({ length: COUNT }, (_, i) => {
        const n = String(i + 1).padStart(2, "0");
        return {
          firstName: `${TAG} Ada${n}`,
          lastName: `Obi${String(COUNT - i).padStart(2, "0")}`,
          email: `ada${n}.${TAG}@example.test`,
          company: i % 3 === 2 ? null : `${TAG} Firm ${n}`,
          message: `${"Long message. ".repeat(40)}End ${n}`,
          createdAt: new Date(Date.now() - (i + 1) * MINUTE),
        };
      }),
    )
    .returning({ id: contactEnquiries.id });
  ids = rows.map((row) => row.id);
});
afterAll(async () => {
  await server?.close();
});

describe("who may use the admin enquiry routes", () => {
  it("answers 401 signed out and 403 for clients and developers, on every route", async () => {
    const id = ids[0] as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/enquiries"],
      ["GET", `/api/admin/enquiries/${id}`],
      ["PATCH", `/api/admin/enquiries/${id}`, { status: "closed" }],
    ];
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await developer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await server.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
    expect(row?.status).toBe("new");
  });
});

describe("GET /api/admin/enquiries", () => {
  it("lists newest first by default with status new and a short preview; pages each row once", async () => {
    const first = await table(`q=${TAG}&pageSize=5`);
    expect(first.total).toBe(COUNT);
    expect(first.items.map((row) => row.id)).toEqual(ids.slice(0, 5));
    expect(first.items.every((row) => row.status === "new")).toBe(true);
    expect(first.items[0]?.preview.length).toBeLessThanOrEqual(160);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await table(`q=${TAG}&pageSize=5&page=${page}`)).items.map((r) => r.id));
    expect(seen).toEqual(ids);
  });

  it("sorts by name, company and status both ways, as SQL orders them", async () => {
    for (const [sort, expression] of [
      ["name", sql`lower(first_name || ' ' || last_name)`],
      ["company", sql`lower(company)`],
      ["status", sql`status`],
    ] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const result = await server.db.execute(
          sql`select id from contact_enquiries where lower(email) like ${`%.${TAG.toLowerCase()}@%`}
              order by ${expression} ${sql.raw(dir)}, id ${sql.raw(dir)}`,
        );
        const expected = (result.rows as { id: string }[]).map((row) => row.id);
        const body = await table(`q=${TAG}&sort=${sort}&dir=${dir}&pageSize=100`);
        expect(
          body.items.map((row) => row.id),
          `${sort} ${dir}`,
        ).toEqual(expected);
      }
    }
  });

  it("searches by the start of the name, last name, e-mail or company", async () => {
    expect((await table(`q=${TAG}%20ada03`)).items.map((row) => row.id)).toEqual([ids[2]]);
    expect((await table(`q=ADA04.${TAG}`)).items.map((row) => row.id)).toEqual([ids[3]]);
    expect((await table(`q=${TAG}%20firm%2005`)).items.map((row) => row.id)).toEqual([ids[4]]);
    expect((await table("q=%25")).total).toBe(0);
  });

  it("counts each match once, however many of its texts match, a missing company matching nothing", async () => {
    const t = `cm${randomUUID().slice(0, 6)}`;
    const rows = [
      {
        firstName: `${t} All`,
        lastName: `${t}son`,
        email: `${t}@example.test`,
        company: `${t} Ltd`,
        status: "new" as const,
      },
      {
        firstName: "Name",
        lastName: "Only",
        email: "other1@example.test",
        company: `${t} Holdings`,
        status: "new" as const,
      },
      {
        firstName: "Mail",
        lastName: "Only",
        email: `${t}.mail@example.test`,
        company: null,
        status: "contacted" as const,
      },
      {
        firstName: "Zed",
        lastName: `${t}last`,
        email: "other2@example.test",
        company: "Elsewhere",
        status: "new" as const,
      },
      {
        firstName: t,
        lastName: "Nocompany",
        email: "other3@example.test",
        company: null,
        status: "contacted" as const,
      },
      { firstName: "No", lastName: "Match", email: "other4@example.test", company: null, status: "new" as const },
    ].map((row) => ({ ...row, message: "Hello" }));
    await server.db.insert(contactEnquiries).values(rows);
    const expected = async (status?: string) => {
      const pattern = `${t}%`;
      const result = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_enquiries
        where (lower(first_name || ' ' || last_name) like ${pattern} or lower(last_name) like ${pattern}
          or lower(email) like ${pattern} or lower(company) like ${pattern})
          and (${status ?? null}::text is null or status = ${status ?? null})`);
      return result.rows[0]?.n;
    };
    expect(await expected()).toBe(5);
    expect((await table(`q=${t}`)).total).toBe(await expected());
    for (const status of ["new", "contacted", "closed"]) {
      expect((await table(`q=${t}&status=${status}`)).total, status).toBe(await expected(status));
    }
  });

  it("pages a search of more matches than FEW_MATCHES, walked in the sort's order, in SQL's order too", async () => {
    // The other searches here match few (chosen among the matches); this one walks each sort's index.
    const many = `em${randomUUID().slice(0, 6)}`;
    await server.db.execute(sql`insert into contact_enquiries (first_name, last_name, email, company, message, status, created_at)
      select ${many} || ' Sender', 'Name' || (n * 7919 % 10007), 'sender' || n || '@' || ${many} || '.test',
        case when n % 3 = 0 then null else 'Firm ' || (n * 6151 % 4001) end, 'Hello',
        (array['new', 'contacted', 'closed'])[1 + n % 3], now() - (n * 6151 % 4001) * interval '1 minute'
      from generate_series(1, ${FEW_MATCHES + 5}) n`);
    for (const [sort, expression] of [
      ["received", sql`created_at`],
      ["name", sql`lower(first_name || ' ' || last_name)`],
      ["company", sql`lower(company)`],
      ["status", sql`status`],
    ] as const) {
      for (const dir of ["asc", "desc"] as const) {
        for (const status of [undefined, "contacted"]) {
          const result = await server.db.execute<{ id: string }>(
            sql`select id from contact_enquiries where lower(first_name || ' ' || last_name) like ${`${many}%`}
                  and (${status ?? null}::text is null or status = ${status ?? null})
                order by ${expression} ${sql.raw(dir)}, id ${sql.raw(dir)}`,
          );
          const expected = result.rows.map((row) => row.id);
          for (const page of [1, 4]) {
            const query = `q=${many}&sort=${sort}&dir=${dir}&page=${page}&pageSize=25${status ? `&status=${status}` : ""}`;
            const body = await table(query);
            expect(body.total, query).toBe(expected.length);
            expect(
              body.items.map((row) => row.id),
              query,
            ).toEqual(expected.slice((page - 1) * 25, page * 25));
          }
        }
      }
    }
  });

  it("refuses a bad status, sort or unknown parameter with 400", async () => {
    for (const query of ["status=open", "sort=email", "page=0", "colour=red"]) {
      expect((await admin.request("GET", `/api/admin/enquiries?${query}`)).status, query).toBe(400);
    }
  });
});

describe("status and detail", () => {
  it("shows one enquiry in full, changes its status (audited), and filters by status", async () => {
    const id = ids[1] as string;
    const detail = await admin.request("GET", `/api/admin/enquiries/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.message).toMatch(/End 02$/);
    expect(detail.json.message.length).toBeGreaterThan(160);
    expect((await admin.request("GET", `/api/admin/enquiries/${randomUUID()}`)).status).toBe(404);

    const changed = await admin.request("PATCH", `/api/admin/enquiries/${id}`, { status: "contacted" });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id, status: "contacted" });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "enquiry"), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ actorId: adminId, action: "enquiry.update" });
    expect(audit?.details).toEqual({ before: { status: "new" }, after: { status: "contacted" } });

    const contacted = await table(`q=${TAG}&status=contacted`);
    expect(contacted.items.map((row) => row.id)).toEqual([id]);
    expect((await table(`q=${TAG}&status=new`)).total).toBe(COUNT - 1);
    expect((await admin.request("PATCH", `/api/admin/enquiries/${id}`, { status: "done" })).status).toBe(400);
    expect(
      (await admin.request("PATCH", `/api/admin/enquiries/${id}`, { status: "closed", message: "x" })).status,
    ).toBe(400);
  });

  it("writes the audit row in the change's transaction: a change that fails at commit leaves neither", async () => {
    await server.db.execute(sql`create or replace function test_fail_enquiry() returns trigger language plpgsql as $$
      begin if new.status = 'closed' then raise exception 'refused by the test'; end if; return new; end $$`);
    await server.db.execute(sql`create constraint trigger test_fail_enquiry after update on contact_enquiries
      deferrable initially deferred for each row execute function test_fail_enquiry()`);
    try {
      const id = ids[5] as string;
      expect((await admin.request("PATCH", `/api/admin/enquiries/${id}`, { status: "closed" })).status).toBe(500);
      const [row] = await server.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
      expect(row?.status).toBe("new");
      expect(
        await server.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, "enquiry"), eq(auditLog.entityId, id))),
      ).toEqual([]);
    } finally {
      await server.db.execute(sql`drop trigger if exists test_fail_enquiry on contact_enquiries`);
    }
  });

  it("a new enquiry from the contact form reaches administrators' open Enquiries page and dashboard live", async () => {
    const adminLive = (await openLive(server.url, admin)) as LiveSocket;
    const clientLive = (await openLive(server.url, client)) as LiveSocket;
    try {
      expect(await adminLive.subscribe(["admin", "enquiries"])).toMatchObject({ type: "subscribed" });
      expect(await adminLive.subscribe(["admin", "dashboard"])).toMatchObject({ type: "subscribed" });
      expect(await clientLive.subscribe(["admin", "enquiries"])).toMatchObject({ type: "error", code: "not_found" });
      const sent = await server.client().request("POST", "/api/enquiries", {
        firstName: "Live",
        lastName: TAG,
        email: `live.${TAG}@example.test`,
        message: "Hello from the contact form",
      });
      expect(sent.status).toBe(201);
      await adminLive.next((frame) => frame.type === "invalidate" && frame.key?.[1] === "enquiries");
      await adminLive.next((frame) => frame.type === "invalidate" && frame.key?.[1] === "dashboard");
      const newest = await table("pageSize=1");
      expect(newest.items[0]).toMatchObject({ status: "new" });
      expect(newest.items[0]?.preview).toBe("Hello from the contact form");
    } finally {
      adminLive.close();
      clientLive.close();
    }
  });
});

describe("the totals without a search", () => {
  it("equal a recount, overall and per status, after changes through the API and in plain SQL", async () => {
    const recount = async (status?: string) =>
      Number(
        (
          await server.db.execute<{ n: string }>(
            sql`select count(*) as n from contact_enquiries where ${status ? sql`status = ${status}` : sql`true`}`,
          )
        ).rows[0]?.n,
      );
    const check = async () => {
      expect((await table("")).total).toBe(await recount());
      for (const status of ["new", "contacted", "closed"])
        expect((await table(`status=${status}`)).total).toBe(await recount(status));
    };
    await check();
    const id = ids[5] as string;
    expect((await admin.request("PATCH", `/api/admin/enquiries/${id}`, { status: "closed" })).status).toBe(200);
    await check();
    await server.db.insert(contactEnquiries).values({
      firstName: `${TAG} Extra`,
      lastName: "Row",
      email: `extra.${TAG}@example.test`,
      message: "Written in plain SQL.",
      status: "contacted",
    });
    await check();
    await server.db.execute(sql`delete from contact_enquiries where email = ${`extra.${TAG}@example.test`}`);
    await check();
    expect((await table("status=closed")).total).toBeGreaterThan(0);
  });
});
