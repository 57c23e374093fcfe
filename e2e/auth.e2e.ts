import { beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { newUser, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

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
