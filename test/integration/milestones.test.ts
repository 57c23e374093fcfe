import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILESTONE_TITLE_MAX_LENGTH, PAID_MILESTONE_KEPT } from "../../common/domain";
import { AMOUNT_FORMAT } from "../../common/schemas";
import { auditLog, milestones } from "../../server/db/schema";
import { liveSockets } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * Milestones (spec §4, §6): the project's client and administrators add them
 * and mark them complete or paid; everyone on the project reads them, live.
 */
const CLIENT = "chinedu@ezefoods.test";
const OTHER_CLIENT = "amaka@bellofashion.test";
const DEV_IN = "tunde@lagosstudio.test";
const DEV_OUT = "ngozi@lagosstudio.test";
const ADMIN = "admin@lagosstudio.test";

let server: TestServer;
let client: Client;
let otherClient: Client;
let devIn: Client;
let devOut: Client;
let admin: Client;
let projectId: string;
let otherProjectId: string;
const sockets = liveSockets(() => server.url);

const milestonesPath = (id = projectId) => `/api/projects/${id}/milestones`;
const milestone = { title: "Checkout live", description: "Paystack on staging.", amount: "1500.50", dueDate: null };

async function count(id = projectId) {
  return (await server.db.select().from(milestones).where(eq(milestones.projectId, id))).length;
}
async function live(from: Client, key: string[]) {
  const socket = await sockets.open(from);
  return { socket, answer: await socket.subscribe(key) };
}

beforeAll(async () => {
  server = await startTestServer();
  [client, otherClient, devIn, devOut, admin] = await Promise.all([
    server.signIn(CLIENT),
    server.signIn(OTHER_CLIENT),
    server.signIn(DEV_IN),
    server.signIn(DEV_OUT),
    server.signIn(ADMIN),
  ]);
  projectId = await createProject(server.db, { clientEmail: CLIENT, developerEmails: [DEV_IN] });
  otherProjectId = await createProject(server.db, { clientEmail: OTHER_CLIENT });
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

describe("POST /api/projects/:id/milestones", () => {
  it("the project's client adds one: amount in kobo, creator from the session, pending and unpaid", async () => {
    const response = await client.request("POST", milestonesPath(), {
      ...milestone,
      title: "  Checkout live  ",
      dueDate: "2030-05-01",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      projectId,
      title: "Checkout live",
      description: "Paystack on staging.",
      amountMinor: 150050,
      dueDate: "2030-05-01",
      status: "pending",
      paymentStatus: "unpaid",
      paidDate: null,
      createdBy: await userIdOf(server.db, CLIENT),
      creatorName: "Chinedu Eze",
    });
    // A client's change is not an administrator's: no audit entry.
    expect(await server.db.select().from(auditLog).where(eq(auditLog.entityId, response.json.id))).toEqual([]);
  });

  it("one sent again with its id (its answer lost, or twice at once) is answered with that milestone, added once", async () => {
    const id = randomUUID();
    const body = { ...milestone, id, title: `Once ${id.slice(0, 8)}` };
    const [first, second] = await Promise.all([
      client.request("POST", milestonesPath(), body),
      client.request("POST", milestonesPath(), body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const again = await client.request("POST", milestonesPath(), body);
    expect(again.status).toBe(200);
    for (const response of [first, second, again]) expect(response.json).toMatchObject({ id, title: body.title });
    expect(await server.db.select().from(milestones).where(eq(milestones.id, id))).toHaveLength(1);
    // Not theirs to answer with: another person's, or the id sent to another project.
    expect((await admin.request("POST", milestonesPath(), body)).status).toBe(409);
    expect((await otherClient.request("POST", milestonesPath(otherProjectId), body)).status).toBe(409);
  });

  it("an administrator adds one, with an audit entry written with it", async () => {
    const response = await admin.request("POST", milestonesPath(), { title: "Aftercare", amount: "20000" });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ amountMinor: 2_000_000, description: "", dueDate: null });
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, response.json.id));
    expect(entry).toMatchObject({
      action: "milestone.create",
      entity: "milestone",
      actorId: await userIdOf(server.db, ADMIN),
    });
  });

  it("lists them by due date, those without one last", async () => {
    await client.request("POST", milestonesPath(), { ...milestone, title: "Early", dueDate: "2029-01-01" });
    const list = (await devIn.request("GET", milestonesPath())).json as { title: string; dueDate: string | null }[];
    const dates = list.map((row) => row.dueDate);
    const dated = dates.filter((date) => date !== null);
    expect(dated).toEqual([...dated].sort());
    expect(dates.indexOf(null)).toBe(dated.length);
    expect(list[0]?.title).toBe("Early");
  });

  it("answers 404 on another client's project and to an unassigned developer, writing nothing", async () => {
    const before = await count(otherProjectId);
    expect((await client.request("POST", milestonesPath(otherProjectId), milestone)).status).toBe(404);
    expect((await client.request("GET", milestonesPath(otherProjectId))).status).toBe(404);
    expect((await devOut.request("POST", milestonesPath(), milestone)).status).toBe(404);
    expect((await devOut.request("GET", milestonesPath())).status).toBe(404);
    expect(await count(otherProjectId)).toBe(before);
    expect((await server.client().request("POST", milestonesPath(), milestone)).status).toBe(401);
  });

  it("an assigned developer reads them but may not add one (rules.milestones.create): 403", async () => {
    const before = await count();
    expect((await devIn.request("GET", milestonesPath())).status).toBe(200);
    expect((await devIn.request("POST", milestonesPath(), milestone)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it.each([
    ["no title", { ...milestone, title: "   " }, "title"],
    ["a title too long", { ...milestone, title: "x".repeat(MILESTONE_TITLE_MAX_LENGTH + 1) }, "title"],
    ["three decimals", { ...milestone, amount: "10.005" }, "amount"],
    ["a negative amount", { ...milestone, amount: "-5" }, "amount"],
    ["an amount as a float", { ...milestone, amount: 10.5 }, "amount"],
    ["no amount", { title: "x" }, "amount"],
    ["a date that is not one", { ...milestone, dueDate: "2030-02-30" }, "dueDate"],
    ["a status", { ...milestone, status: "completed" }, "status"],
    ["a creator", { ...milestone, createdBy: "someone" }, "createdBy"],
    ["a paid date", { ...milestone, paidDate: "2030-01-01T00:00:00Z" }, "paidDate"],
  ])("refuses %s with 400 naming the field, writing nothing", async (_label, body, field) => {
    const before = await count();
    const response = await client.request("POST", milestonesPath(), body);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty([field]);
    expect(await count()).toBe(before);
  });

  it("says how to write an amount", async () => {
    const response = await client.request("POST", milestonesPath(), { ...milestone, amount: "1,500" });
    expect(response.json.error.fields.amount).toBe(AMOUNT_FORMAT);
  });
});

describe("PATCH /api/milestones/:id", () => {
  async function fresh(title = "To mark") {
    const response = await client.request("POST", milestonesPath(), { ...milestone, title });
    expect(response.status).toBe(201);
    return response.json.id as string;
  }

  it("Mark Complete sets status completed, and nothing else", async () => {
    const id = await fresh();
    const response = await client.request("PATCH", `/api/milestones/${id}`, { status: "completed" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, status: "completed", paymentStatus: "unpaid", paidDate: null });
  });

  it("Mark as Paid sets payment status paid; the server records paid_date, once", async () => {
    const id = await fresh();
    const before = Date.now();
    const response = await client.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, paymentStatus: "paid", status: "pending" });
    const paid = Date.parse(response.json.paidDate);
    expect(paid).toBeGreaterThanOrEqual(before - 5_000);
    expect(paid).toBeLessThanOrEqual(Date.now() + 5_000);
    await sleep(20);
    const again = await client.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" });
    expect(again.json.paidDate).toBe(response.json.paidDate);
  });

  it.each([
    ["a title", { status: "completed", title: "Renamed" }, "title"],
    ["an amount", { amount: "1" }, "amount"],
    ["a paid date", { paymentStatus: "paid", paidDate: "2020-01-01T00:00:00Z" }, "paidDate"],
    ["status back to pending", { status: "pending" }, "status"],
    ["payment back to unpaid", { paymentStatus: "unpaid" }, "paymentStatus"],
    ["nothing", {}, "status"],
  ])("refuses a body with %s with 400, changing nothing", async (_label, body, field) => {
    const id = await fresh();
    const response = await client.request("PATCH", `/api/milestones/${id}`, body);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty([field]);
    const [row] = await server.db.select().from(milestones).where(eq(milestones.id, id));
    expect(row).toMatchObject({ title: "To mark", status: "pending", paymentStatus: "unpaid", paidDate: null });
  });

  it("answers 404 to another client and an unassigned developer, 403 to the assigned developer", async () => {
    const id = await fresh();
    expect((await otherClient.request("PATCH", `/api/milestones/${id}`, { status: "completed" })).status).toBe(404);
    expect((await devOut.request("PATCH", `/api/milestones/${id}`, { status: "completed" })).status).toBe(404);
    expect((await devIn.request("PATCH", `/api/milestones/${id}`, { status: "completed" })).status).toBe(403);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await client.request("PATCH", `/api/milestones/${unknown}`, { status: "completed" })).status).toBe(404);
    expect((await client.request("PATCH", "/api/milestones/nope", { status: "completed" })).status).toBe(400);
    const [row] = await server.db.select().from(milestones).where(eq(milestones.id, id));
    expect(row?.status).toBe("pending");
  });

  it("an administrator's mark is audited, once however often it is sent", async () => {
    const id = await fresh();
    expect((await admin.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" })).status).toBe(200);
    const again = await admin.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" });
    expect(again.status).toBe(200);
    expect(again.json.paymentStatus).toBe("paid");
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "milestone.update")));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({
      before: { paymentStatus: "unpaid" },
      after: { paymentStatus: "paid" },
    });
  });
});

describe("DELETE /api/milestones/:id", () => {
  async function added(title: string) {
    const response = await client.request("POST", milestonesPath(), { ...milestone, title });
    expect(response.status).toBe(201);
    return response.json.id as string;
  }
  const exists = async (id: string) =>
    (await server.db.select().from(milestones).where(eq(milestones.id, id))).length === 1;

  it("an administrator deletes one not yet paid: gone, audited with what it was, and gone live for the project's people", async () => {
    const id = await added("Added by mistake");
    const watching = await live(client, ["projects", projectId, "milestones"]);
    expect(watching.answer).toMatchObject({ type: "subscribed" });

    const response = await admin.request("DELETE", `/api/milestones/${id}`);
    expect(response.status).toBe(204);
    expect(await exists(id)).toBe(false);
    // The insert's own frame may still be on its way (PostgreSQL's NOTIFY is asynchronous), so wait for the delete.
    const frame = await watching.socket.next((f) => f.type === "change" && f.op === "delete" && f.row?.id === id);
    expect(frame.row).toEqual({ id });
    const listed = (await client.request("GET", milestonesPath())).json as { id: string }[];
    expect(listed.map((row) => row.id)).not.toContain(id);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "milestone"), eq(auditLog.entityId, id), eq(auditLog.action, "milestone.delete")));
    expect(entry?.details).toMatchObject({
      before: { projectId, title: "Added by mistake", amountMinor: 150050, paymentStatus: "unpaid" },
      after: null,
    });
  });

  it("is refused to the project's client and assigned developer (403), to outsiders as not found (404), deleting nothing", async () => {
    const id = await added("Not theirs to delete");
    expect((await client.request("DELETE", `/api/milestones/${id}`)).status).toBe(403);
    expect((await devIn.request("DELETE", `/api/milestones/${id}`)).status).toBe(403);
    expect((await otherClient.request("DELETE", `/api/milestones/${id}`)).status).toBe(404);
    expect((await devOut.request("DELETE", `/api/milestones/${id}`)).status).toBe(404);
    expect((await server.client().request("DELETE", `/api/milestones/${id}`)).status).toBe(401);
    expect(await exists(id)).toBe(true);
  });

  it("keeps a paid milestone (409 with the reason), and answers 404 for none and 400 for a bad id", async () => {
    const id = await added("Paid already");
    expect((await client.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" })).status).toBe(200);
    const refused = await admin.request("DELETE", `/api/milestones/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(PAID_MILESTONE_KEPT);
    expect(await exists(id)).toBe(true);
    expect((await admin.request("DELETE", `/api/milestones/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request("DELETE", "/api/milestones/nope")).status).toBe(400);
  });
});

describe("live milestones", () => {
  it("reach the client, the assigned developer and administrators; not other clients or developers", async () => {
    const key = ["projects", projectId, "milestones"];
    const allowed = await Promise.all([client, devIn, admin].map((from) => live(from, key)));
    for (const { answer } of allowed) expect(answer).toMatchObject({ type: "subscribed" });
    const denied = await Promise.all([otherClient, devOut].map((from) => live(from, key)));
    for (const { answer } of denied) expect(answer).toMatchObject({ type: "error" });
    // A bare socket of an outsider that asks for the key hears nothing below (checked at the end).

    const created = await admin.request("POST", milestonesPath(), { ...milestone, title: "Live one" });
    const id = created.json.id as string;
    for (const { socket } of allowed) {
      const frame = await socket.next((f) => f.type === "change" && f.row?.id === id);
      expect(frame).toMatchObject({ op: "insert", row: { title: "Live one", amountMinor: 150050 } });
    }
    await client.request("PATCH", `/api/milestones/${id}`, { paymentStatus: "paid" });
    for (const { socket } of allowed) {
      const frame = await socket.next((f) => f.type === "change" && f.op === "update" && f.row?.id === id);
      expect(frame.row).toMatchObject({ paymentStatus: "paid" });
      expect(frame.row.paidDate).toEqual(expect.any(String));
    }
    await sleep(200);
    for (const { socket } of denied) expect(socket.frames.filter((f) => f.type === "change")).toEqual([]);
  });

  it("refuses a malformed project id in the key", async () => {
    const { answer } = await live(client, ["projects", "not-a-uuid", "milestones"]);
    expect(answer).toMatchObject({ type: "error" });
  });
});
