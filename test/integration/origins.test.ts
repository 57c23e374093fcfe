import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed";
import { loadConfig } from "../../server/config";
import { UNUSUAL_ADDRESS } from "../../server/http/usual-path";
import { openLive } from "../support/live";
import { rawRequest } from "../support/raw-http";
import { activeProjectId, type Client, startTestServer, type TestServer } from "../support/server";

/**
 * Which pages may sign in, write and open the live channel: APP_URL's origin,
 * and outside production its other loopback spellings, since the server
 * prints and listens on one while people open the other (issue #9).
 */
let server: TestServer;
let signedIn: Client;
let twin: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  // The test server's APP_URL is http://127.0.0.1:PORT; people may open http://localhost:PORT.
  twin = server.url.replace("127.0.0.1", "localhost");
  signedIn = await server.signIn("chinedu@ezefoods.test");
  projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
});
afterAll(async () => {
  await server?.close();
});

describe("the origins a page may call from", () => {
  it("outside production, accepts every loopback spelling of a loopback APP_URL", () => {
    const config = loadConfig({
      NODE_ENV: "development",
      APP_URL: "http://localhost:3000",
      AUTH_SECRET: "x".repeat(32),
    });
    expect(config.origins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });

  it("in production, and for any non-loopback APP_URL, accepts APP_URL's origin only", () => {
    const production = loadConfig({
      NODE_ENV: "production",
      APP_URL: "http://localhost:3000",
      AUTH_SECRET: "x".repeat(32),
    });
    expect(production.origins).toEqual(["http://localhost:3000"]);
    const hosted = loadConfig({ APP_URL: "https://studio.example.ng/", AUTH_SECRET: "x".repeat(32) });
    expect(hosted.origins).toEqual(["https://studio.example.ng"]);
  });

  it("signs in from the other loopback spelling of APP_URL", async () => {
    const client = server.client();
    const response = await client.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: "chinedu@ezefoods.test", password: DEMO_PASSWORD },
      { origin: twin },
    );
    expect(response.status).toBe(200);
    expect((await client.request("GET", "/api/me")).json.email).toBe("chinedu@ezefoods.test");
  });

  it("refuses sign-in from another site", async () => {
    const response = await server
      .client()
      .request(
        "POST",
        "/api/auth/sign-in/email",
        { email: "chinedu@ezefoods.test", password: DEMO_PASSWORD },
        { origin: "https://evil.example" },
      );
    expect(response.status).toBe(403);
  });

  it("opens the live channel from the other loopback spelling", async () => {
    const socket = await openLive(server.url, signedIn, { origin: twin });
    if ("rejected" in socket) throw new Error(`live channel refused: ${socket.status}`);
    try {
      expect((await socket.subscribe(["projects", projectId, "messages"])).type).toBe("subscribed");
    } finally {
      socket.close();
    }
  });

  it("refuses an API write from another site, in the API's error shape", async () => {
    const refused = await signedIn.request(
      "POST",
      `/api/projects/${projectId}/messages`,
      { message: "from a forged form" },
      { origin: "https://evil.example" },
    );
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("forbidden");
    const twinWrite = await signedIn.request(
      "POST",
      `/api/projects/${projectId}/messages`,
      { message: "from the other spelling" },
      { origin: twin },
    );
    expect(twinWrite.status).toBe(201);
  });

  it("refuses a write a browser marks cross-site even without Origin; API clients without either pass", async () => {
    const crossSite = await signedIn.request(
      "PATCH",
      "/api/me",
      { companyName: "Forged" },
      { origin: null, headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(crossSite.status).toBe(403);
    const tool = await signedIn.request("PATCH", "/api/me", { companyName: "Eze Foods" }, { origin: null });
    expect(tool.status).toBe(200);
  });
});

describe("a path written to look like another", () => {
  it("refuses an escaped letter, which the router would decode past the origin check and the write limit", async () => {
    const refused = await signedIn.request(
      "POST",
      `/%61pi/projects/${projectId}/messages`,
      { message: "from a forged form, its path escaped" },
      { origin: "https://evil.example" },
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(UNUSUAL_ADDRESS);
    const thread = await signedIn.request("GET", `/api/projects/${projectId}/messages`);
    expect(thread.text).not.toContain("its path escaped");
  });

  it("refuses a dot segment, which took the auth bridge to an endpoint it does not list", async () => {
    for (const path of ["/api/auth/reset-password/../list-sessions", "/api/auth/reset-password/%2e%2e/list-sessions"]) {
      const refused = await rawRequest(server.url, { method: "GET", path });
      expect(refused.status, path).toBe(400);
      expect(JSON.parse(refused.body).error.message, path).toBe(UNUSUAL_ADDRESS);
    }
  });

  it("keeps the escapes a path needs: an unknown page with a space is still a 404", async () => {
    for (const path of ["/no%20such%20page", "/api/no%20such%20route"]) {
      expect((await rawRequest(server.url, { method: "GET", path })).status, path).toBe(404);
    }
  });
});
