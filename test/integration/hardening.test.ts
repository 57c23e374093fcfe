import { connect } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS, DATE_OUT_OF_RANGE, INCOMPLETE_CHARACTERS, ONE_LINE } from "../../common/messages";
import { MESSAGE_EMPTY } from "../../common/schemas";
import { DEMO_PASSWORD } from "../../seed";
import { createAuth } from "../../server/auth";
import { openLive } from "../support/live";
import { activeProjectId, type Client, sleep, startTestServer, type TestServer, userIdOf } from "../support/server";

/** Hardening: text the database cannot store, security headers, error logs without people's data. */
let server: TestServer;
let client: Client;
let projectId: string;

/** What the server logs at "error" (the log every test here writes to). */
const errorLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      errorLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ logLevel: "error" }, { logStream });
  client = await server.signIn("chinedu@ezefoods.test");
  projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
});
afterAll(async () => {
  await server?.close();
});

describe("text the database cannot store", () => {
  it.each([
    ["a NUL", "Ada\u0000Obi"],
    ["a bell", "Ada\u0007Obi"],
    ["an escape", "Ada\u001bObi"],
    ["a DEL", "Ada\u007fObi"],
  ])("a profile name with %s is refused with a 400 under its field", async (_label, fullName) => {
    const response = await client.request("PATCH", "/api/me", { fullName });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ fullName: CONTROL_CHARACTERS });
  });

  it("half of a character (a lone surrogate) is refused with a 400 under its field; a whole emoji is text", async () => {
    const admin = await server.signIn("admin@lagosstudio.test");
    // An administrator's change is audited as jsonb, which refuses a lone surrogate: this was a 500.
    for (const title of ["Fix \ud800", "Fix \udc00 now", "Cut emoji \ud83d"]) {
      const refused = await admin.request("POST", "/api/admin/tasks", { title });
      expect(refused.status, title).toBe(400);
      expect(refused.json.error.fields).toEqual({ title: INCOMPLETE_CHARACTERS });
    }
    const profile = await client.request("PATCH", "/api/me", { fullName: "Chinedu \udfff" });
    expect(profile.json.error.fields).toEqual({ fullName: INCOMPLETE_CHARACTERS });
    const created = await admin.request("POST", "/api/admin/tasks", { title: "Ship it \ud83d\ude80" });
    expect(created.status).toBe(201);
    expect(created.json.title).toBe("Ship it \u{1F680}");
  });

  it("a line break in a name or a title is refused under its field; descriptions and messages keep theirs", async () => {
    const admin = await server.signIn("admin@lagosstudio.test");
    const enquiry = { firstName: "Bisi", lastName: "Ade", email: "bisi@example.test", message: "Hi" };
    const service = {
      title: "S",
      price: "10.00",
      description: "",
      estimatedDuration: "",
      features: "",
      allowMilestones: false,
      status: "active",
    };
    const plan = {
      name: "P",
      category: "social",
      price: "10.00",
      period: "month",
      description: "",
      features: "",
      isPopular: false,
      badge: "",
    };
    const refusals = [
      [client, "PATCH", "/api/me", { fullName: "Ada\nObi" }, "fullName"],
      [client, "PATCH", "/api/me", { fullName: "Ada Obi", companyName: "Obi\r\nLtd" }, "companyName"],
      [admin, "POST", "/api/admin/tasks", { title: "Line\u2028break" }, "title"],
      [server.client(), "POST", "/api/enquiries", { ...enquiry, lastName: "Ade\nBcc: x@example.test" }, "lastName"],
      [admin, "POST", "/api/admin/services", { ...service, estimatedDuration: "2\nweeks" }, "estimatedDuration"],
      [admin, "POST", "/api/admin/plans", { ...plan, badge: "Best\nValue" }, "badge"],
    ] as const;
    for (const [who, method, path, body, field] of refusals) {
      const response = await who.request(method, path, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(response.json.error.fields).toEqual({ [field]: ONE_LINE });
    }
    const task = await admin.request("POST", "/api/admin/tasks", { title: "Two lines", description: "one\ntwo" });
    expect(task.status).toBe(201);
    expect(task.json.description).toBe("one\ntwo");
  });

  it("a message with a NUL is refused, and newlines and tabs are ordinary text", async () => {
    const refused = await client.request("POST", `/api/projects/${projectId}/messages`, { message: "hi\u0000there" });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({ message: CONTROL_CHARACTERS });
    const sent = await client.request("POST", `/api/projects/${projectId}/messages`, {
      message: "line one\n\tline two",
    });
    expect(sent.status).toBe(201);
    expect(sent.json.message).toBe("line one\n\tline two");
  });

  it("a message of only zero-width characters counts as empty", async () => {
    const response = await client.request("POST", `/api/projects/${projectId}/messages`, {
      message: "\u200b\u200b \ufeff\u2060",
    });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toBe(MESSAGE_EMPTY);
  });

  it("an enquiry and a reset token with a NUL are refused with a 400, not a 500", async () => {
    const enquiry = await server.client().request("POST", "/api/enquiries", {
      firstName: "Bisi",
      lastName: "Ade",
      email: "bisi@example.test",
      message: "Hello\u0000",
    });
    expect(enquiry.status).toBe(400);
    expect(enquiry.json.error.fields).toEqual({ message: CONTROL_CHARACTERS });
    const reset = await server
      .client()
      .request("POST", "/api/auth/reset-password", { newPassword: "Str0ng!pass", token: "abc\u0000" });
    expect(reset.status).toBe(400);
    expect(reset.json.error.fields).toEqual({ token: CONTROL_CHARACTERS });
  });

  it("a failed query's log entry carries neither its parameters nor its message's text, logged by the server or by better-auth", async () => {
    const secret = "a-person's-private-text";
    const error = await server.db.execute(sql`select ${secret}::int`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    server.app.server.log.error({ err: error }, "probe from the server");
    // better-auth's own logger, as a session read that fails calls it (its query's parameters hold the token).
    const auth = createAuth({
      config: server.config,
      db: server.db,
      mailer: server.app.mailer,
      sessions: server.app.sessions,
      trustedOrigins: [],
      log: server.app.server.log,
    });
    (await auth.$context).logger.error("INTERNAL_SERVER_ERROR", error);
    const probe = errorLines.find((line) => line.includes("probe from the server"));
    const fromAuth = errorLines.find((line) => line.includes("better-auth: INTERNAL_SERVER_ERROR"));
    for (const line of [probe, fromAuth]) {
      expect(line).toBeDefined();
      expect(line).not.toContain(secret);
      expect(line).toContain("database query failed");
    }
    // A thrown value that is not an Error keeps its message (the file store's logs once gave one so).
    server.app.server.log.error({ err: { message: "the store said no" } }, "probe of a plain value");
    expect(errorLines.find((line) => line.includes("probe of a plain value"))).toContain("the store said no");
  });
});

describe("dates outside the years the product keeps", () => {
  it("every date a person enters or filters by is refused with a 400 under its field, not a 500; the edges pass", async () => {
    const admin = await server.signIn("admin@lagosstudio.test");
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const project = { title: "Dated", description: "", clientId, developerIds: [], status: "active", progress: 0 };
    const writes = (day: string) =>
      [
        [admin, "POST", "/api/admin/tasks", { title: "Dated", dueDate: day }, "dueDate"],
        [
          client,
          "POST",
          `/api/projects/${projectId}/milestones`,
          { title: "M", description: "", amount: "1.00", dueDate: day },
          "dueDate",
        ],
        [admin, "POST", "/api/admin/invoices", { clientId, projectId, amount: "1.00", dueDate: day }, "dueDate"],
        [admin, "POST", "/api/admin/projects", { ...project, startDate: day, endDate: null }, "startDate"],
        [admin, "POST", "/api/admin/projects", { ...project, startDate: null, endDate: day }, "endDate"],
      ] as const;
    // PostgreSQL has no year 0: "0000-01-01" was a 500 on each of these.
    for (const day of ["0000-01-01", "1899-12-31", "3000-01-01", "9999-12-31"]) {
      for (const [who, method, path, body, field] of writes(day)) {
        const response = await who.request(method, path, body);
        expect(response.status, `${path} ${field} ${day}`).toBe(400);
        expect(response.json.error.fields).toEqual({ [field]: DATE_OUT_OF_RANGE });
      }
      const filtered = await admin.request("GET", `/api/admin/audit?from=${day}`);
      expect(filtered.status, `audit from ${day}`).toBe(400);
    }
    for (const day of ["1900-01-01", "2999-12-31"]) {
      for (const [who, method, path, body] of writes(day)) {
        expect((await who.request(method, path, body)).status, `${path} ${day}`).toBe(201);
      }
      expect((await admin.request("GET", `/api/admin/audit?from=${day}`)).status).toBe(200);
    }
  });
});

describe("security headers", () => {
  const common = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  };

  it("every API answer carries them, and a person's data is never stored", async () => {
    const response = await client.request("GET", "/api/me");
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(common)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // No HSTS on plain http: it would pin a browser to a TLS port that does not exist.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("errors carry them too", async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("the API docs keep Swagger UI's hashed CSP, framed by no one", async () => {
    const response = await fetch(`${server.url}/api/docs/static/index.html`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("HSTS under https", () => {
  it("is sent when APP_URL is https", async () => {
    const secure = await startTestServer({ appUrl: "https://portal.lagos-studio.test" });
    try {
      const response = await fetch(`${secure.url}/api/health`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await secure.close();
    }
  });
});

describe("per-user write limit", () => {
  // A server of its own, started as setup (under the hook timeout), with a limit a test can reach.
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ writeRateLimit: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 with Retry-After past the limit, for that user only", async () => {
    const chinedu = await limited.signIn("chinedu@ezefoods.test");
    const amaka = await limited.signIn("amaka@bellofashion.test");
    const own = await activeProjectId(limited.db, "chinedu@ezefoods.test");
    const theirs = await activeProjectId(limited.db, "amaka@bellofashion.test");
    const send = (client: Client, project: string) =>
      client.request("POST", `/api/projects/${project}/messages`, { message: "hello" });
    for (let i = 0; i < 3; i++) expect((await send(chinedu, own)).status).toBe(201);
    const refused = await send(chinedu, own);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Reads are not writes, and another person is not slowed down.
    expect((await chinedu.request("GET", "/api/me")).status).toBe(200);
    expect((await send(amaka, theirs)).status).toBe(201);
  });
});

describe("every error answer has the API's shape", () => {
  it("a too-long path parameter answers in the error shape, not the router's own", async () => {
    for (const path of [`/api/projects/${"a".repeat(300)}`, `/api/projects/${"a".repeat(300)}/messages`]) {
      const response = await client.request("GET", path);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });

  it("headers too large for the HTTP server answer 431 in the error shape", async () => {
    const response = await client.request("GET", "/api/me", undefined, { headers: { "x-filler": "a".repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.json.error.code).toBe("headers_too_large");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a body nested deeper than the call stack is a 400, not a 500", async () => {
    const depth = 30_000;
    const response = await client.request("PATCH", "/api/me", `{"fullName":${"[".repeat(depth)}${"]".repeat(depth)}}`);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty("fullName");
  });

  it("an address the router cannot decode answers in the error shape, with the front end served and without", async () => {
    const withPages = await startTestServer({}, { client: true });
    try {
      for (const each of [client, withPages.client()]) {
        const response = await each.request("GET", "/api/projects/%E0%A4%A");
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          error: { code: "bad_url", message: "The address is not valid: check its %-escapes" },
        });
      }
    } finally {
      await withPages.close();
    }
  });
});

describe("connections that stall", () => {
  // Limits a test can wait for (the defaults are a minute of silence and ten minutes for a whole request).
  const IDLE_MS = 500;
  const REQUEST_MS = 1_500;
  let timed: TestServer;
  beforeAll(async () => {
    timed = await startTestServer({ httpIdleTimeoutMs: IDLE_MS, httpRequestTimeoutMs: REQUEST_MS });
  });
  afterAll(async () => {
    await timed?.close();
  });

  const head = (length: number) =>
    `POST /api/enquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  /** A raw connection that sends `head` and then `drip` every 100 ms; what came back and when the server closed it. */
  function stalledRequest(text: string, drip?: string): Promise<{ received: string; closedAfterMs: number }> {
    const { hostname, port } = new URL(timed.url);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let received = "";
      const socket = connect(Number(port), hostname, () => socket.write(text));
      const dripping = drip ? setInterval(() => socket.writable && socket.write(drip), 100) : undefined;
      socket.on("data", (data) => {
        received += data;
      });
      socket.on("error", reject);
      socket.on("close", () => {
        clearInterval(dripping);
        resolve({ received, closedAfterMs: performance.now() - started });
      });
    });
  }

  it("a request whose body never comes is closed once the connection has been silent too long", async () => {
    const { closedAfterMs } = await stalledRequest(head(100));
    expect(closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_MS);
  });

  it("a body dripped a byte at a time, never silent, is answered 408 once the request has taken too long", async () => {
    const { received, closedAfterMs } = await stalledRequest(head(10_000), " ");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('{"error":{"code":"request_timeout"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_MS * 3);
  });

  it("a live socket stays open through silences longer than the limit", async () => {
    // Signed in without a socket: answering a sign-in (its password hash) is a silence of its own,
    // which a loaded machine stretched past IDLE_MS, and the server rightly closed the connection.
    const signedIn = await timed.app.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: new URL(timed.url).origin },
      payload: { email: "chinedu@ezefoods.test", password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const chinedu = timed.client();
    chinedu.setCookieHeader(signedIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "));
    const socket = await openLive(timed.url, chinedu);
    if ("rejected" in socket) throw new Error(`live channel refused: ${socket.status}`);
    try {
      await sleep(IDLE_MS * 3);
      const projectId = await activeProjectId(timed.db, "chinedu@ezefoods.test");
      expect((await socket.subscribe(["projects", projectId, "messages"])).type).toBe("subscribed");
    } finally {
      socket.close();
    }
  });
});
