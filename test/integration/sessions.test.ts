import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../common/domain";
import { CURRENT_SESSION_KEPT, SIGNED_IN_DEVICES_LISTED } from "../../common/sessions";
import { createClientWithPassword } from "../support/clients";
import { liveSockets } from "../support/live";
import { newPerson as newPortalPerson } from "../support/portal";
import { type Client, startTestServer, type TestServer } from "../support/server";

/**
 * Settings' "Signed-in devices": GET /api/me/sessions, DELETE /api/me/sessions/:id, POST …/sign-out-others;
 * and every way a session ends, refused at once where it was ended.
 */

const PASSWORD = "Kestrel#Harbour42";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let server: TestServer;
const sockets = liveSockets(() => server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

/** A new client account, and a way to sign it in from a browser named by `userAgent`. */
async function newPerson() {
  const tag = `sd${randomUUID().slice(0, 8)}`;
  const email = `${tag}@example.test`;
  await createClientWithPassword(server.db, { fullName: `${tag} Person`, email, companyName: null }, PASSWORD);
  return async (userAgent: string): Promise<Client> => {
    const device = server.client();
    const headers = { "user-agent": userAgent };
    const response = await device.request(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: PASSWORD },
      { headers },
    );
    expect(response.status).toBe(200);
    return device;
  };
}

const listOf = async (device: Client) => {
  const response = await device.request("GET", "/api/me/sessions");
  expect(response.status).toBe(200);
  return response.json as {
    devices: { id: string; device: string; current: boolean; ipAddress: string | null }[];
    total: number;
  };
};

describe("signed-in devices", () => {
  it("lists the person's own sessions, this device first, named by browser and system, without tokens", async () => {
    const signIn = await newPerson();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const desktop = await signIn(DESKTOP);
    const other = await (await newPerson())(DESKTOP);

    const seen = await listOf(laptop);
    expect(seen.total).toBe(3);
    expect(seen.devices.map((device) => [device.device, device.current])).toEqual([
      ["Safari on macOS", true],
      ["Firefox on Windows", false],
      ["Chrome on Android", false],
    ]);
    expect(seen.devices[0]?.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(JSON.stringify(seen)).not.toMatch(/token/i);
    // Another person's sessions are not in it, and theirs do not hold these.
    expect((await listOf(other)).total).toBe(1);
    expect((await listOf(phone)).devices[0]).toMatchObject({ device: "Chrome on Android", current: true });
    expect((await listOf(desktop)).total).toBe(3);
  });

  it("ends one other device at once (REST and its live socket), refuses this one and anyone else's", async () => {
    const signIn = await newPerson();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const stranger = await (await newPerson())(DESKTOP);
    const phoneSocket = await sockets.open(phone);

    const [current, phoneRow] = (await listOf(laptop)).devices;
    if (!current || !phoneRow) throw new Error("two devices expected");

    // This device: Logout is the way out.
    const own = await laptop.request("DELETE", `/api/me/sessions/${current.id}`);
    expect(own.status).toBe(409);
    expect(own.json.error.message).toBe(CURRENT_SESSION_KEPT);
    // Someone else's session is not found for a stranger, and stays.
    const foreign = await stranger.request("DELETE", `/api/me/sessions/${phoneRow.id}`);
    expect(foreign.status).toBe(404);
    expect((await phone.request("GET", "/api/me")).status).toBe(200);
    // Nor for no one.
    expect((await server.client().request("DELETE", `/api/me/sessions/${phoneRow.id}`)).status).toBe(401);

    expect((await laptop.request("DELETE", `/api/me/sessions/${phoneRow.id}`)).status).toBe(204);
    expect((await phone.request("GET", "/api/me")).status).toBe(401);
    expect(await phoneSocket.closed).toBe(4401);
    expect((await listOf(laptop)).devices.map((device) => device.id)).toEqual([current.id]);
    // Ended already: gone.
    expect((await laptop.request("DELETE", `/api/me/sessions/${phoneRow.id}`)).status).toBe(404);
  });

  it("signs every other device out and keeps this one", async () => {
    const signIn = await newPerson();
    const devices = [await signIn(PHONE), await signIn(LAPTOP), await signIn(DESKTOP)];
    const [phone, laptop, desktop] = devices as [Client, Client, Client];
    const ended = await desktop.request("POST", "/api/me/sessions/sign-out-others");
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ ended: 2 });
    expect((await phone.request("GET", "/api/me")).status).toBe(401);
    expect((await laptop.request("GET", "/api/me")).status).toBe(401);
    expect((await listOf(desktop)).total).toBe(1);
    expect((await desktop.request("POST", "/api/me/sessions/sign-out-others")).json).toEqual({ ended: 0 });
  });

  it("lists at most SIGNED_IN_DEVICES_LISTED with the total, this device among them", async () => {
    const signIn = await newPerson();
    const first = await signIn(PHONE);
    for (let index = 0; index < SIGNED_IN_DEVICES_LISTED; index++) await signIn(DESKTOP);
    const seen = await listOf(first);
    expect(seen.total).toBe(SIGNED_IN_DEVICES_LISTED + 1);
    expect(seen.devices).toHaveLength(SIGNED_IN_DEVICES_LISTED);
    expect(seen.devices[0]).toMatchObject({ device: "Chrome on Android", current: true });
  });

  it("refuses a malformed session id with 400", async () => {
    const laptop = await (await newPerson())(LAPTOP);
    const response = await laptop.request("DELETE", "/api/me/sessions/not%20an%20id");
    expect(response.status).toBe(400);
  });
});

describe("a session ended is refused at once by the process that ended it", () => {
  /**
   * Holds the sessions trigger's news to this process while `act` runs, then delivers it: what is
   * refused meanwhile was dropped from the cache by the route itself, as it must be for the request
   * that follows its answer (the news arrives a moment later, and a CI run once lost that race).
   */
  async function withTriggerNewsHeld(act: () => Promise<void>) {
    const cache = server.app.sessions;
    const receive = cache.receive.bind(cache);
    const held: string[] = [];
    cache.receive = (message) => {
      held.push(message);
    };
    try {
      await act();
    } finally {
      cache.receive = receive;
      for (const message of held) receive(message);
    }
  }

  /**
   * A request answered from the session alone: /api/me reads the person's row as well, so it would
   * refuse someone deleted whatever the cache held.
   */
  const PROBE = "/api/projects";

  /** Someone signed in and served once, so their session is in this process's cache. */
  async function cached(role: Role) {
    const person = await newPortalPerson(server, role);
    expect((await person.client.request("GET", PROBE)).status).toBe(200);
    return person;
  }

  it("on a device ended from Settings, and on every other device signed out", async () => {
    const signIn = await newPerson();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const desktop = await signIn(DESKTOP);
    for (const device of [phone, laptop, desktop]) expect((await device.request("GET", PROBE)).status).toBe(200);
    const phoneRow = (await listOf(desktop)).devices.find((device) => device.device === "Chrome on Android");
    await withTriggerNewsHeld(async () => {
      expect((await desktop.request("DELETE", `/api/me/sessions/${phoneRow?.id}`)).status).toBe(204);
      expect((await phone.request("GET", PROBE)).status).toBe(401);
      expect((await desktop.request("POST", "/api/me/sessions/sign-out-others")).status).toBe(200);
      expect((await laptop.request("GET", PROBE)).status).toBe(401);
      expect((await desktop.request("GET", PROBE)).status).toBe(200);
    });
  });

  it("on a person an administrator removes or signs out everywhere", async () => {
    const admin = await server.signIn("admin@lagosstudio.test");
    const [client, developer, staff, signedOut] = await Promise.all([
      cached("client"),
      cached("developer"),
      cached("admin"),
      cached("client"),
    ]);
    await withTriggerNewsHeld(async () => {
      for (const [path, person] of [
        [`/api/admin/clients/${client.id}`, client],
        [`/api/admin/developers/${developer.id}`, developer],
        [`/api/admin/staff/${staff.id}`, staff],
      ] as const) {
        expect((await admin.request("DELETE", path)).status).toBe(200);
        expect((await person.client.request("GET", PROBE)).status).toBe(401);
      }
      expect((await admin.request("POST", `/api/admin/clients/${signedOut.id}/sign-out`)).json).toEqual({ ended: 1 });
      expect((await signedOut.client.request("GET", PROBE)).status).toBe(401);
    });
  });
});
