import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../seed/accounts";
import { EMAIL_VERIFIED, EMAIL_VERIFIED_SIGN_IN } from "../src/features/auth/messages";
import { SIGNED_OUT_MARK } from "../src/lib/signed-out";
import { Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  cspViolations,
  hydratePage,
  isFocused,
  newUser,
  recordCspViolations,
  type User,
  waitForPath,
} from "./support/browser";
import { setupProduct } from "./support/product";
import { SHELL_ROOT } from "./support/server";

/**
 * Journey: a new client signs up, cannot sign in before verifying, verifies
 * through the link in the mail, lands in the portal signed in, stays signed
 * in across a reload, and signs out.
 */
const product = setupProduct();
let api: Api;
let user: User;

beforeAll(async () => {
  api = new Api(product.server.url);
  user = await newUser(product.browser, product.server.url);
});

describe("sign-up, verification and sign-in", () => {
  const fullName = "Folake Adebayo";
  const email = `folake.${Date.now()}@example.test`;
  const password = "Str0ng!Passw0rd";

  it("signs up and is told to check their e-mail", async () => {
    const { page } = user;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    // The panel named by its tab: the other one may still be leaving (its exit animation).
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Full Name").fill(fullName);
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password", { exact: true }).fill(password);
    await panel.getByLabel("Confirm Password").fill(password);
    await panel.getByRole("button", { name: "Create Account" }).click();

    // A success is announced politely (status); an alert role would do as well.
    await page
      .getByRole("status")
      .or(page.getByRole("alert"))
      .filter({ hasText: /check your e-?mail/i })
      .waitFor();
    expect((await api.outbox(email)).length).toBe(1);
  });

  it("cannot sign in before verifying, and can ask for a new link", async () => {
    const { page } = user;
    await page.getByRole("tab", { name: "Sign In" }).click();
    const panel = page.getByRole("tabpanel", { name: "Sign In" });
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password", { exact: true }).fill(password);
    await panel.getByRole("button", { name: "Sign In", exact: true }).click();

    await page
      .getByText(/not verified/i)
      .first()
      .waitFor();
    await page.getByRole("button", { name: /resend/i }).click();
    await expect.poll(async () => (await api.outbox(email)).length, { timeout: 10_000 }).toBe(2);
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("verifies through the mailed link and lands in the portal signed in", async () => {
    const { page } = user;
    const link = await api.latestLink(email);
    expect(new URL(link).origin).toBe(product.server.url);

    await page.goto(link);
    await waitForPath(page, "/portal");
    await page.getByText("Client Portal").first().waitFor();
    await page.getByText(fullName).first().waitFor();

    await page.reload();
    await page.getByText(fullName).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/portal");
  });

  it("signs out back to /auth, and the portal is closed afterwards", async () => {
    const { page } = user;
    await page
      .getByRole("button", { name: "Logout" })
      .or(page.getByRole("link", { name: "Logout" }))
      .click();
    await waitForPath(page, "/auth");

    await page.goto("/portal");
    await waitForPath(page, "/auth");
  });
});

describe("a verification link opened in another browser", () => {
  it("verifies the address, signs nobody in, and asks its opener to sign in", async () => {
    const email = `elsewhere.${Date.now()}@example.test`;
    const password = "Str0ng!Passw0rd";
    // Signed up outside the browser: its device cookie, which would let the link sign in, stays there.
    const signedUp = await fetch(`${product.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: product.server.url },
      body: JSON.stringify({ fullName: "Tolu Bamidele", email, password }),
    });
    expect(signedUp.status).toBe(200);

    const owner = await newUser(product.browser, product.server.url);
    try {
      const { page } = owner;
      await page.goto(await api.latestLink(email));
      await waitForPath(page, "/auth");
      expect(new URL(page.url()).search).toBe("?verified=1");
      const notice = page.getByRole("status").filter({ hasText: EMAIL_VERIFIED });
      await notice.waitFor();
      await expect.poll(() => notice.textContent()).toContain(EMAIL_VERIFIED_SIGN_IN);
      expect(await axeViolations(page)).toEqual([]);
      expect(await owner.context.cookies()).toEqual([]);

      const panel = page.getByRole("tabpanel", { name: "Sign In" });
      await panel.getByLabel("Email").fill(email);
      await panel.getByLabel("Password", { exact: true }).fill(password);
      await panel.getByRole("button", { name: "Sign In", exact: true }).click();
      await waitForPath(page, "/portal");
      await page.getByText("Tolu Bamidele").first().waitFor();
    } finally {
      await owner.context.close();
    }
  });
});

describe("the sign-in page", () => {
  const CLIENT = "chinedu@ezefoods.test";
  const get = (path: string, cookie?: string) =>
    fetch(`${product.server.url}${path}`, {
      headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });

  it("comes to the signed out as the tab asked for in the HTML, marked as served signed out", async () => {
    for (const [path, tab] of [
      ["/auth", "Sign In"],
      ["/auth?tab=signin", "Sign In"],
      ["/auth?redirect=%2Fportal%2Finvoices", "Sign In"],
      ["/auth?tab=signup", "Sign Up"],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${tab} · Lagos Studio</title>`);
      expect(html, path).toMatch(new RegExp(`<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>${tab}</button>`));
      expect(html, path).toContain('type="password"');
      expect(html, path).toContain(SIGNED_OUT_MARK);
    }
    // Another view (a mailed link's) is drawn by the app: its shell, marked the same way.
    const shell = await (await get("/auth?view=forgot")).text();
    expect(shell).toMatch(SHELL_ROOT);
    expect(shell).toContain(SIGNED_OUT_MARK);
  });

  it("sends the signed in on at once, to the page they were to return to or the portal", async () => {
    const cookie = await api.signIn(CLIENT);
    for (const [path, to] of [
      ["/auth", "/portal"],
      ["/auth?tab=signup", "/portal"],
      ["/auth?redirect=%2Fportal%2Finvoices", "/portal/invoices"],
      // Only a portal path is followed (common/return-path.ts).
      ["/auth?redirect=https%3A%2F%2Fexample.com%2F", "/portal"],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(to);
    }
  });

  it("Forgot password? and Back to Sign In keep the page to return to, and focus goes to what each shows", async () => {
    const visitor = await newUser(product.browser, product.server.url);
    try {
      const { page } = visitor;
      await page.goto("/auth?redirect=%2Fportal%2Finvoices");
      await hydratePage(page);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      const heading = page.getByRole("heading", { name: "Reset your password" });
      await expect.poll(() => isFocused(heading)).toBe(true);
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/portal/invoices");
      await page.getByRole("link", { name: "Back to Sign In" }).click();
      await expect.poll(() => isFocused(page.getByRole("tab", { name: "Sign In" }))).toBe(true);
      const panel = page.getByRole("tabpanel", { name: "Sign In" });
      await panel.getByLabel("Email").fill(CLIENT);
      await panel.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await panel.getByRole("button", { name: "Sign In", exact: true }).click();
      await waitForPath(page, "/portal/invoices");
    } finally {
      await visitor.context.close();
    }
  });

  it("takes a sign-in typed before its app is live, with nothing in the console and nothing the CSP refuses", async () => {
    const visitor = await newUser(product.browser, product.server.url);
    const problems: string[] = [];
    visitor.page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    visitor.page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await recordCspViolations(visitor.context);
    try {
      const { page } = visitor;
      // From a public page whose app is live, as a visitor comes: Start Now loads the page the server chose.
      await page.goto("/");
      await hydratePage(page);
      await page.getByRole("banner").getByRole("link", { name: "Start Now" }).click();
      await waitForPath(page, "/auth");
      await page.getByRole("tabpanel", { name: "Sign In" }).waitFor();
      expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset), "live before a touch").toBe(
        false,
      );
      const panel = page.getByRole("tabpanel", { name: "Sign In" });
      await panel.getByLabel("Email").fill(CLIENT);
      await panel.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await panel.getByRole("button", { name: "Sign In", exact: true }).click();
      await waitForPath(page, "/portal");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      problems.push(...(await cspViolations(page)).map((violation) => `CSP: ${violation}`));

      // The app's own shell for another view: the page's first session check reads no /api/me (a 401 is logged).
      // The portal is left first: a read it made once the cookie was gone would answer 401 (CI saw one).
      await page.goto("about:blank");
      await visitor.context.clearCookies();
      await page.goto("/auth?view=forgot");
      await expect.poll(() => page.title()).toBe("Forgot Password · Lagos Studio");
      await page.getByLabel("Email").waitFor();
      // A return path changes nothing the page shows: it waits for a touch like a plain /auth.
      await page.goto("/auth?redirect=%2Fportal%2Finvoices", { waitUntil: "networkidle" });
      expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset), "live before a touch").toBe(
        false,
      );
      problems.push(...(await cspViolations(page)).map((violation) => `CSP: ${violation}`));
      expect(problems).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
