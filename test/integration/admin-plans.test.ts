import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminPlan,
  categoryFull,
  PLANS_PER_CATEGORY_MAX,
  type PlanEdit,
  type PlanInput,
} from "../../common/plans";
import type { Plan } from "../../common/public";
import { EDITED_MEANWHILE } from "../../common/schemas";
import { publishCatalogue } from "../../seed";
import { PLANS, SERVICES } from "../../seed/catalogue";
import { auditLog, plans } from "../../server/db/schema";
import { publishChange } from "../../server/functions/changes";
import { type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";
import { versionOf } from "../support/versions";

/**
 * Plan management (issue #7 item 10): who may manage plans, every write
 * audited, and the public /plans page (its raw HTML) following what is
 * managed — on PGlite, and on PostgreSQL on a second process sharing the
 * database. Needs the build (dist/ssr renders the pages): `node scripts/build.mjs`.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
let server: TestServer;
let admin: Client;
let client: Client;
let developer: Client;
let adminId: string;

const TAG = `Zq${randomUUID().slice(0, 6)}`;

const input = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  name: `${TAG} Social Gold`,
  category: "social",
  price: "125000.50",
  period: "month",
  description: "Gold-level care for busy brands.",
  features: "3 platforms\n\n  16 posts a month  \n\nMonthly report\n",
  isPopular: false,
  badge: "",
  ...overrides,
});

/** An edit of plan `id` as its form sends it: the fields and the version the form read (now). */
const edit = async (id: string, overrides: Partial<PlanInput> = {}): Promise<PlanEdit> => ({
  ...input(overrides),
  expectedUpdatedAt: await versionOf(server.db, plans, id),
});

/** Polls GET `path` until its HTML passes `check` (or a second has gone by) and returns the last HTML. */
async function htmlWithin(from: TestServer, pagePath: string, check: (html: string) => boolean, ms = 1_000) {
  const until = Date.now() + ms;
  let html = "";
  for (;;) {
    const response = await from
      .client()
      .request("GET", pagePath, undefined, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    html = response.text;
    if (check(html) || Date.now() > until) return html;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const auditRows = (entityId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "plan"), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

beforeAll(async () => {
  expect(existsSync(path.join(ROOT, "dist/ssr/entry-server.js")), "run `node scripts/build.mjs` first").toBe(true);
  server = await startTestServer({}, { client: true });
  [admin, client, developer] = await Promise.all([
    server.signIn("admin@lagosstudio.test"),
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  adminId = await userIdOf(server.db, "admin@lagosstudio.test");
});
afterAll(async () => {
  await server?.close();
});

describe("who may manage plans", () => {
  it("answers 401 signed out and 403 for clients and developers on every route, and changes nothing", async () => {
    const [plan] = await server.db.select().from(plans).limit(1);
    const id = plan?.id as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/plans"],
      ["POST", "/api/admin/plans", input()],
      ["PUT", `/api/admin/plans/${id}`, await edit(id)],
      ["POST", `/api/admin/plans/${id}/move`, { direction: "down" }],
      ["PUT", `/api/admin/plans/${id}/visibility`, { hidden: true }],
      ["DELETE", `/api/admin/plans/${id}`],
    ];
    for (const [method, route, body] of routes) {
      expect((await server.client().request(method, route, body)).status, `${method} ${route}`).toBe(401);
      expect((await client.request(method, route, body)).status, `${method} ${route}`).toBe(403);
      expect((await developer.request(method, route, body)).status, `${method} ${route}`).toBe(403);
    }
    const [after] = await server.db.select().from(plans).where(eq(plans.id, id));
    expect(after).toEqual(plan);
    expect(await auditRows(id)).toHaveLength(0);
  });
});

describe("plan management", () => {
  let created: AdminPlan;

  it("validates with the form's schema, each error on its field", async () => {
    const response = await admin.request(
      "POST",
      "/api/admin/plans",
      input({ name: " ", price: "12.345", badge: "x".repeat(31) }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.fields).sort()).toEqual(["badge", "name", "price"]);
  });

  it("creates a plan at the end of its category, price in kobo, blank feature lines dropped, audited", async () => {
    const response = await admin.request("POST", "/api/admin/plans", input());
    expect(response.status).toBe(201);
    created = response.json;
    expect(created).toMatchObject({
      slug: `${TAG.toLowerCase()}-social-gold`,
      priceMinor: 12_500_050,
      features: ["3 platforms", "16 posts a month", "Monthly report"],
      badge: null,
      hidden: false,
    });
    const list = (await admin.request("GET", "/api/admin/plans")).json as AdminPlan[];
    const social = list.filter((plan) => plan.category === "social");
    expect(social.at(-1)?.id).toBe(created.id);
    expect(list.findIndex((plan) => plan.category === "maintenance")).toBeGreaterThan(
      list.indexOf(social.at(-1) as AdminPlan),
    );
    const [audit] = await auditRows(created.id);
    expect(audit).toMatchObject({ action: "plan.create", actorId: adminId });
    expect(audit?.details).toMatchObject({ before: null, after: { priceMinor: 12_500_050 } });
  });

  it("edits every field but the slug, audited before and after, and /plans' raw HTML shows it within a second", async () => {
    const response = await admin.request(
      "PUT",
      `/api/admin/plans/${created.id}`,
      await edit(created.id, { name: `${TAG} Social Platinum`, price: "98765.40", badge: "Fresh", isPopular: true }),
    );
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      slug: created.slug,
      name: `${TAG} Social Platinum`,
      priceMinor: 9_876_540,
      badge: "Fresh",
    });
    const rows = await auditRows(created.id);
    expect(rows.at(-1)).toMatchObject({ action: "plan.update" });
    expect(rows.at(-1)?.details).toMatchObject({
      before: { name: `${TAG} Social Gold`, priceMinor: 12_500_050 },
      after: { name: `${TAG} Social Platinum`, priceMinor: 9_876_540 },
    });
    const html = await htmlWithin(server, "/plans", (text) => text.includes(`${TAG} Social Platinum`));
    expect(html).toContain(`${TAG} Social Platinum`);
    expect(html).toContain("₦98,765.40");
    // The embedded data the page hydrates from says the same.
    const data = /<script id="plans-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const embedded = JSON.parse(data ?? "[]") as { slug: string; priceMinor: number }[];
    expect(embedded.find((plan) => plan.slug === created.slug)?.priceMinor).toBe(9_876_540);
    // The contact page carries the same plans for its plan field.
    const contact = await htmlWithin(server, "/contact", (text) => text.includes(created.slug));
    expect(contact).toContain(`"slug":"${created.slug}"`);
  });

  it("an edit sent again (a second tab, Save pressed twice) writes nothing: no second audit entry", async () => {
    const made = await admin.request(
      "POST",
      "/api/admin/plans",
      input({ name: `Twice ${randomUUID().slice(0, 6)}`, category: "maintenance" }),
    );
    expect(made.status).toBe(201);
    const twice = await edit(made.json.id, {
      name: `Twice Edited ${randomUUID().slice(0, 6)}`,
      category: "maintenance",
      features: "One\nTwo",
    });
    const first = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, twice);
    expect(first.status).toBe(200);
    // The same version again: what it asks is already so, so it is not refused as edited meanwhile.
    const again = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, twice);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await auditRows(made.json.id as string)).map((row) => row.action)).toEqual(["plan.create", "plan.update"]);
    // A list's order is part of it: the features reordered are an edit.
    const reordered = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, {
      ...twice,
      features: "Two\nOne",
      expectedUpdatedAt: first.json.updatedAt,
    });
    expect(reordered.json.features).toEqual(["Two", "One"]);
    expect(await auditRows(made.json.id as string)).toHaveLength(3);
    expect((await admin.request("DELETE", `/api/admin/plans/${made.json.id}`)).status).toBe(204);
  });

  it("refuses (409) an edit from a form opened before another administrator's, whose edit stays", async () => {
    const name = `Stale ${randomUUID().slice(0, 6)}`;
    const made = await admin.request("POST", "/api/admin/plans", input({ name, category: "maintenance" }));
    expect(made.status).toBe(201);
    const opened = await edit(made.json.id, { name, category: "maintenance", price: "1000.00" });
    const theirs = await admin.request(
      "PUT",
      `/api/admin/plans/${made.json.id}`,
      await edit(made.json.id, { name, category: "maintenance", price: "2000.00" }),
    );
    expect(theirs.status).toBe(200);
    const stale = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, opened);
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(EDITED_MEANWHILE);
    const [row] = await server.db.select({ price: plans.price }).from(plans).where(eq(plans.id, made.json.id));
    expect(row?.price).toBe(2_000_00);
    expect((await auditRows(made.json.id as string)).map((entry) => entry.action)).toEqual([
      "plan.create",
      "plan.update",
    ]);
    // Opened again, on their version, the same change saves.
    const reopened = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, {
      ...opened,
      expectedUpdatedAt: theirs.json.updatedAt,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.json.priceMinor).toBe(1_000_00);

    // Moved and hidden meanwhile, it was not edited meanwhile: what Edit plan writes is as its form read it.
    const moveUp = await admin.request("POST", `/api/admin/plans/${made.json.id}/move`, { direction: "up" });
    expect(moveUp.status).toBe(200);
    const order = (moveUp.json as AdminPlan[]).filter((plan) => plan.category === "maintenance").map((plan) => plan.id);
    expect(order.indexOf(made.json.id)).toBe(order.length - 2);
    expect((await admin.request("PUT", `/api/admin/plans/${made.json.id}/visibility`, { hidden: true })).status).toBe(
      200,
    );
    const afterMove = await admin.request("PUT", `/api/admin/plans/${made.json.id}`, {
      ...input({ name, category: "maintenance", price: "3000.00" }),
      expectedUpdatedAt: reopened.json.updatedAt,
    });
    expect(afterMove.status).toBe(200);
    expect(afterMove.json).toMatchObject({ priceMinor: 3_000_00, hidden: true });
    expect((await admin.request("DELETE", `/api/admin/plans/${made.json.id}`)).status).toBe(204);
  });

  it("gives /plans a new ETag when its content changes and 304 while it does not", async () => {
    const first = await server.client().request("GET", "/plans");
    const etag = first.headers.get("etag") as string;
    expect(
      (await server.client().request("GET", "/plans", undefined, { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    await admin.request(
      "PUT",
      `/api/admin/plans/${created.id}`,
      await edit(created.id, { name: `${TAG} Social Platinum`, price: "5000" }),
    );
    await htmlWithin(server, "/plans", (text) => text.includes("₦5,000<"));
    const second = await server.client().request("GET", "/plans");
    expect(second.headers.get("etag")).not.toBe(etag);
  });

  it("moves a plan up and down within its category in one renumbered order, audited", async () => {
    const socialOrder = async () =>
      ((await admin.request("GET", "/api/admin/plans")).json as AdminPlan[])
        .filter((plan) => plan.category === "social")
        .map((plan) => plan.slug);
    const before = await socialOrder();
    const up = await admin.request("POST", `/api/admin/plans/${created.id}/move`, { direction: "up" });
    expect(up.status).toBe(200);
    const after = await socialOrder();
    expect(after).toEqual([...before.slice(0, -2), created.slug, before.at(-2)]);
    const rows = await server.db.select().from(plans).where(eq(plans.category, "social"));
    expect(rows.map((row) => row.sortOrder).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
    expect((await auditRows(created.id)).at(-1)).toMatchObject({ action: "plan.reorder" });
    // Already last after moving back down: nothing changes, nothing audited.
    await admin.request("POST", `/api/admin/plans/${created.id}/move`, { direction: "down" });
    const count = (await auditRows(created.id)).length;
    await admin.request("POST", `/api/admin/plans/${created.id}/move`, { direction: "down" });
    expect(await socialOrder()).toEqual(before);
    expect(await auditRows(created.id)).toHaveLength(count);
    const html = await htmlWithin(server, "/plans", () => true);
    expect(html.indexOf(`${TAG} Social Platinum`)).toBeGreaterThan(html.indexOf("Social Premium"));
  });

  it("hides a plan: gone from /plans' HTML, /api/plans and the contact form's choices, kept for administrators", async () => {
    const response = await admin.request("PUT", `/api/admin/plans/${created.id}/visibility`, { hidden: true });
    expect(response.status).toBe(200);
    expect(response.json.hidden).toBe(true);
    expect((await auditRows(created.id)).at(-1)).toMatchObject({ action: "plan.hide" });
    const html = await htmlWithin(server, "/plans", (text) => !text.includes(TAG));
    expect(html).not.toContain(TAG);
    expect(html).toContain("Social Premium");
    const publicPlans = (await server.client().request("GET", "/api/plans")).json as { slug: string }[];
    expect(publicPlans.map((plan) => plan.slug)).not.toContain(created.slug);
    expect(((await admin.request("GET", "/api/admin/plans")).json as AdminPlan[]).map((plan) => plan.id)).toContain(
      created.id,
    );
    const enquiry = await server.client().request("POST", "/api/enquiries", {
      firstName: "Ada",
      lastName: "Okafor",
      email: "ada.okafor@example.test",
      plan: created.slug,
      message: "Tell me about this plan.",
      website: "",
    });
    expect(enquiry.status).toBe(400);
    await admin.request("PUT", `/api/admin/plans/${created.id}/visibility`, { hidden: false });
    expect((await auditRows(created.id)).at(-1)).toMatchObject({ action: "plan.show" });
    await htmlWithin(server, "/plans", (text) => text.includes(TAG));
  });

  it("deletes a plan, audited, and /plans no longer shows it", async () => {
    expect((await admin.request("DELETE", `/api/admin/plans/${created.id}`)).status).toBe(204);
    expect(await server.db.select().from(plans).where(eq(plans.id, created.id))).toHaveLength(0);
    const rows = await auditRows(created.id);
    expect(rows.at(-1)).toMatchObject({ action: "plan.delete" });
    expect(rows.at(-1)?.details).toMatchObject({ after: null, before: { slug: created.slug } });
    const html = await htmlWithin(server, "/plans", (text) => !text.includes(TAG));
    expect(html).not.toContain(TAG);
    expect((await admin.request("DELETE", `/api/admin/plans/${created.id}`)).status).toBe(404);
  });

  it("holds at most PLANS_PER_CATEGORY_MAX plans a category: one more, made or moved there, is refused and nothing written", async () => {
    const inCategory = async () =>
      (await server.db.select({ id: plans.id }).from(plans).where(eq(plans.category, "maintenance"))).length;
    const made: string[] = [];
    while ((await inCategory()) < PLANS_PER_CATEGORY_MAX) {
      const response = await admin.request("POST", "/api/admin/plans", input({ category: "maintenance" }));
      expect(response.status).toBe(201);
      made.push(response.json.id);
    }
    const refused = await admin.request("POST", "/api/admin/plans", input({ category: "maintenance" }));
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(categoryFull());
    const [social] = await server.db.select().from(plans).where(eq(plans.category, "social")).limit(1);
    const moved = await admin.request(
      "PUT",
      `/api/admin/plans/${social?.id}`,
      await edit(social?.id as string, { name: social?.name, category: "maintenance" }),
    );
    expect(moved.status).toBe(400);
    expect(moved.json.error.message).toBe(categoryFull());
    expect(await inCategory()).toBe(PLANS_PER_CATEGORY_MAX);
    expect(
      (
        await server.db
          .select()
          .from(plans)
          .where(eq(plans.id, social?.id as string))
      )[0]?.category,
    ).toBe("social");
    for (const id of made) expect((await admin.request("DELETE", `/api/admin/plans/${id}`)).status).toBe(204);
  });
});

describe.runIf(dbKind === "postgres")("several processes on one PostgreSQL database", () => {
  it("re-renders /plans on the other process when the change is published", async () => {
    const other = await startTestServer({}, { sharing: server, client: true });
    try {
      const name = `${TAG} Maintenance Shared`;
      const created = (await admin.request("POST", "/api/admin/plans", input({ name, category: "maintenance" })))
        .json as AdminPlan;
      const html = await htmlWithin(other, "/plans", (text) => text.includes(name));
      expect(html).toContain(name);
      // A write made elsewhere (another process, a script) that publishes the change is followed too.
      await server.db.transaction(async (tx) => {
        await tx
          .update(plans)
          .set({ name: `${TAG} Renamed Elsewhere` })
          .where(inArray(plans.id, [created.id]));
        await publishChange(tx, { topic: "plans", op: "update", id: created.id });
      });
      expect(await htmlWithin(other, "/plans", (text) => text.includes(`${TAG} Renamed Elsewhere`))).toContain(
        `${TAG} Renamed Elsewhere`,
      );
      await admin.request("DELETE", `/api/admin/plans/${created.id}`);
    } finally {
      await other.close();
    }
  });
});

describe("publish-catalogue (a production database starts with no plans: the demo seed never runs there)", () => {
  it("publishes the spec's plans and services where there are none, and leaves a catalogue that exists as it is", async () => {
    const empty = await startTestServer();
    try {
      await empty.db.execute(sql`truncate table plans, services cascade`);
      expect((await empty.client().request("GET", "/api/plans")).json).toEqual([]);

      expect(await publishCatalogue(empty.db)).toEqual({ plans: PLANS.length, services: SERVICES.length });
      const published = (await empty.client().request("GET", "/api/plans")).json as Plan[];
      expect(published.map((plan) => [plan.name, plan.priceMinor, plan.period])).toEqual(
        PLANS.map((plan) => [plan.name, plan.priceNaira * 100, "month"]),
      );
      // Spec §9: Social Starter at ₦100,000 a month, Social Premium the popular one.
      expect(published.find((plan) => plan.slug === "social-starter")?.priceMinor).toBe(10_000_000);
      expect(published.filter((plan) => plan.isPopular).map((plan) => plan.name)).toEqual(["Social Premium"]);
      const [serviceCount] = (await empty.db.execute<{ n: number }>(sql`select count(*)::int as n from services`)).rows;
      expect(serviceCount?.n).toBe(SERVICES.length);

      // Again: nothing more (an administrator's catalogue, or this one, is left as it is).
      expect(await publishCatalogue(empty.db)).toEqual({ plans: 0, services: 0 });
      expect(((await empty.client().request("GET", "/api/plans")).json as Plan[]).length).toBe(PLANS.length);
    } finally {
      await empty.close();
    }
  });
});
