import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactEnquiries, plans } from "../../server/db/schema";
import { outbox, startTestServer, type TestServer } from "../support/server";

/** The public API over real HTTP: plans from the database, enquiries stored, mailed, read by admins only. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ contactRateLimit: 3 });
});

afterAll(async () => {
  await server?.close();
});

const enquiry = {
  firstName: " Ada ",
  lastName: "Eze",
  email: "ADA@Example.com",
  company: "Eze Ventures",
  service: "it-solutions",
  budget: "over-100k",
  plan: "maintenance-standard",
  message: "Please look after our servers.",
  website: "",
};

describe("GET /api/plans", () => {
  it("lists the seeded plans in order, prices in kobo, and follows admin edits in the table", async () => {
    const response = await server.client().request("GET", "/api/plans");
    expect(response.status).toBe(200);
    const rows = response.json as {
      slug: string;
      priceMinor: number;
      currency: string;
      isPopular: boolean;
      badge: string | null;
    }[];
    expect(rows).toHaveLength(6);
    expect(rows[2]).toMatchObject({ slug: "social-premium", priceMinor: 30_000_000, currency: "NGN", isPopular: true });
    expect(rows[4]).toMatchObject({ slug: "maintenance-standard", badge: "Best Value" });
    await server.db.update(plans).set({ price: 12_000_000 }).where(eq(plans.slug, "social-starter"));
    const edited = (await server.client().request("GET", "/api/plans")).json as { slug: string; priceMinor: number }[];
    expect(edited[0]).toMatchObject({ slug: "social-starter", priceMinor: 12_000_000 });
  });
});

describe("POST /api/enquiries", () => {
  it("stores a trimmed, normalised enquiry and mails the inbox with the enquirer as reply-to", async () => {
    const response = await server.client().request("POST", "/api/enquiries", enquiry);
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(contactEnquiries).where(eq(contactEnquiries.lastName, "Eze"));
    expect(row).toMatchObject({
      firstName: "Ada",
      email: "ada@example.com",
      plan: "maintenance-standard",
      budget: "over-100k",
    });
    const [mail] = await outbox(server.db, server.config.contactInbox);
    expect(mail?.subject).toBe("New enquiry from Ada Eze (Eze Ventures)");
    expect(mail?.text).toContain("Please look after our servers.");
  });

  it("rejects an unknown plan, unknown fields and missing required fields", async () => {
    const client = server.client();
    const unknownPlan = await client.request("POST", "/api/enquiries", { ...enquiry, plan: "platinum" });
    expect(unknownPlan.status).toBe(400);
    expect((unknownPlan.json as { error: { fields: Record<string, string> } }).error.fields.plan).toBe("Unknown plan");
    expect((await client.request("POST", "/api/enquiries", { ...enquiry, id: "x" })).status).toBe(400);
    expect((await client.request("POST", "/api/enquiries", { ...enquiry, message: "   " })).status).toBe(400);
  });

  it("drops honeypot submissions silently and rate-limits per IP address", async () => {
    const client = server.client();
    const before = (await server.db.select().from(contactEnquiries)).length;
    expect((await client.request("POST", "/api/enquiries", { ...enquiry, website: "x" })).status).toBe(201);
    expect((await server.db.select().from(contactEnquiries)).length).toBe(before);
    // Limit 3 per 10 minutes, counting every request that passed schema validation:
    // the stored enquiry, the unknown-plan one and the honeypot above.
    expect((await client.request("POST", "/api/enquiries", enquiry)).status).toBe(429);
  });
});

describe("the contact form's limit per visitor", () => {
  const fromEach = (other: TestServer) => (address: string) =>
    other.client().request("POST", "/api/enquiries", enquiry, { headers: { "x-forwarded-for": address } });

  it("counts each visitor by the address the proxy in front names (TRUST_PROXY), an IPv6 one by its /64", async () => {
    const proxied = await startTestServer({ contactRateLimit: 1, trustProxy: ["loopback"] });
    try {
      const from = fromEach(proxied);
      expect((await from("203.0.113.7")).status).toBe(201);
      expect((await from("203.0.113.7")).status).toBe(429);
      expect((await from("203.0.113.8")).status).toBe(201);
      expect((await from("2001:db8:1:2::1")).status).toBe(201);
      expect((await from("2001:db8:1:2:ffff::9")).status).toBe(429);
      expect((await from("2001:db8:1:3::1")).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it("without a proxy named, ignores X-Forwarded-For, which any visitor can write", async () => {
    const direct = await startTestServer({ contactRateLimit: 1 });
    try {
      const from = fromEach(direct);
      expect((await from("203.0.113.7")).status).toBe(201);
      expect((await from("203.0.113.8")).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("GET /api/enquiries", () => {
  it("is for administrators only", async () => {
    expect((await server.client().request("GET", "/api/enquiries")).status).toBe(401);
    expect((await (await server.signIn("amaka@bellofashion.test")).request("GET", "/api/enquiries")).status).toBe(403);
    const admin = await server.signIn("admin@lagosstudio.test");
    const response = await admin.request("GET", "/api/enquiries?limit=1");
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(1);
  });
});
