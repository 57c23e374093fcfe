import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../common/domain";
import { INVALID_EMAIL, tooLong } from "../../common/messages";
import { activeProjectId, type Client, startTestServer, type TestServer } from "../support/server";

/**
 * Validation errors are written for people: one sentence per field, under
 * the field's key, and a message without a field-name prefix or the
 * validation library's own wording.
 */
let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signIn("chinedu@ezefoods.test");
});
afterAll(async () => {
  await server?.close();
});

function expectHumanError(json: { error: { message: string; fields?: Record<string, string> } }, field: string) {
  const { message, fields } = json.error;
  expect(fields?.[field]).toBe(message);
  expect(message).not.toMatch(/^\w+: /);
  expect(message).not.toMatch(/Too big|Too small|expected|Invalid input/);
}

describe("validation messages", () => {
  it("a too-long name says how long it may be, under its field", async () => {
    const response = await client.request("PATCH", "/api/me", { fullName: "x".repeat(121) });
    expect(response.status).toBe(400);
    expectHumanError(response.json, "fullName");
    expect(response.json.error.message).toBe(tooLong(120));
    expect(response.json.error.message).toBe("Use at most 120 characters.");
  });

  it("a too-long message says so with its limit", async () => {
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const response = await client.request("POST", `/api/projects/${projectId}/messages`, {
      message: "x".repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(response.status).toBe(400);
    expectHumanError(response.json, "message");
    expect(response.json.error.message).toBe("Use at most 4,000 characters.");
  });

  it("an auth form's error has no field-name prefix", async () => {
    const response = await server.client().request("POST", "/api/auth/sign-up/email", {
      fullName: "Eve",
      email: "not-an-address",
      password: "Str0ng!pass",
    });
    expect(response.status).toBe(400);
    expectHumanError(response.json, "email");
    expect(response.json.error.message).toBe(INVALID_EMAIL);
  });

  it("a field no form sends is named, under its own key", async () => {
    const response = await client.request("PATCH", "/api/me", { role: "admin" });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ role: '"role" cannot be set.' });
  });

  it("a bad path id reads as a sentence", async () => {
    const response = await client.request("GET", "/api/projects/not-an-id");
    expect(response.status).toBe(400);
    expect(response.json.error.message).toBe("This is not a valid id.");
  });
});
