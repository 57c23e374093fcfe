import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_POLICY_MESSAGE } from "../../common/domain";
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from "../../common/password";
import { DEMO_PASSWORD } from "../../seed/accounts";
import { betterAuthStores } from "../../server/auth/async-context";
import { DEVICE_COOKIE } from "../../server/auth/device";
import { TOO_MANY_PASSWORD_CHANGES, TOO_MANY_SIGN_INS } from "../../server/auth/plugin";
import { accounts, sessions, users } from "../../server/db/schema";
import { rawRequest } from "../support/raw-http";
import { type Client, outbox, sleep, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const STRONG = "Str0ng!pass";
let counter = 0;
const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.test`;

async function userRow(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function signUp(email: string, password = STRONG) {
  const anonymous = server.client();
  const response = await anonymous.request("POST", "/api/auth/sign-up/email", {
    fullName: "Ife Adebayo",
    email,
    password,
    companyName: "Adebayo Prints",
  });
  return { anonymous, response };
}

/** Opens the newest verification or reset link mailed to `email` the way a browser would, with redirects left to us. */
async function openMailedLink(email: string, browser: Client = server.client()) {
  const mail = (await outbox(server.db, email)).find((entry) => entry.link?.startsWith(`${server.url}/api/auth/`));
  if (!mail?.link) throw new Error(`no mail with a link for ${email}`);
  const response = await browser.request("GET", mail.link.slice(server.url.length));
  return { mail, response, browser };
}

/** Signs up and verifies a fresh account in one browser, which the link signs in; returns it. */
async function verifiedUser(label: string) {
  const email = newEmail(label);
  const { anonymous, response: signedUp } = await signUp(email);
  expect(signedUp.status).toBe(200);
  const { browser, response } = await openMailedLink(email, anonymous);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/portal");
  return { email, browser };
}

function expectErrorShape(json: unknown) {
  expect(json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
}

describe("sign-up", () => {
  it("creates a client and mails a verification link that lands on /portal", async () => {
    const email = newEmail("signup");
    const { response } = await signUp(email);
    expect(response.status).toBe(200);
    expect(response.json.token).toBeUndefined();

    const row = await userRow(email);
    expect(row).toMatchObject({ role: "client", emailVerified: false, fullName: "Ife Adebayo" });
    expect(row?.companyName).toBe("Adebayo Prints");

    const mails = await outbox(server.db, email);
    expect(mails).toHaveLength(1);
    const link = mails[0]?.link ?? "";
    expect(link.startsWith(`${server.url}/api/auth/verify-email?`)).toBe(true);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/portal");
    expect(link).toMatch(/callbackURL=(%2F|\/)portal/);
    // The name typed at sign-up is not put before the address's owner, who may not be who typed it.
    expect(mails[0]?.text).toMatch(/^Hello,\n/);
    expect(mails[0]?.text).not.toContain("Ife Adebayo");
  });

  it.each([
    ["role", { role: "admin" }],
    ["emailVerified", { emailVerified: true }],
    ["isAdmin", { isAdmin: true }],
    ["name", { name: "Sneaky" }],
    ["callbackURL", { callbackURL: "https://evil.example/" }],
  ])("rejects %s with 400 naming the field and creates no user", async (field, extra) => {
    const email = newEmail("extra");
    const response = await server
      .client()
      .request("POST", "/api/auth/sign-up/email", { fullName: "Eve", email, password: STRONG, ...extra });
    expect(response.status).toBe(400);
    expectErrorShape(response.json);
    expect(Object.keys(response.json.error.fields)).toContain(field);
    expect(response.json.error.message).toContain(field);
    expect(await userRow(email)).toBeUndefined();
    expect(await outbox(server.db, email)).toHaveLength(0);
  });

  it.each([
    ["without a symbol", "Password123"],
    ["without a digit", "Password!!"],
    ["of 7 characters", "Pa5s!wo"],
    ["without a letter", "12345678!"],
  ])("rejects a password %s with the policy message", async (_label, password) => {
    const email = newEmail("weak");
    const { response } = await signUp(email, password);
    expect(response.status).toBe(400);
    expect(response.json.error.fields.password).toBe(PASSWORD_POLICY_MESSAGE);
    expect(response.json.error.message).toContain(PASSWORD_POLICY_MESSAGE);
    expect(await userRow(email)).toBeUndefined();
  });

  it("stores a company left blank as none, as a profile's save does", async () => {
    const email = newEmail("blank-company");
    const response = await server.client().request("POST", "/api/auth/sign-up/email", {
      fullName: "Ife Adebayo",
      email,
      password: STRONG,
      companyName: "  ",
    });
    expect(response.status).toBe(200);
    expect((await userRow(email))?.companyName).toBeNull();
  });

  it("rejects missing fields and a malformed e-mail with the fields named", async () => {
    const response = await server
      .client()
      .request("POST", "/api/auth/sign-up/email", { email: "not-an-email", password: STRONG });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty("email");
    expect(response.json.error.fields).toHaveProperty("fullName");
  });

  it("answers a second sign-up for a taken address like a fresh one, without touching the account", async () => {
    const email = newEmail("dup");
    expect((await signUp(email)).response.status).toBe(200);
    // The same answer as a new address, so sign-up cannot be used to find out who has an account.
    const again = await signUp(email.toUpperCase(), "Att4cker!pass");
    expect(again.response.status).toBe(200);
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // The owner is told by mail that the address has an account (no verification link: nothing was made).
    const mails = await outbox(server.db, email);
    expect(mails).toHaveLength(2);
    const told = mails.find((mail) => mail.subject === "You already have a Lagos Studio Client Portal account");
    expect(told?.link).toBe(`${server.url}/auth?view=forgot`);
    expect(told?.text).toMatch(/^Hello,\n/);
    await openMailedLink(email);
    const attacker = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email, password: "Att4cker!pass" });
    expect(attacker.status).toBe(401);
  });

  it("mails a deactivated account nothing about a sign-up with its address", async () => {
    const email = newEmail("dup-deactivated");
    expect((await signUp(email)).response.status).toBe(200);
    await server.db.update(users).set({ archivedAt: new Date() }).where(eq(users.email, email));
    expect((await signUp(email)).response.status).toBe(200);
    expect(await outbox(server.db, email)).toHaveLength(1);
  });
});

describe("e-mail verification", () => {
  it("refuses sign-in before verification with email_not_verified, then verifies through the mailed link", async () => {
    const email = newEmail("verify");
    const { anonymous, response: signedUp } = await signUp(email);
    expect(signedUp.status).toBe(200);

    const browser = server.client();
    const early = await browser.request("POST", "/api/auth/sign-in/email", { email, password: STRONG });
    expect(early.status).toBe(403);
    expect(early.json.error.code).toBe("email_not_verified");
    expect(early.json.error.message).toMatch(/not verified/i);
    expect(early.json.error.message).toMatch(/verification e-mail/i);
    expect(browser.cookieHeader()).toBe("");

    const resend = await server.client().request("POST", "/api/auth/send-verification-email", { email });
    expect(resend.status).toBe(200);
    expect(await outbox(server.db, email)).toHaveLength(2);

    // Opened in the browser that signed up (the link made by the resend, too).
    const { response } = await openMailedLink(email, anonymous);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/portal");
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("ls.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    const me = await anonymous.request("GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email, role: "client", emailVerified: true, fullName: "Ife Adebayo" });
    expect((await userRow(email))?.emailVerified).toBe(true);
  });

  it("verifies the address from a link opened in another browser but signs nobody in there: a stranger may have chosen the password", async () => {
    const email = newEmail("elsewhere");
    expect((await signUp(email)).response.status).toBe(200);

    const owner = server.client();
    const { response } = await openMailedLink(email, owner);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?verified=1");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(owner.cookieHeader()).toBe("");
    const user = await userRow(email);
    expect(user?.emailVerified).toBe(true);
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? "")),
    ).toEqual([]);
    expect((await owner.request("GET", "/api/me")).status).toBe(401);

    // Whoever knows the password signs in; the owner, who does not, resets it (revoking every session).
    const signIn = await owner.request("POST", "/api/auth/sign-in/email", { email, password: STRONG });
    expect(signIn.status).toBe(200);
  });

  it("gives the browser that signs up a device cookie, and none to a sign-up with an address already taken", async () => {
    const device = (response: { headers: Headers }) =>
      response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    const email = newEmail("device");
    const { response } = await signUp(email);
    expect(device(response)).toMatch(/;\s*HttpOnly/i);

    // better-auth answers a taken address as a new one (200, a made-up account): no cookie for the real one.
    const again = await signUp(email, "An0ther!pass");
    expect(again.response.status).toBe(200);
    expect(device(again.response)).toBeUndefined();
    const taken = await signUp("chinedu@ezefoods.test");
    expect(taken.response.status).toBe(200);
    expect(device(taken.response)).toBeUndefined();
  });

  it("rejects a tampered verification token", async () => {
    const response = await server.client().request("GET", "/api/auth/verify-email?token=not-a-real-token");
    expect(response.status).not.toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("ls.session_token="));
    expect(cookie).toBeUndefined();
  });

  it("sends a bad link to the sign-in page's 'link failed' view, not to the portal", async () => {
    const response = await server
      .client()
      .request("GET", "/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fportal", undefined, {
        redirect: "manual",
      });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?view=verify&error=INVALID_TOKEN");
  });

  it("says an expired link has expired", async () => {
    const email = newEmail("expired");
    expect((await signUp(email)).response.status).toBe(200);
    const token = await createEmailVerificationToken(server.config.authSecret, email, undefined, -60);
    const response = await server
      .client()
      .request("GET", `/api/auth/verify-email?token=${token}&callbackURL=%2Fportal`, undefined, { redirect: "manual" });
    expect(response.headers.get("location")).toBe("/auth?view=verify&error=TOKEN_EXPIRED");
    expect((await userRow(email))?.emailVerified).toBe(false);
  });

  it("sends a link opened again, signed out, to the 'link failed' view; the person who verified it still reaches the portal", async () => {
    const { email, browser } = await verifiedUser("reused");
    const again = await openMailedLink(email);
    expect(again.response.headers.get("location")).toBe("/auth?view=verify&error=ALREADY_USED");
    const signedIn = await openMailedLink(email, browser);
    expect(signedIn.response.headers.get("location")).toBe("/portal");
  });
});

describe("sign-in and sign-out", () => {
  it("signs in without exposing the token, and sign-out ends the session on the server", async () => {
    const browser = server.client();
    const signIn = await browser.request("POST", "/api/auth/sign-in/email", {
      email: "chinedu@ezefoods.test",
      password: "Demo@2026!",
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json).not.toHaveProperty("token");
    expect(signIn.text).not.toMatch(/"token"/);
    expect(signIn.json.user.email).toBe("chinedu@ezefoods.test");

    const stolen = browser.cookieHeader();
    expect((await browser.request("GET", "/api/me")).status).toBe(200);

    const out = await browser.request("POST", "/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect((await browser.request("GET", "/api/me")).status).toBe(401);

    // Replaying the old cookie must not work: the session is gone server-side, not just in the browser.
    const replay = server.client();
    replay.setCookieHeader(stolen);
    const me = await replay.request("GET", "/api/me");
    expect(me.status).toBe(401);
    expect(me.json.error.code).toBe("unauthorized");
  });

  it("answers a wrong password with 401 in the error shape", async () => {
    const response = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email: "chinedu@ezefoods.test", password: "Wrong@2026!" });
    expect(response.status).toBe(401);
    expect(response.json.error.message).toBe("Invalid e-mail or password.");
  });

  it("refuses a sign-in from a foreign origin", async () => {
    const response = await server
      .client()
      .request(
        "POST",
        "/api/auth/sign-in/email",
        { email: "chinedu@ezefoods.test", password: "Demo@2026!" },
        { origin: "https://evil.example" },
      );
    expect(response.status).toBe(403);
    expectErrorShape(response.json);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("answers 404 for auth endpoints the product does not use", async () => {
    for (const [method, path] of [
      ["POST", "/api/auth/sign-in/social"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/delete-user"],
      ["GET", "/api/auth/list-sessions"],
      ["GET", "/api/auth/sign-out"],
      ["GET", "/api/auth/nonexistent"],
    ] as const) {
      const response = await server.client().request(method, path, method === "POST" ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.error.code).toBe("not_found");
    }
  });
});

describe("change password", () => {
  it("requires the current password and the policy, then signs in with the new one only", async () => {
    const { email, browser } = await verifiedUser("change");

    const wrong = await browser.request("POST", "/api/auth/change-password", {
      currentPassword: "Wrong!pass1",
      newPassword: "N3w!password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe("Your current password is not correct.");
    // Named as the field it is about: the form shows it under Current Password.
    expect(wrong.json.error.fields).toEqual({ currentPassword: "Your current password is not correct." });

    const weak = await browser.request("POST", "/api/auth/change-password", {
      currentPassword: STRONG,
      newPassword: "weakpassword",
    });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields.newPassword).toBe(PASSWORD_POLICY_MESSAGE);

    const ok = await browser.request("POST", "/api/auth/change-password", {
      currentPassword: STRONG,
      newPassword: "N3w!password",
    });
    expect(ok.status).toBe(200);
    expect(ok.json).not.toHaveProperty("token");

    const signInOld = await server.client().request("POST", "/api/auth/sign-in/email", { email, password: STRONG });
    expect(signInOld.status).toBe(401);
    const signInNew = await server
      .client()
      .request("POST", "/api/auth/sign-in/email", { email, password: "N3w!password" });
    expect(signInNew.status).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const response = await server
      .client()
      .request("POST", "/api/auth/change-password", { currentPassword: STRONG, newPassword: "N3w!password" });
    expect(response.status).toBe(401);
    expectErrorShape(response.json);
  });
});

describe("password reset by mail", () => {
  it("mails a link that lands on the reset page, and the token sets a new password", async () => {
    const { email, browser } = await verifiedUser("reset");

    const request = await server.client().request("POST", "/api/auth/request-password-reset", { email });
    expect(request.status).toBe(200);
    const [mail] = await outbox(server.db, email);
    expect(mail?.subject).toMatch(/reset/i);
    expect(mail?.link?.startsWith(`${server.url}/api/auth/reset-password/`)).toBe(true);

    const { response } = await openMailedLink(email);
    expect(response.status).toBe(302);
    const landing = new URL(response.headers.get("location") ?? "", server.url);
    expect(landing.origin).toBe(server.url);
    expect(landing.pathname).toBe("/auth");
    expect(landing.searchParams.get("view")).toBe("reset");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const weak = await server.client().request("POST", "/api/auth/reset-password", { token, newPassword: "password1" });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields.newPassword).toBe(PASSWORD_POLICY_MESSAGE);

    const reset = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token, newPassword: "R3set!password" });
    expect(reset.status).toBe(200);

    // The token is single use.
    const again = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token, newPassword: "An0ther!password" });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe("invalid_token");

    expect((await server.client().request("POST", "/api/auth/sign-in/email", { email, password: STRONG })).status).toBe(
      401,
    );
    expect(
      (await server.client().request("POST", "/api/auth/sign-in/email", { email, password: "R3set!password" })).status,
    ).toBe(200);
    // Sessions opened before the reset are revoked.
    expect((await browser.request("GET", "/api/me")).status).toBe(401);
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const email = newEmail("nobody");
    const response = await server.client().request("POST", "/api/auth/request-password-reset", { email });
    expect(response.status).toBe(200);
    expect(await outbox(server.db, email)).toHaveLength(0);
  });
});

describe("rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ authRateLimit: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 in the error shape on the 4th sign-in attempt for the same address", async () => {
    const attempt = (email: string) =>
      limited.client().request("POST", "/api/auth/sign-in/email", { email, password: "Wrong@2026!" });
    for (let i = 0; i < 3; i++) expect((await attempt("amaka@bellofashion.test")).status).toBe(401);
    const fourth = await attempt("amaka@bellofashion.test");
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe("rate_limited");
    expect(fourth.json.error.message).toEqual(expect.any(String));
    // Even the right password is refused while limited.
    const right = await limited
      .client()
      .request("POST", "/api/auth/sign-in/email", { email: "amaka@bellofashion.test", password: "Demo@2026!" });
    expect(right.status).toBe(429);
    // Another address is not affected.
    expect((await attempt("kunle@adeyemilogistics.test")).status).toBe(401);
  });
});

describe("authentication gaps an outside probe found", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ authRateLimit: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("limits sign-ins from one IP across many accounts (password spraying)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await limited
        .client()
        .request("POST", "/api/auth/sign-in/email", { email: `spray${i}@example.test`, password: "Wrong@2026!" });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
  });

  it("limits sign-ins to one account, whichever IP asks", async () => {
    // Each attempt from an address of its own (127.0.0.2, .3, …: the loopback network), so no per-address limit applies.
    const signIn = (email: string, localAddress: string) =>
      rawRequest(limited.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        json: { email, password: "Wrong@2026!" },
        headers: { origin: limited.url },
        localAddress,
      });
    const attempt = (n: number) => signIn("ngozi@lagosstudio.test", `127.0.0.${n + 2}`);
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await attempt(n)).status);
    // authRateLimit 3: nine a quarter of an hour.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    expect(JSON.parse((await attempt(20)).body).error.message).toContain(TOO_MANY_SIGN_INS);
    // Another account is not affected.
    expect((await signIn("kunle@adeyemilogistics.test", "127.0.0.40")).status).toBe(401);
  });

  it("limits the mails sign-ups send to one address, whichever IP asks (a taken address is mailed too)", async () => {
    const email = "tunde@lagosstudio.test";
    const signUpFrom = (n: number) =>
      rawRequest(limited.url, {
        method: "POST",
        path: "/api/auth/sign-up/email",
        json: { fullName: "Someone Else", email, password: STRONG },
        headers: { origin: limited.url },
        localAddress: `127.0.1.${n + 2}`,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await signUpFrom(n)).status);
    // authRateLimit 3: three an hour.
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(JSON.parse((await signUpFrom(10)).body).error.message).toContain("Too many e-mails were requested.");
    expect(await outbox(limited.db, email)).toHaveLength(3);
  });

  it("a browser that signed in to the account before is not held out by someone else's guesses", async () => {
    const email = "amaka@bellofashion.test";
    const signIn = (password: string, localAddress: string, cookie?: string) =>
      rawRequest(limited.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        json: { email, password },
        headers: { origin: limited.url, ...(cookie && { cookie }) },
        localAddress,
      });
    const owner = await signIn(DEMO_PASSWORD, "127.0.0.60");
    expect(owner.status).toBe(200);
    const device = owner.setCookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))?.split(";")[0];
    expect(device).toBeDefined();
    // Someone else fills the account's bucket from addresses of their own.
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await signIn("Wrong@2026!", `127.0.0.${n + 70}`)).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // The owner's browser signs in all the same; the same cookie's signature on another nonce does not.
    expect((await signIn(DEMO_PASSWORD, "127.0.0.61", device)).status).toBe(200);
    const forged = device?.replace(/=[^.]+/, "=bm90LWEtZGV2aWNl");
    expect((await signIn(DEMO_PASSWORD, "127.0.0.62", forged)).status).toBe(429);
    expect((await signIn(DEMO_PASSWORD, "127.0.0.63")).status).toBe(429);
    // A new password ends the account's device cookies: that browser shares the account's bucket again.
    const ownerRow = await limited.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = ownerRow[0]?.id as string;
    const [credential] = await limited.db.select().from(accounts).where(eq(accounts.userId, userId));
    await limited.db
      .update(accounts)
      .set({ password: `${credential?.password}x` })
      .where(eq(accounts.userId, userId));
    try {
      expect((await signIn(DEMO_PASSWORD, "127.0.0.64", device)).status).toBe(429);
    } finally {
      await limited.db.update(accounts).set({ password: credential?.password }).where(eq(accounts.userId, userId));
    }
    expect((await signIn(DEMO_PASSWORD, "127.0.0.65", device)).status).toBe(200);
  });

  it("limits guesses at one person's current password, whichever session they come from", async () => {
    // A server of its own: this file's sign-ins from one address have used up that address's minute.
    const own = await startTestServer({ authRateLimit: 3 });
    try {
      const [first, second] = await Promise.all([
        own.signIn("amaka@bellofashion.test"),
        own.signIn("amaka@bellofashion.test"),
      ]);
      const guess = (from: Client) =>
        from.request("POST", "/api/auth/change-password", {
          currentPassword: "Wrong!pass1",
          newPassword: "N3w!password",
        });
      // authRateLimit 3 a minute: each session's own limit is 3 too, so the person's is what stops the fourth.
      expect([(await guess(first)).status, (await guess(first)).status, (await guess(second)).status]).toEqual([
        400, 400, 400,
      ]);
      const fourth = await guess(second);
      expect(fourth.status).toBe(429);
      expect(fourth.json.error.message).toContain(TOO_MANY_PASSWORD_CHANGES);
    } finally {
      await own.close();
    }
  });

  it("limits mails to one address, whichever IP asks", async () => {
    const ask = () =>
      limited.client().request("POST", "/api/auth/request-password-reset", { email: "kunle@adeyemilogistics.test" });
    // The per address-and-IP limit is 3 a minute too, so this is the 4th ask that the target limit stops…
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses common passwords and ones built from the person's e-mail or name", async () => {
    const signUp = (password: string) =>
      server
        .client()
        .request("POST", "/api/auth/sign-up/email", { fullName: "Tobi Ade", email: "tobi.ade@example.test", password });
    const common = await signUp("P@ssw0rd2026!");
    expect(common.status).toBe(400);
    expect(common.json.error.fields).toEqual({ password: COMMON_PASSWORD_MESSAGE });
    const personal = await signUp("Tobi#Ade2026");
    expect(personal.status).toBe(400);
    expect(personal.json.error.fields).toEqual({ password: PERSONAL_PASSWORD_MESSAGE });
  });

  it("get-session never hands the session token to page scripts", async () => {
    const client = await server.signIn("kunle@adeyemilogistics.test");
    const response = await client.request("GET", "/api/auth/get-session");
    expect(response.status).toBe(200);
    expect(response.json.user.email).toBe("kunle@adeyemilogistics.test");
    expect(response.text).not.toMatch(/"token"/);
  });

  it("a password change through the API ends the other sessions even when not asked to", async () => {
    const { email } = await verifiedUser("changer");
    const here = await server.signIn(email, STRONG);
    const elsewhere = await server.signIn(email, STRONG);
    const changed = await here.request("POST", "/api/auth/change-password", {
      currentPassword: STRONG,
      newPassword: "Violet!Harbour77",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await elsewhere.request("GET", "/api/me")).status).toBe(401);
  });

  it("a password change ends the reset links mailed before it: one kept from then sets nothing", async () => {
    const { email } = await verifiedUser("relinked");
    expect((await server.client().request("POST", "/api/auth/request-password-reset", { email })).status).toBe(200);
    const { response } = await openMailedLink(email);
    const token = new URL(response.headers.get("location") ?? "", server.url).searchParams.get("token");
    expect(token).toBeTruthy();
    const here = await server.signIn(email, STRONG);
    const changed = await here.request("POST", "/api/auth/change-password", {
      currentPassword: STRONG,
      newPassword: "Violet!Harbour78",
    });
    expect(changed.status).toBe(200);
    const kept = await server
      .client()
      .request("POST", "/api/auth/reset-password", { token, newPassword: "Thief!Takes0ver" });
    expect(kept.status).toBe(400);
    expect(kept.json.error.code).toBe("invalid_token");
    expect(
      (await server.client().request("POST", "/api/auth/sign-in/email", { email, password: "Violet!Harbour78" }))
        .status,
    ).toBe(200);
  });
});

describe("better-auth's request context", () => {
  it("is idle between calls into better-auth, so no other request's promises pay for it", async () => {
    const client = await server.signIn("chinedu@ezefoods.test"); // better-auth's handler
    expect((await client.request("GET", "/api/me")).status).toBe(200); // getSession: the cookie is not cached yet
    await sleep(20);
    const stores = betterAuthStores();
    expect(stores.length).toBeGreaterThan(0);
    // Node 20's AsyncLocalStorage says whether its async hook is on; an enabled store taxes every promise.
    expect(stores.map((store) => (store as unknown as { enabled?: boolean }).enabled === true)).not.toContain(true);
    // The next call enables them again and works as before.
    expect(
      (
        await server
          .client()
          .request("POST", "/api/auth/sign-in/email", { email: "chinedu@ezefoods.test", password: "wrong-password-1" })
      ).status,
    ).toBe(401);
  });
});
