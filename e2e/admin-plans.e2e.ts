import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminPlan } from "../common/plans";
import { plansPage } from "../src/content/plans";
import { planMoved } from "../src/features/admin/labels";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { hydratePage, newUser, signIn, textFieldsWithoutLimit, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #7 item 10): an administrator edits a plan's price and hides
 * another at /portal/admin/plans; a visitor's fresh load of /plans shows the
 * new price in the raw HTML (JavaScript off) and after hydration without any
 * change; the contact form's plan field follows. axe on the page and on the
 * dialog showing its field errors.
 */
const product = setupProduct();
let admin: User;
let api: Api;
let edited: AdminPlan;
let hidden: AdminPlan;
/** The social media plans, hidden or not: the places a social plan moves among. */
let socialCount: number;

const NEW_PRICE_TEXT = "₦123,456.50";
/** The edited plan is billed yearly: its public card says so after the price. */
const NEW_PRICE_PER = `${NEW_PRICE_TEXT}/year`;

const row = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

beforeAll(async () => {
  api = new Api(product.server.url);
  const plans = await api.get<AdminPlan[]>("/api/admin/plans", ADMIN_EMAIL);
  const social = plans.filter((plan) => plan.category === "social" && !plan.hidden);
  const maintenance = plans.filter((plan) => plan.category === "maintenance" && !plan.hidden);
  edited = social[1] as AdminPlan;
  socialCount = plans.filter((plan) => plan.category === "social").length;
  hidden = maintenance[0] as AdminPlan;
  admin = await newUser(product.browser, product.server.url);
  await signIn(admin.page, ADMIN_EMAIL);
});

describe("Admin › Plans", () => {
  it("lists the plans by category, and the create dialog shows each field's error under it (axe clean)", async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/portal/admin");
    await page.getByRole("link", { name: "Manage plans" }).click();
    await page.getByRole("heading", { level: 1, name: "Plans" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Social media plans" }).waitFor();
    await row(page, edited.name).waitFor();
    // Each plan links to the contact form with it chosen, the address its Get Started button opens.
    const contactLink = row(page, edited.name).getByRole("link", {
      name: new RegExp(`contact form for ${edited.name}`),
    });
    expect(await contactLink.getAttribute("href")).toBe(`/contact?plan=${edited.slug}`);
    expect(await axeViolations(page), "plans page").toEqual([]);

    await page.getByRole("button", { name: "Create Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Plan" });
    await dialog.waitFor();
    expect(await textFieldsWithoutLimit(dialog)).toEqual([]);
    await dialog.getByLabel("Price").fill("12.345");
    await dialog.getByRole("button", { name: "Create Plan" }).click();
    await dialog.getByText("Enter the plan's name.").waitFor();
    await dialog.getByText("Enter an amount like 1500 or 1500.50, with at most two decimals.").waitFor();
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page), "dialog with errors").toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page), "dialog with errors at 375 px").toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("edits a plan's price and hides another, moving one with the keyboard", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: `Edit ${edited.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Plan" });
    await dialog.waitFor();
    await dialog.getByLabel("Price").fill("123456.50");
    await dialog.getByLabel("Period").selectOption("year");
    await dialog.getByRole("button", { name: "Save Plan" }).click();
    await page.getByText("Plan updated successfully").first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    await row(page, edited.name).getByText("₦123,456.50 / year").waitFor();

    await page.getByRole("button", { name: `Hide ${hidden.name}` }).click();
    await page.getByRole("button", { name: `Show ${hidden.name}` }).waitFor();
    await row(page, hidden.name).getByText("Hidden", { exact: true }).waitFor();
    await row(page, hidden.name).getByText("not offered on /plans").waitFor();
    expect(
      await row(page, hidden.name)
        .getByRole("link", { name: /contact form/ })
        .count(),
    ).toBe(0);

    // Move up with the keyboard: focus stays on the moved plan's button.
    await page.getByRole("button", { name: `Move ${edited.name} up` }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () =>
        (await api.get<AdminPlan[]>("/api/admin/plans", ADMIN_EMAIL)).findIndex((p) => p.id === edited.id),
      )
      .toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Move ${edited.name} down`);
    // Its new place is said: the row moved out of sight of a screen reader.
    const said = page.locator('[aria-live="polite"]').filter({ hasText: planMoved(edited.name, 1, socialCount) });
    expect(await said.count()).toBe(1);
  });

  it("shows what another administrator changes, without a reload", async () => {
    const { page } = admin;
    // Shown again elsewhere (another administrator, another tab), then hidden again, as the next test needs it.
    await api.send("PUT", `/api/admin/plans/${hidden.id}/visibility`, ADMIN_EMAIL, { hidden: false });
    await page.getByRole("button", { name: `Hide ${hidden.name}` }).waitFor();
    await api.send("PUT", `/api/admin/plans/${hidden.id}/visibility`, ADMIN_EMAIL, { hidden: true });
    await page.getByRole("button", { name: `Show ${hidden.name}` }).waitFor();
  });

  it("a visitor's fresh /plans has the new price and not the hidden plan in its HTML, unchanged by hydration", async () => {
    const raw = await (await fetch(`${product.server.url}/plans`)).text();
    expect(raw).toContain(NEW_PRICE_TEXT);
    expect(raw).not.toContain(`>${hidden.name}<`);
    expect(raw.indexOf(`>${edited.name}<`)).toBeLessThan(raw.indexOf(">Social Starter<"));

    // JavaScript off: what the HTML shows is the page.
    const { context: noJs, page: still } = await newUser(product.browser, product.server.url, { javaScript: false });
    await still.goto("/plans");
    await still.getByText(NEW_PRICE_TEXT).waitFor();
    expect(await still.getByRole("article").filter({ hasText: edited.name }).textContent()).toContain(NEW_PRICE_PER);
    expect(await still.getByText(hidden.name, { exact: true }).count()).toBe(0);
    await noJs.close();

    // JavaScript on: hydration uses the embedded plans, so nothing changes and no plans request is made.
    const visitor = await newUser(product.browser, product.server.url);
    const requests: string[] = [];
    visitor.page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await visitor.page.goto("/plans");
    const before = await visitor.page.locator("main").textContent();
    await hydratePage(visitor.page);
    await visitor.page.waitForLoadState("networkidle");
    expect(await visitor.page.locator("main").textContent()).toBe(before);
    expect(requests).not.toContain("/api/plans");
    expect(before).toContain(NEW_PRICE_PER);

    // The contact form's plan field follows: the edited plan preselected, the hidden one not offered.
    await visitor.page.goto(`/contact?plan=${edited.slug}`);
    const select = visitor.page.getByRole("combobox", { name: /plan/i });
    await select.waitFor();
    await expect.poll(() => select.inputValue()).toBe(edited.slug);
    const options = await select.locator("option").allInnerTexts();
    expect(options).toContain(edited.name);
    expect(options).not.toContain(hidden.name);
    await visitor.context.close();
  });

  it("a category whose plans are all hidden says none is offered, under its heading, in the HTML", async () => {
    const plans = await api.get<AdminPlan[]>("/api/admin/plans", ADMIN_EMAIL);
    const shown = plans.filter((plan) => plan.category === "maintenance" && !plan.hidden);
    const visibility = (plan: AdminPlan, hide: boolean) =>
      api.send("PUT", `/api/admin/plans/${plan.id}/visibility`, ADMIN_EMAIL, { hidden: hide });
    for (const plan of shown) await visibility(plan, true);
    try {
      const raw = await (await fetch(`${product.server.url}/plans`)).text();
      expect(raw).toContain(plansPage.none);
      const visitor = await newUser(product.browser, product.server.url);
      try {
        await visitor.page.goto("/plans");
        await hydratePage(visitor.page);
        const section = visitor.page.getByRole("region", { name: plansPage.categories.maintenance.heading });
        await section.getByText(plansPage.none).waitFor();
        expect(await section.getByRole("article").count()).toBe(0);
        // The other category is untouched.
        const social = visitor.page.getByRole("region", { name: plansPage.categories.social.heading });
        expect(await social.getByText(plansPage.none).count()).toBe(0);
        expect(await axeViolations(visitor.page)).toEqual([]);
      } finally {
        await visitor.context.close();
      }
    } finally {
      for (const plan of shown) await visibility(plan, false);
    }
  });
});
