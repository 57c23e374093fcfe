import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_EMAIL } from "../common/messages";
import { VERIFY_LINK_INVALID } from "../src/features/auth/messages";
import { axeViolations } from "./support/axe";
import { hydratePage, newUser, signIn, type User, waitForPath } from "./support/browser";
import { fillRequired } from "./support/contact";
import { setupProduct } from "./support/product";

/**
 * What a new user met on the first day: server errors shown once, under their
 * field, in words for people; a form's alert brought into view and focused;
 * every portal and sign-in page naming its tab; and axe-core clean on the
 * error state of every form.
 */
const CLIENT = "kunle@adeyemilogistics.test";

// One enquiry per 10 minutes, so the second one meets the rate limit's alert.
const product = setupProduct({ env: { CONTACT_RATE_LIMIT: "1" } });

const pageTitle = (page: string) => `${page} · Lagos Studio`;

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe("sign-in page", () => {
  let user: User;
  beforeAll(async () => {
    user = await newUser(product.browser, product.server.url);
  });
  afterAll(async () => {
    await user.context.close();
  });

  it("names its tab by the view on screen", async () => {
    const { page } = user;
    await page.goto("/auth");
    await expect.poll(() => page.title()).toBe(pageTitle("Sign In"));
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect.poll(() => page.title()).toBe(pageTitle("Sign Up"));
  });

  it("shows the server's e-mail error once, under the field, without a field-name prefix", async () => {
    const { page } = user;
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Full Name").fill("Ada Lovelace");
    await panel.getByLabel("Email").fill("ada@nowhere");
    await panel.getByLabel("Password", { exact: true }).fill("Str0ng!pass");
    await panel.getByLabel("Confirm Password").fill("Str0ng!pass");
    await panel.getByRole("button", { name: "Create Account" }).click();
    const email = panel.getByLabel("Email");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => panel.getByText(INVALID_EMAIL).count()).toBe(1);
    expect(await panel.getByText(/email:/i).count()).toBe(0);
    expect(await panel.getByRole("alert").count()).toBe(0);
    await expectNoViolations(page);
  });

  it("names every limit: inputs carry maxLength", async () => {
    const { page } = user;
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    const name = panel.getByLabel("Full Name");
    expect(await name.getAttribute("maxlength")).toBe("120");
    await name.fill("x".repeat(200));
    expect((await name.inputValue()).length).toBe(120);
  });

  it("a failed sign-in's alert takes focus and axe finds nothing", async () => {
    const { page } = user;
    await page.getByRole("tab", { name: "Sign In" }).click();
    const panel = page.getByRole("tabpanel", { name: "Sign In" });
    await panel.getByLabel("Email").fill(CLIENT);
    await panel.getByLabel("Password", { exact: true }).fill("not-the-password-1!");
    await panel.getByRole("button", { name: "Sign In", exact: true }).click();
    const alert = panel.getByRole("alert");
    await alert.waitFor();
    await expect.poll(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoViolations(page);
  });

  it("the forgot-password form's errors pass axe", async () => {
    const { page } = user;
    await page.goto("/auth?view=forgot");
    await expect.poll(() => page.title()).toBe(pageTitle("Forgot Password"));
    await page.getByRole("button", { name: /send/i }).click();
    await page.getByText("Email is required").waitFor();
    await expectNoViolations(page);
  });

  it("a bad verification link lands here saying so, with a way to get a new link", async () => {
    const { page } = user;
    await page.goto("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fportal");
    await waitForPath(page, "/auth");
    await expect.poll(() => page.title()).toBe(pageTitle("Verify Your E-mail"));
    await page.getByRole("alert").filter({ hasText: VERIFY_LINK_INVALID }).waitFor();
    await page.getByLabel("Email").fill(CLIENT);
    await page.getByRole("button", { name: "Send a New Link" }).click();
    await page.getByText("If the account needs it, we sent a new link").waitFor();
    await expectNoViolations(page);
  });
});

describe("contact form", () => {
  it("brings a server error into view below the sticky header, focused, with axe clean", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.setViewportSize({ width: 1280, height: 700 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const send = async () => {
        await fillRequired(page, { first: "Bisi", last: "Ade", email: "bisi@example.test", message: "A new website." });
        await page.getByRole("button", { name: "Send Enquiry" }).click();
      };
      await page.goto("/contact");
      await send();
      await page.getByRole("button", { name: /send another/i }).click();
      await send();
      const alert = page.getByRole("alert").filter({ hasText: "Your enquiry was not sent" });
      await alert.waitFor();
      await expect.poll(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
      const { top, headerBottom } = await alert.evaluate((element) => ({
        top: element.getBoundingClientRect().top,
        headerBottom: document.querySelector("header")?.getBoundingClientRect().bottom ?? 0,
      }));
      expect(top).toBeGreaterThanOrEqual(headerBottom);
      expect(top).toBeLessThan(700);
      await expectNoViolations(page);

      // The required-field errors, too.
      await page.reload();
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByText("First name is required").waitFor();
      await expectNoViolations(page);
    } finally {
      await context.close();
    }
  });
});

describe("portal", () => {
  let user: User;
  beforeAll(async () => {
    user = await newUser(product.browser, product.server.url);
    await signIn(user.page, CLIENT);
  });
  afterAll(async () => {
    await user.context.close();
  });

  it("names each page's tab and announces it after a client-side navigation", async () => {
    const { page } = user;
    await page.goto("/portal");
    await expect.poll(() => page.title()).toBe(pageTitle("Dashboard"));
    // The server rendered the dashboard: its app takes over on the first interaction, and links followed
    // before then load their page anew, which is not what this journey is about.
    await hydratePage(page);
    for (const [link, title] of [
      ["Projects", "Projects"],
      ["Invoices", "Invoices"],
      ["My Tasks", "My Tasks"],
      ["Settings", "Settings"],
    ] as const) {
      await page.getByRole("navigation").getByRole("link", { name: link, exact: true }).click();
      await expect.poll(() => page.title()).toBe(pageTitle(title));
      await expect.poll(() => page.getByTestId("route-announcer").textContent()).toBe(pageTitle(title));
    }
    await page.getByRole("navigation").getByRole("link", { name: "Projects", exact: true }).click();
    await page
      .getByRole("link", { name: /view project details/i })
      .first()
      .click();
    await waitForPath(page, /^\/portal\/projects\/[0-9a-f-]{36}$/);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await expect.poll(() => page.title()).toBe(pageTitle(heading ?? ""));
  });

  it("settings: a server-refused change shows under its field and passes axe", async () => {
    const { page } = user;
    await page.goto("/portal/settings");
    const current = page.getByLabel("Current Password");
    await current.fill("not-my-password-1!");
    await page.getByLabel("New Password", { exact: true }).fill("An0ther!pass");
    await page.getByLabel("Confirm New Password").fill("An0ther!pass");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByRole("alert").or(page.locator('[aria-invalid="true"]')).first().waitFor();
    await expectNoViolations(page);

    // The profile form's own error state.
    await page.getByLabel("Full Name").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Full name is required").waitFor();
    await expectNoViolations(page);
  });

  it("the Add Milestone dialog's errors show under their fields and pass axe", async () => {
    const { page } = user;
    await page.goto("/portal/projects");
    await page
      .getByRole("link", { name: /view project details/i })
      .first()
      .click();
    await page.getByRole("button", { name: "Add Milestone" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount").fill("12.345");
    await dialog.getByRole("button", { name: "Add Milestone" }).click();
    await expect.poll(() => dialog.getByLabel("Amount").getAttribute("aria-invalid")).toBe("true");
    await expectNoViolations(page);
  });
});
