import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, plans, projects, services, tasks } from "../../server/db/schema";
import { type Client, startTestServer, type TestServer } from "../support/server";
import { versionOf } from "../support/versions";

/**
 * Odd input never fails the server (hardening): every route of the API's OpenAPI document, given
 * odd values one at a time (a path parameter, a query parameter, a field of an otherwise valid
 * body), answers with a 2xx or a 4xx in the error shape, never a 5xx. A probe of this kind found
 * half a character (a lone surrogate), the year 0000 and a deeply nested body each to be a 500.
 *
 * Each JSON write has a valid body here (WRITE_BODIES), which must itself succeed, so the odd
 * values reach the route's own code and the database; a route added without one fails the test.
 */
type Actor = "admin" | "client";
type WriteProbe = { as: Actor; body: () => Record<string, unknown>; status?: number };

const ODD_VALUES: unknown[] = [
  null,
  "",
  " ",
  "\u0000",
  "\ud800",
  "x".repeat(70_000),
  -1,
  1e308,
  1.5,
  [],
  {},
  true,
  "0000-01-01",
  "9999-12-31",
  "99999999999999999999.99",
  "00000000-0000-0000-0000-000000000000",
];
/** As a path or query parameter, already URL-encoded; %ED%A0%80 is a lone surrogate's UTF-8, which no decoder accepts. */
const ODD_PARAMS = ["x", "-1", "0", "1e309", "99999999999999999999", "a".repeat(300), "0000-01-01", "%ED%A0%80", "%00"];
/** Whole bodies, as JSON text: the last nested deeper than a recursive walk survives. */
const ODD_BODIES = ["null", "[]", '"text"', "1", `{"deep":${"[".repeat(30_000)}${"]".repeat(30_000)}}`];

let unique = 0;
const email = () => `odd.${Date.now()}.${unique++}@example.test`;
const task = () => ({ title: "Probe", description: "", status: "todo", priority: "low", dueDate: "2026-12-01" });
const project = () => ({ title: "Probe", description: "", developerIds: [], status: "active", progress: 5 });
const service = () => ({
  title: "Probe",
  price: "10.00",
  description: "",
  estimatedDuration: "1 week",
  features: "a\nb",
  allowMilestones: true,
  status: "active",
});
const plan = () => ({
  name: `Probe ${unique++}`,
  category: "social",
  price: "10.00",
  period: "month",
  description: "",
  features: "a\nb",
  isPopular: false,
  badge: "",
});

let server: TestServer;
const as = {} as Record<Actor, Client>;
/** Real ids for each path parameter, by its name in the OpenAPI document. */
const ids: Record<string, string> = {};

/** The version an edit names (common/schemas.ts editedVersion): read again before each valid write. */
const version = { task: "", project: "", service: "", plan: "", invoice: "" };
async function readVersions() {
  version.service = await versionOf(server.db, services, ids.serviceId ?? "");
  version.task = await versionOf(server.db, tasks, ids.taskId ?? "");
  version.project = await versionOf(server.db, projects, ids.projectId ?? "");
  version.plan = await versionOf(server.db, plans, ids.planId ?? "");
  version.invoice = await versionOf(server.db, invoices, ids.invoiceId ?? "");
}

/** The valid body of each JSON write, by "METHOD /path/{param}" as the OpenAPI document names it. */
const WRITE_BODIES: Record<string, WriteProbe> = {
  "PATCH /api/me": { as: "client", body: () => ({ fullName: "Chinedu Eze", companyName: "Eze Foods Ltd" }) },
  "PUT /api/me/mail-preferences": { as: "client", body: () => ({ message: true }) },
  "POST /api/projects/{projectId}/messages": { as: "client", body: () => ({ message: "Probe" }) },
  "PUT /api/projects/{projectId}/read": { as: "client", body: () => ({ upTo: ids.messageId }) },
  "POST /api/projects/{projectId}/milestones": {
    as: "client",
    body: () => ({ title: "Probe", description: "", amount: "10.00", dueDate: "2026-12-01" }),
  },
  "PATCH /api/milestones/{milestoneId}": { as: "client", body: () => ({ status: "completed" }) },
  "PATCH /api/tasks/{taskId}/status": { as: "admin", body: () => ({ status: "review" }) },
  "POST /api/orders": { as: "client", body: () => ({ serviceId: ids.serviceId, notes: "Probe" }) },
  "POST /api/enquiries": {
    as: "client",
    body: () => ({
      firstName: "Ada",
      lastName: "Obi",
      email: email(),
      company: "",
      service: "consultation",
      budget: "discuss",
      message: "Probe",
    }),
  },
  // Without a valid token the answer is a 4xx: the probe is that odd values keep it one.
  "POST /api/mail/unsubscribe": { as: "client", body: () => ({}), status: 400 },
  "POST /api/admin/tasks": {
    as: "admin",
    body: () => ({ ...task(), assignedTo: ids.developerId, projectId: ids.projectId }),
  },
  "PUT /api/admin/tasks/{taskId}": { as: "admin", body: () => ({ ...task(), expectedUpdatedAt: version.task }) },
  "PATCH /api/admin/enquiries/{enquiryId}": { as: "admin", body: () => ({ status: "contacted" }) },
  "POST /api/admin/clients": { as: "admin", body: () => ({ fullName: "Probe", email: email(), companyName: "" }) },
  "PATCH /api/admin/clients/{clientId}": {
    as: "admin",
    body: () => ({ fullName: "Chinedu Eze", companyName: "Eze Foods Ltd" }),
  },
  "POST /api/admin/developers": { as: "admin", body: () => ({ fullName: "Probe", email: email() }) },
  "POST /api/admin/staff": { as: "admin", body: () => ({ fullName: "Probe", email: email(), role: "developer" }) },
  "PATCH /api/admin/staff/{staffId}": { as: "admin", body: () => ({ fullName: "Tunde Bakare", role: "developer" }) },
  "POST /api/admin/invoices": {
    as: "admin",
    body: () => ({ clientId: ids.clientId, projectId: ids.projectId, amount: "10.00", dueDate: "2026-12-01" }),
  },
  "PATCH /api/admin/invoices/{invoiceId}": {
    as: "admin",
    body: () => ({
      projectId: ids.projectId,
      amount: "600000.00",
      dueDate: "2026-12-08",
      expectedUpdatedAt: version.invoice,
    }),
  },
  "POST /api/admin/projects": {
    as: "admin",
    body: () => ({ ...project(), clientId: ids.clientId, startDate: "2026-01-01", endDate: "2026-12-01" }),
  },
  "PATCH /api/admin/projects/{projectId}": {
    as: "admin",
    body: () => ({
      ...project(),
      clientId: ids.clientId,
      startDate: "2026-01-01",
      endDate: "2026-12-01",
      expectedUpdatedAt: version.project,
    }),
  },
  "POST /api/admin/services": { as: "admin", body: service },
  "PUT /api/admin/services/{serviceId}": {
    as: "admin",
    body: () => ({ ...service(), expectedUpdatedAt: version.service }),
  },
  "POST /api/admin/plans": { as: "admin", body: plan },
  "PUT /api/admin/plans/{planId}": { as: "admin", body: () => ({ ...plan(), expectedUpdatedAt: version.plan }) },
  "POST /api/admin/plans/{planId}/move": { as: "admin", body: () => ({ direction: "down" }) },
  "PUT /api/admin/plans/{planId}/visibility": { as: "admin", body: () => ({ hidden: false }) },
};

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  jsonBody: boolean;
};

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    // better-auth's routes are its own (auth.test.ts); the live channel is a WebSocket (live-limits.test.ts).
    if (path.startsWith("/api/auth/") || path === "/api/live") continue;
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        jsonBody: Boolean(content?.["application/json"]),
      });
    }
  }
  return operations;
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? "00000000-0000-0000-0000-000000000000");

async function first(client: Client, path: string): Promise<string> {
  const { json } = await client.request("GET", path);
  const rows = Array.isArray(json) ? json : json.items;
  if (!rows?.[0]?.id) throw new Error(`no row at ${path}: ${JSON.stringify(json).slice(0, 200)}`);
  return rows[0].id;
}

let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer({ contactRateLimit: 100_000, pdfRateLimit: 100_000 });
  as.admin = await server.signIn("admin@lagosstudio.test");
  as.client = await server.signIn("chinedu@ezefoods.test");
  ids.projectId = await first(as.client, "/api/projects?limit=5");
  ids.messageId = await first(as.client, `/api/projects/${ids.projectId}/messages?limit=5`);
  ids.milestoneId = await first(as.client, `/api/projects/${ids.projectId}/milestones`);
  ids.taskId = await first(as.admin, "/api/tasks?limit=5");
  ids.invoiceId = await first(as.client, "/api/invoices?limit=5");
  ids.serviceId = await first(as.admin, "/api/services");
  ids.planId = await first(as.admin, "/api/admin/plans");
  ids.enquiryId = await first(as.admin, "/api/admin/enquiries");
  ids.orderId = await first(as.admin, "/api/admin/bookings");
  ids.clientId = (await as.client.request("GET", "/api/me")).json.id;
  ids.developerId = await first(as.admin, "/api/admin/developers");
  ids.staffId = ids.developerId;
  operations = operationsOf((await as.admin.request("GET", "/api/openapi.json")).json);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** Sends one probe (`body` as JSON text); a 5xx, or a 4xx not in the API's error shape, is returned as a line for the report. */
async function probe(client: Client, method: string, path: string, body?: string): Promise<string | undefined> {
  const response = await client.request(method, path, body);
  const shaped = typeof response.json?.error?.code === "string" && typeof response.json?.error?.message === "string";
  if (response.status >= 500 || (response.status >= 400 && !shaped))
    return `${response.status} ${method} ${path.slice(0, 120)} ${body?.slice(0, 80) ?? ""}: ${response.text.slice(0, 120)}`;
  return undefined;
}

describe("odd input", () => {
  it("every JSON write has a valid body here, which succeeds", async () => {
    const writes = operations.filter((operation) => operation.jsonBody).map((op) => `${op.method} ${op.path}`);
    expect(writes.filter((write) => !WRITE_BODIES[write])).toEqual([]);
    // Both ways: a write the OpenAPI document stopped naming (or naming as JSON) would leave every probe below empty.
    expect([...writes].sort()).toEqual(Object.keys(WRITE_BODIES).sort());
    for (const write of writes) {
      const { as: actor, body, status } = WRITE_BODIES[write] as WriteProbe;
      const [method = "", path = ""] = write.split(" ");
      await readVersions();
      const response = await as[actor].request(method, fill(path, ids), body());
      if (status) expect(response.status, write).toBe(status);
      else expect(response.status, `${write}: ${response.text.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it("each field of a write given an odd value, or the whole body odd, is never a 5xx", async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((each) => each.jsonBody)) {
      const { as: actor, body } = WRITE_BODIES[`${operation.method} ${operation.path}`] as WriteProbe;
      const path = fill(operation.path, ids);
      for (const key of Object.keys(body())) {
        for (const value of ODD_VALUES) {
          const failure = await probe(as[actor], operation.method, path, JSON.stringify({ ...body(), [key]: value }));
          if (failure) failures.push(failure);
        }
      }
      for (const odd of ODD_BODIES) {
        const failure = await probe(as[actor], operation.method, path, odd);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("each path and query parameter given an odd value is never a 5xx", async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      // Real ids only where nothing is deleted: a DELETE is probed with odd ids alone.
      const real = operation.method === "DELETE" ? {} : ids;
      const write = operation.jsonBody ? WRITE_BODIES[`${operation.method} ${operation.path}`] : undefined;
      const body = write && JSON.stringify(write.body());
      for (const client of [as.admin, as.client]) {
        for (const name of operation.pathParams) {
          for (const value of ODD_PARAMS) {
            const failure = await probe(
              client,
              operation.method,
              fill(operation.path, { ...real, [name]: value }),
              body,
            );
            if (failure) failures.push(failure);
          }
        }
        if (operation.method !== "GET") continue;
        for (const name of operation.queryParams) {
          for (const value of ODD_PARAMS) {
            const failure = await probe(client, "GET", `${fill(operation.path, real)}?${name}=${value}`);
            if (failure) failures.push(failure);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
