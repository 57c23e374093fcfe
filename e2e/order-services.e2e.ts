import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page as ListPage, ServiceOrder } from "../common/api";
import { ORDER_NOTES_MAX_LENGTH, ORDERS_PAGE_SIZE } from "../common/domain";
import {
  CANCEL_ORDER_QUESTION,
  NO_ORDERS,
  ORDERS_NOT_LOADED,
  SERVICES_NOT_LOADED,
} from "../src/features/orders/labels";
import { TOAST } from "../src/lib/messages";
import { Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { isFocused, newUser, openInApp, signIn, smallerPages, type User, withReadsFailing } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: a client opens Order Services, orders the first active service
 * with notes (a first try fails on the network and keeps the notes), sees the
 * "Order Submitted" toast and the new pending order on top of My Orders, then
 * cancels it after the confirmation.
 * axe-core finds nothing at 1280 px and 375 px, on the page and with the
 * order dialog open.
 */
const CLIENT = "kunle@adeyemilogistics.test";
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

const product = setupProduct();
let client: User;

beforeAll(async () => {
  client = await newUser(product.browser, product.server.url);
  await client.page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(client.page, CLIENT);
});

const servicesList = (page: Page) => page.getByRole("list", { name: "Available Services" });
const ordersList = (page: Page) => page.getByRole("list", { name: "My Orders" });
const firstService = (page: Page) => servicesList(page).locator(":scope > li").first();

async function openPage(page: Page) {
  await page.goto("/portal/order-services");
  await servicesList(page).waitFor();
  await ordersList(page).waitFor();
}

async function openDialog(card: Locator): Promise<Locator> {
  await card.getByRole("button", { name: "Order Service" }).click();
  const dialog = card.page().getByRole("dialog");
  await dialog.getByLabel("Notes").waitFor();
  return dialog;
}

describe("order services", () => {
  it("shows My Orders and the active services with all their features; axe finds nothing at both widths", async () => {
    const { page } = client;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await openPage(page);
      expect(await page.title()).toBe("Order Services · Lagos Studio");
      expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }
    // Every feature of a service shows (the public cards show three then "+N more").
    const features = firstService(page).getByRole("list");
    expect(await features.getByRole("listitem").count()).toBeGreaterThan(3);
  });

  it("orders and services that cannot be read say so (not that there are none), and Retry reads them", async () => {
    const { page } = client;
    await page.goto("/portal");
    await withReadsFailing(page, /\/api\/(orders|services)(\?|$)/, async () => {
      await openInApp(page, "/portal/order-services");
      await page.getByText(ORDERS_NOT_LOADED).waitFor();
      await page.getByText(SERVICES_NOT_LOADED).waitFor();
      expect(await page.getByText(NO_ORDERS).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
    for (const section of ["My Orders", "Available Services"])
      await page.getByRole("region", { name: section, exact: true }).getByRole("button", { name: "Retry" }).click();
    await ordersList(page).waitFor();
    await servicesList(page).waitFor();
  });

  it("orders a service with notes: the toast, then the pending order on top of My Orders, once though sent twice", async () => {
    const { page } = client;
    await page.setViewportSize(VIEWPORTS[0] as { width: number; height: number });
    await openPage(page);
    const card = firstService(page);
    const title = (await card.getByRole("heading").textContent()) ?? "";
    expect(title).not.toBe("");
    const trigger = card.getByRole("button", { name: "Order Service" });

    const dialog = await openDialog(card);
    expect(await dialog.getByRole("heading", { name: `Order ${title}` }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const notesField = dialog.getByLabel("Notes");
    expect(await notesField.getAttribute("maxlength")).toBe(String(ORDER_NOTES_MAX_LENGTH));
    const notes = `Please start in January. ${Date.now()}`;
    await notesField.fill(notes);

    // The answer is lost once (the order reached the server): the error toast shows and the typed notes stay.
    await page.route(
      "**/api/orders",
      async (route) => {
        await route.fetch();
        await route.abort();
      },
      { times: 1 },
    );
    await dialog.getByRole("button", { name: "Submit Order" }).click();
    await page.getByText(TOAST.orderFailed).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await notesField.inputValue()).toBe(notes);

    await dialog.getByRole("button", { name: "Submit Order" }).click();
    await page.getByText(TOAST.orderSubmitted, { exact: true }).waitFor();
    await page.getByText(TOAST.orderSubmittedText).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(trigger)).toBe(true);

    const newest = ordersList(page).locator(":scope > li").first();
    await newest.filter({ hasText: notes }).waitFor();
    expect(await newest.getByRole("heading").textContent()).toBe(title);
    expect(await newest.getByText("Pending", { exact: true }).count()).toBe(1);
    // Once: the client's own row and the live push of the same order are merged by id.
    expect(await ordersList(page).getByText(notes).count()).toBe(1);
    // Still there after a reload, once: submitted again, the order was answered with itself, not placed twice.
    await openPage(page);
    await ordersList(page).getByText(notes).waitFor();
    expect(await ordersList(page).getByText(notes).count()).toBe(1);
  });

  it("cancels the pending order after the confirmation: Keep order leaves it, Cancel order marks it Cancelled", async () => {
    const { page } = client;
    await page.setViewportSize(VIEWPORTS[0] as { width: number; height: number });
    await openPage(page);
    const newest = ordersList(page).locator(":scope > li").first();
    await newest.getByText("Pending", { exact: true }).waitFor();
    const cancel = newest.getByRole("button", { name: /^Cancel order/ });

    await cancel.click();
    const dialog = page.getByRole("alertdialog", { name: CANCEL_ORDER_QUESTION });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await newest.getByText("Pending", { exact: true }).count()).toBe(1);

    await cancel.click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText(TOAST.orderCancelled).waitFor();
    await newest.getByText("Cancelled", { exact: true }).waitFor();
    expect(await newest.getByRole("button", { name: /^Cancel order/ }).count()).toBe(0);
    // The server kept it: still cancelled after a reload.
    await openPage(page);
    await ordersList(page).locator(":scope > li").first().getByText("Cancelled", { exact: true }).waitFor();
  });

  it("the open dialog passes axe at 375 px and Escape returns focus to its button", async () => {
    const { page } = client;
    await page.setViewportSize(VIEWPORTS[1] as { width: number; height: number });
    await openPage(page);
    const card = firstService(page);
    const dialog = await openDialog(card);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(card.getByRole("button", { name: "Order Service" }))).toBe(true);
  });

  it("pages My Orders with Load more, newest first", async () => {
    const { page } = client;
    await page.setViewportSize(VIEWPORTS[0] as { width: number; height: number });
    const all = (await new Api(product.server.url).get<ListPage<ServiceOrder>>("/api/orders?limit=100", CLIENT)).items;
    expect(all.length).toBeGreaterThan(1);
    // Pages of one instead of ORDERS_PAGE_SIZE, so the client's orders span several pages.
    await smallerPages(page, "/api/orders", ORDERS_PAGE_SIZE, 1);
    try {
      await page.goto("/portal");
      // Opened in the app, which reads the list itself (a page loaded anew is read by the server).
      await openInApp(page, "/portal/order-services");
      const cards = () => ordersList(page).locator(":scope > li").allInnerTexts();
      await expect.poll(async () => (await cards()).length).toBe(1);
      const more = page.getByRole("button", { name: "Load more" });
      for (let shown = 1; shown < all.length; shown += 1) {
        await more.click();
        await expect.poll(async () => (await cards()).length).toBe(shown + 1);
      }
      await more.waitFor({ state: "detached" });
      const headings = await ordersList(page).locator(":scope > li").getByRole("heading").allInnerTexts();
      expect(headings).toEqual(all.map((order) => order.serviceTitle));
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.unrouteAll();
    }
  });
});
