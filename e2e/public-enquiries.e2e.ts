import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, Api } from "./support/api";
import { setupProduct } from "./support/product";

/**
 * POST/GET /api/enquiries over HTTP against the built product: who may read
 * them, strict validation, the honeypot and the per-IP rate limit (the
 * default 5 per 10 minutes; every accepted or honeypot request counts).
 */
const product = setupProduct({ browser: false });
let api: Api;

beforeAll(async () => {
  api = new Api(product.server.url);
});

const valid = {
  firstName: "Emeka",
  lastName: "Nwosu",
  email: "emeka@example.com",
  company: "",
  service: "",
  budget: "",
  message: "We need a new website.",
  website: "",
};

const post = (body: unknown) =>
  fetch(`${product.server.url}/api/enquiries`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: product.server.url },
    body: JSON.stringify(body),
  });

async function list(email?: string) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (email) headers.cookie = await api.signIn(email);
  return fetch(`${product.server.url}/api/enquiries`, { headers });
}

describe("enquiries API", () => {
  it("rejects invalid or unexpected fields with field messages (not counted by the rate limit)", async () => {
    const missing = await post({ ...valid, firstName: " ", email: "nope" });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(["firstName", "email"]));
    expect((await post({ ...valid, role: "admin" })).status).toBe(400);
    expect((await post({ ...valid, budget: "a-million" })).status).toBe(400);
    expect((await post({ ...valid, service: "time-travel" })).status).toBe(400);
  });

  it("lists enquiries for administrators only: 401 signed out, 403 for clients and developers", async () => {
    expect((await list()).status).toBe(401);
    expect((await list("chinedu@ezefoods.test")).status).toBe(403);
    expect((await list("tunde@lagosstudio.test")).status).toBe(403);
    expect((await list(ADMIN_EMAIL)).status).toBe(200);
  });

  it("stores an enquiry, newest first, and mails the company inbox", async () => {
    const first = await post({ ...valid, message: "first enquiry" });
    expect(first.status).toBe(201);
    const second = await post({ ...valid, message: "second enquiry", service: "brand-strategy", budget: "discuss" });
    expect(second.status).toBe(201);
    const rows = (await (await list(ADMIN_EMAIL)).json()) as {
      message: string;
      service: string | null;
      company: string | null;
    }[];
    expect(rows.slice(0, 2).map((row) => row.message)).toEqual(["second enquiry", "first enquiry"]);
    expect(rows[0]).toMatchObject({ service: "brand-strategy", company: null });
    const mails = await api.outbox("hello@lagos-studio.test");
    expect(mails.some((mail) => mail.text.includes("second enquiry"))).toBe(true);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const before = ((await (await list(ADMIN_EMAIL)).json()) as unknown[]).length;
    const response = await post({ ...valid, message: "buy cheap watches", website: "http://spam.example" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ received: true });
    const after = (await (await list(ADMIN_EMAIL)).json()) as { message: string }[];
    expect(after.length).toBe(before);
    expect(after.some((row) => row.message === "buy cheap watches")).toBe(false);
  });

  it("limits enquiries per IP address: the sixth in ten minutes gets 429", async () => {
    // Three were accepted above (two stored, one honeypot).
    expect((await post({ ...valid, message: "fourth" })).status).toBe(201);
    expect((await post({ ...valid, message: "fifth" })).status).toBe(201);
    const limited = await post({ ...valid, message: "sixth" });
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { error: { code: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("documents the public routes in the OpenAPI description", async () => {
    const spec = (await (await fetch(`${product.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(spec.paths["/api/enquiries"] ?? {})).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(spec.paths["/api/enquiries"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "429"]),
    );
    expect(spec.paths["/api/plans"]?.get).toBeTruthy();
  });
});
