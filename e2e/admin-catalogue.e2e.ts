import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminPage } from "../common/admin";
import type { BookingCounts } from "../common/admin-catalogue";
import { SERVICES_PAGE_SIZE } from "../common/admin-table";
import type { Service } from "../common/api";
import { AMOUNT_FORMAT } from "../common/schemas";
import { END_SUBSCRIPTION_QUESTION } from "../src/features/catalogue/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  failLaterPages,
  hydratePage,
  isFocused,
  newUser,
  openInApp,
  serverDown,
  signIn,
  smallerPages,
  textFieldsWithoutLimit,
  type User,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #7 items 8–10): a client orders a service and the booking
 * appears live on the administrator's open Bookings page and on the
 * sidebar's pending badge; the administrator approves it and the client's
 * My Orders badge turns Approved live; it shows on Subscriptions, where the
 * administrator ends it and the client's badge turns Completed live; the administrator edits a service's
 * title and price and the client's open Order Services changes live; the
 * services dialog shows each field's error; axe finds nothing on services
 * (the dialog in its error state too), bookings and subscriptions.
 */
const product = setupProduct();
const CLIENT = "amaka@bellofashion.test";
let admin: User;
let client: User;
let api: Api;
let clientName: string;
/** The order the first step places: its notes and its service's title. */
let journeyNotes: string;
let journeyService: string;

const badge = (page: Page) => page.getByRole("navigation", { name: "Portal" }).getByTestId("pending-bookings-badge");
const badgeCount = async (page: Page) =>
  (await badge(page).count()) === 0 ? 0 : Number.parseInt((await badge(page).textContent()) ?? "", 10);
const counter = (page: Page, label: string) =>
  page.getByRole("region", { name: "Booking counts" }).locator("dl").filter({ hasText: label }).locator("dd");

/** axe at desktop and phone widths (the page stays at desktop width afterwards). */
async function axeAtBothWidths(page: Page, label: string) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${label} at ${viewport.width} px`).toEqual([]);
  }
}

beforeAll(async () => {
  api = new Api(product.server.url);
  clientName = (await api.me(CLIENT)).fullName;
  admin = await newUser(product.browser, product.server.url);
  client = await newUser(product.browser, product.server.url);
  await admin.page.emulateMedia({ reducedMotion: "reduce" });
  await client.page.emulateMedia({ reducedMotion: "reduce" });
  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await signIn(admin.page, ADMIN_EMAIL);
  await signIn(client.page, CLIENT);
});

describe("Admin › Services, Bookings and Subscriptions", () => {
  it("a client's order appears live on the open Bookings page and badge; approving it changes the client's badge live", async () => {
    const before = await api.get<BookingCounts>("/api/admin/bookings/counts", ADMIN_EMAIL);
    await admin.page.goto("/portal/admin/bookings");
    await admin.page.getByRole("heading", { level: 1, name: "Bookings" }).waitFor();
    await admin.page.getByRole("table", { name: "All bookings" }).waitFor();
    await expect.poll(() => counter(admin.page, "Pending").textContent()).toBe(String(before.pending));
    await expect.poll(() => badgeCount(admin.page)).toBe(before.pending);
    await axeAtBothWidths(admin.page, "bookings");

    // The client orders the first active service through the dialog.
    const notes = `Journey booking ${Date.now()}`;
    journeyNotes = notes;
    await client.page.goto("/portal/order-services");
    const card = client.page.getByRole("list", { name: "Available Services" }).locator(":scope > li").first();
    const serviceTitle = ((await card.getByRole("heading").first().textContent()) ?? "").trim();
    journeyService = serviceTitle;
    await card.getByRole("button", { name: "Order Service" }).click();
    const dialog = client.page.getByRole("dialog");
    await dialog.getByLabel("Notes").fill(notes);
    await dialog.getByRole("button", { name: "Submit Order" }).click();
    await client.page.getByText(TOAST.orderSubmitted, { exact: true }).waitFor();
    const order = client.page.getByRole("list", { name: "My Orders" }).getByRole("article").filter({ hasText: notes });
    await order.getByText("Pending", { exact: true }).waitFor();

    // Without a reload: the row, the counter and the sidebar's badge.
    const row = admin.page.getByRole("table", { name: "All bookings" }).locator("tbody tr").filter({ hasText: notes });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain(clientName);
    expect(await row.textContent()).toContain(serviceTitle);
    await expect.poll(() => counter(admin.page, "Pending").textContent()).toBe(String(before.pending + 1));
    await expect.poll(() => badgeCount(admin.page)).toBe(before.pending + 1);
    await expect
      .poll(() => admin.page.getByRole("link", { name: /^Bookings/ }).textContent())
      .toContain(String(before.pending + 1));

    // Approve: the toast, the row's status, the badge; and the client's order badge turns Approved live.
    await row.getByRole("button", { name: /^Approve/ }).click();
    await admin.page.getByText(TOAST.bookingApproved, { exact: true }).waitFor();
    await row.getByText("Approved", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /^Approve/ }).count()).toBe(0);
    await expect.poll(() => badgeCount(admin.page)).toBe(before.pending);
    await order.getByText("Approved", { exact: true }).waitFor({ timeout: 10_000 });
    // Said in a few words, not by reading the whole list again.
    await client.page
      .locator('[aria-live="polite"]')
      .filter({ hasText: `${serviceTitle}: Approved` })
      .waitFor({ state: "attached" });
    expect(await client.page.getByRole("list", { name: "My Orders" }).getAttribute("aria-live")).toBeNull();

    // The status filter lives in the URL.
    await admin.page.getByLabel("Status").selectOption("approved");
    await admin.page.waitForURL((url) => url.searchParams.get("status") === "approved");
    await row.waitFor();
  });

  it("says why the bookings could not be loaded in the server's own words (spec §8)", async () => {
    const { page } = admin;
    const said = "Bookings are being moved; try again in a minute.";
    const restore = await serverDown(page, "/api/admin/bookings", said);
    try {
      await page.goto("/portal/admin");
      await openInApp(page, "/portal/admin/bookings");
      await page.getByText(said, { exact: true }).waitFor();
    } finally {
      await restore();
    }
  });

  it("shows the approved order as a subscription with /mo; ending it changes the client's badge to Completed live", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/subscriptions");
    await page.getByRole("heading", { level: 1, name: "Subscriptions" }).waitFor();
    const table = page.getByRole("table", { name: "Active subscriptions" });
    const rows = table.locator("tbody tr").filter({ hasText: clientName }).filter({ hasText: journeyService });
    await rows.first().waitFor();
    expect(await table.textContent()).toMatch(/\/mo/);
    // The client's name opens their page.
    await rows.first().getByRole("link", { name: clientName }).click();
    await page.getByRole("heading", { level: 1, name: clientName }).waitFor();
    await page.goBack();
    await rows.first().waitFor();
    await page.getByText("Monthly revenue").waitFor();
    await axeAtBothWidths(page, "subscriptions");
    // Create Plan opens plan management (issue #7 item 10) with its create form open; Cancel closes it, the
    // keyboard's focus on that page's Create Plan, and a reload does not open it again.
    // (Pressed before the page is live, the link is a plain one: plan management opens, its form closed.)
    await hydratePage(page);
    await page.getByRole("link", { name: "Create Plan" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/admin/plans");
    const planForm = page.getByRole("dialog", { name: "Create Plan" });
    await planForm.getByLabel("Name").waitFor();
    await planForm.getByRole("button", { name: "Cancel" }).click();
    await planForm.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "Plans" }).waitFor();
    await expect.poll(() => isFocused(page.getByRole("button", { name: "Create Plan" }))).toBe(true);
    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Social media plans" }).waitFor();
    expect(await planForm.count()).toBe(0);
    await page.goto("/portal/admin/subscriptions");
    await rows.first().waitFor();

    // Ended after a confirmation: the row leaves, and the client's open My Orders shows it completed.
    const count = await rows.count();
    await rows
      .first()
      .getByRole("button", { name: /^End subscription/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: END_SUBSCRIPTION_QUESTION });
    await confirm.getByRole("button", { name: "End subscription" }).click();
    await page.getByText(TOAST.subscriptionEnded, { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(count - 1);
    const order = client.page
      .getByRole("list", { name: "My Orders" })
      .getByRole("article")
      .filter({ hasText: journeyNotes });
    await order.getByText("Completed", { exact: true }).waitFor({ timeout: 10_000 });
  });

  it("edits a service's title and price and the client's open Order Services changes live", async () => {
    const services = await api.get<AdminPage<Service>>("/api/admin/services?pageSize=100", ADMIN_EMAIL);
    const target = services.items.find((service) => service.status === "active");
    if (!target) throw new Error("no active service");
    await client.page.goto("/portal/order-services");
    const available = client.page.getByRole("list", { name: "Available Services" });
    await available.getByText(target.title, { exact: true }).waitFor();

    const { page } = admin;
    await page.goto("/portal/admin/services");
    await page.getByRole("heading", { level: 1, name: "Services" }).waitFor();
    const card = page.getByRole("list", { name: "Services" }).getByRole("listitem", { name: target.title });
    await card.getByRole("button", { name: `Edit ${target.title}` }).click();
    const dialog = page.getByRole("dialog");
    const title = dialog.getByLabel("Title", { exact: true });
    expect(await title.inputValue()).toBe(target.title);
    expect(await textFieldsWithoutLimit(dialog)).toEqual([]);
    const newTitle = `${target.title} Plus`;
    await title.fill(newTitle);
    await dialog.getByLabel("Price", { exact: true }).fill("4321.50");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(TOAST.serviceUpdated, { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("listitem", { name: newTitle }).waitFor();

    // The client's open page, without a reload.
    const changed = available.locator(":scope > li").filter({ hasText: newTitle });
    await changed.waitFor({ timeout: 10_000 });
    expect(await changed.textContent()).toMatch(/4,321\.50/);
  });

  it("pages the services with Load more; a page that cannot be read says so once, keeping the cards shown", async () => {
    const all = await api.get<AdminPage<Service>>("/api/admin/services?pageSize=100", ADMIN_EMAIL);
    expect(all.total).toBeGreaterThan(2);
    const other = await newUser(product.browser, product.server.url);
    try {
      await signIn(other.page, ADMIN_EMAIL);
      const { page } = other;
      // Pages of two instead of SERVICES_PAGE_SIZE, so the demo's services span two pages.
      await smallerPages(page, "/api/admin/services", SERVICES_PAGE_SIZE, 2, "pageSize");
      await page.goto("/portal/admin");
      await openInApp(page, "/portal/admin/services");
      const cards = page.getByRole("list", { name: "Services" }).locator(":scope > li");
      await expect.poll(() => cards.count()).toBe(2);
      // Twice: the app tries a read once more before it gives up.
      await failLaterPages(page, "/api/admin/services", (query) => query.get("page") === "2", 2);
      const more = page.getByRole("button", { name: "Load more" });
      await more.click();
      await page.getByText(TOAST.moreServicesFailed, { exact: true }).waitFor();
      // Not also the toast of a grid that could not be loaded, which would follow at once if it came.
      await page.waitForTimeout(500);
      expect(await page.getByText(TOAST.servicesFailed, { exact: true }).count()).toBe(0);
      expect(await cards.count()).toBe(2);
      await more.click();
      await expect.poll(() => cards.count()).toBe(Math.min(4, all.total));
    } finally {
      await other.context.close();
    }
  });

  it("validates the service dialog on the client with each field's error under it; axe finds nothing", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/services");
    await page.getByRole("list", { name: "Services" }).waitFor();
    await axeAtBothWidths(page, "services");
    const card = page.getByRole("list", { name: "Services" }).locator(":scope > li").first();
    expect(await card.textContent()).toMatch(/\+\d+ more|Active|Inactive/);

    await page.getByRole("button", { name: "Add Service" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Price", { exact: true }).fill("12.345");
    await dialog.getByRole("button", { name: "Add Service" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText(AMOUNT_FORMAT).waitFor();
    const titleInput = dialog.getByLabel("Title", { exact: true });
    expect(await titleInput.getAttribute("aria-invalid")).toBe("true");
    // What was typed stays.
    expect(await dialog.getByLabel("Price", { exact: true }).inputValue()).toBe("12.345");
    await axeAtBothWidths(page, "services dialog with errors");

    // Fixed: created, with the features' blank lines dropped and "+N more" after three.
    const title = `Journey Service ${Date.now()}`;
    await titleInput.fill(title);
    await dialog.getByLabel("Price", { exact: true }).fill("2500");
    await dialog.getByLabel("Features").fill("Alpha\n\nBeta\nGamma\n\nDelta\nEpsilon");
    await dialog.getByRole("button", { name: "Add Service" }).click();
    await page.getByText(TOAST.serviceCreated, { exact: true }).waitFor();
    const created = page.getByRole("listitem", { name: title });
    await created.getByText("+2 more").waitFor();
    expect(await created.getByText("Delta").count()).toBe(0);

    // Deleted after the confirmation (nobody ordered it).
    await created.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this service?" });
    await confirm.waitFor();
    expect(await axeViolations(page), "delete confirmation").toEqual([]);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText(TOAST.serviceDeleted, { exact: true }).waitFor();
    await created.waitFor({ state: "detached" });
  });
});
