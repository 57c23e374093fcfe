import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Invoice, Page as ListPage } from "../common/api";
import { INVOICE_STATUS_LABELS, INVOICES_PAGE_SIZE } from "../common/domain";
import { formatDay, formatMoney } from "../common/format";
import { NO_INVOICES } from "../src/features/invoices/labels";
import { TOAST } from "../src/lib/messages";
import { pdfText } from "../test/support/invoices";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  edgeLightness,
  failLaterPages,
  newUser,
  openInApp,
  signIn,
  signUpHere,
  smallerPages,
  type User,
  waitForPath,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: a client opens Invoices, sees summary cards that add up the table,
 * downloads an invoice as a PDF made by the built server and reads it; the
 * page passes axe on desktop and phone widths.
 */
const CLIENT = "chinedu@ezefoods.test";

const product = setupProduct();
let client: User;
let rows: Invoice[];

const money = (minor: number) => formatMoney(minor, "NGN");
const card = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Invoice summary" })
    .locator("dl")
    .filter({ has: page.getByText(label, { exact: true }) });

beforeAll(async () => {
  const api = new Api(product.server.url);
  rows = (await api.get<ListPage<Invoice>>("/api/invoices?limit=100", CLIENT)).items;
  client = await newUser(product.browser, product.server.url);
  await signIn(client.page, CLIENT);
});

describe("Invoices", () => {
  it("shows summary cards matching the invoices, and the table of spec §2", async () => {
    const { page } = client;
    await page.goto("/portal/invoices");
    await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
    expect(await page.title()).toBe("Invoices · Lagos Studio");
    await page.getByText("Your invoices, their amounts and payment status.").waitFor();
    expect(rows.length).toBeGreaterThan(0);

    const sum = (list: Invoice[]) => list.reduce((total, row) => total + row.amount, 0);
    const paid = rows.filter((row) => row.status === "paid");
    const pending = rows.filter((row) => row.status !== "paid");
    const summary = page.getByRole("region", { name: "Invoice summary" });
    await summary.getByText(money(sum(rows)), { exact: true }).waitFor();
    await expect(card(page, "Total Amount").textContent()).resolves.toContain(money(sum(rows)));
    await expect(card(page, "Paid").textContent()).resolves.toContain(money(sum(paid)));
    await expect(card(page, "Paid").textContent()).resolves.toContain(`${paid.length} invoice`);
    await expect(card(page, "Pending").textContent()).resolves.toContain(money(sum(pending)));
    await expect(card(page, "Pending").textContent()).resolves.toContain(`${pending.length} invoice`);

    const table = page.getByRole("table", { name: "All invoices" });
    const headers = await table.getByRole("columnheader").allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual([
      "Invoice ID",
      "Project",
      "Amount",
      "Status",
      "Due Date",
      "Actions",
    ]);
    const bodyRows = table.locator("tbody tr");
    expect(await bodyRows.count()).toBe(rows.length);
    for (const [index, row] of rows.entries()) {
      const cells = (await bodyRows.nth(index).getByRole("cell").allInnerTexts()).map((text) => text.trim());
      expect(cells.slice(0, 5)).toEqual([
        row.invoiceNumber,
        row.projectTitle ?? "—",
        money(row.amount),
        INVOICE_STATUS_LABELS[row.status],
        row.dueDate ? formatDay(row.dueDate) : "—",
      ]);
    }
  });

  it("opens an invoice's project from its row", async () => {
    const { page } = client;
    const invoice = rows.find((row) => row.projectId && row.projectTitle);
    if (!invoice?.projectTitle) throw new Error("no invoice on a project");
    expect(invoice.clientOwnsProject).toBe(true);
    await page.goto("/portal/invoices");
    const row = page.getByRole("row").filter({ hasText: invoice.invoiceNumber });
    await row.getByRole("link", { name: invoice.projectTitle }).click();
    await waitForPath(page, `/portal/projects/${invoice.projectId}`);
    await page.getByRole("heading", { level: 1, name: invoice.projectTitle }).waitFor();
  });

  it("downloads an invoice as a PDF named after its number, carrying its figures", async () => {
    const { page } = client;
    const invoice = rows[0];
    if (!invoice) throw new Error("no invoice");
    await page.goto("/portal/invoices");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Download invoice ${invoice.invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
    const file = await download.path();
    const text = await pdfText(new Uint8Array(await readFile(file)));
    expect(text).toContain("Lagos Studio");
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(invoice.clientName);
    expect(text).toContain(money(invoice.amount));
    expect(text).toContain(INVOICE_STATUS_LABELS[invoice.status]);
    if (invoice.dueDate) expect(text).toContain(formatDay(invoice.dueDate));
  });

  it("an administrator sees every client's invoices, with a Client column", async () => {
    const api = new Api(product.server.url);
    const all = (await api.get<ListPage<Invoice>>("/api/invoices?limit=100", ADMIN_EMAIL)).items;
    const admin = await newUser(product.browser, product.server.url);
    try {
      await signIn(admin.page, ADMIN_EMAIL);
      await admin.page.goto("/portal/invoices");
      const table = admin.page.getByRole("table", { name: "All invoices" });
      await table.locator("tbody tr").first().getByRole("button").waitFor();
      expect(await table.getByRole("columnheader").allTextContents()).toContain("Client");
      // Each client's name opens their page.
      const first = all[0];
      if (!first) throw new Error("no invoice");
      expect(
        await table.locator("tbody tr").first().getByRole("link", { name: first.clientName }).getAttribute("href"),
      ).toBe(`/portal/admin/clients/${first.clientId}`);
      // Not "your" invoices: an administrator has none of their own.
      await admin.page.getByText("Every client's invoices, their amounts and payment status.").waitFor();
      expect(await table.locator("tbody tr").count()).toBe(all.length);
      expect(new Set(all.map((row) => row.clientId)).size).toBeGreaterThan(1);
    } finally {
      await admin.context.close();
    }
  });

  it("pages an administrator's table with Load more, counting every invoice", async () => {
    const api = new Api(product.server.url);
    const all = (await api.get<ListPage<Invoice>>("/api/invoices?limit=100", ADMIN_EMAIL)).items;
    expect(all.length).toBeGreaterThan(4);
    const admin = await newUser(product.browser, product.server.url);
    try {
      await signIn(admin.page, ADMIN_EMAIL);
      const { page } = admin;
      // Pages of two instead of INVOICES_PAGE_SIZE, so the demo data spans several pages.
      await smallerPages(page, "/api/invoices", INVOICES_PAGE_SIZE, 2);
      // Opened in the app, which reads the list itself (a page loaded anew is read by the server).
      await page.goto("/portal/admin");
      await openInApp(page, "/portal/invoices");
      const table = page.getByRole("table", { name: "All invoices" });
      const numbers = () => table.locator("tbody tr td:first-child").allInnerTexts();
      await expect.poll(numbers).toEqual(all.slice(0, 2).map((row) => row.invoiceNumber));
      await page.getByText(`2 of ${all.length} shown`).waitFor();
      const more = page.getByRole("button", { name: "Load more" });
      await more.click();
      await expect.poll(numbers).toEqual(all.slice(0, 4).map((row) => row.invoiceNumber));
      await page.getByText(`4 of ${all.length} shown`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // A page that cannot be read says so in a toast; the rows shown stay, and the button tries again.
      await failLaterPages(page, "/api/invoices", (query) => query.has("cursor"), 1);
      await more.click();
      await page.getByText(TOAST.moreInvoicesFailed, { exact: true }).waitFor();
      expect(await numbers()).toEqual(all.slice(0, 4).map((row) => row.invoiceNumber));
      expect(await axeViolations(page)).toEqual([]);
      for (let shown = 4; shown < all.length; shown += 2) {
        await more.click();
        await expect.poll(numbers).toEqual(all.slice(0, shown + 2).map((row) => row.invoiceNumber));
      }
      await more.waitFor({ state: "detached" });
      // The button left with the footer: the focus went on to the first row of the last page.
      const firstOfLastPage = table.locator("tbody tr").nth(Math.floor((all.length - 1) / 2) * 2);
      await expect.poll(() => firstOfLastPage.evaluate((row) => row.contains(document.activeElement))).toBe(true);
    } finally {
      await admin.context.close();
    }
  });

  it("a client without invoices sees 'No invoices found' and zero totals", async () => {
    const api = new Api(product.server.url);
    const email = `invoices.${Date.now()}@example.test`;
    const newcomer = await newUser(product.browser, product.server.url);
    try {
      await signUpHere(newcomer.page, { fullName: "Bisi Ojo", email, password: "Str0ng!Passw0rd" });
      // The verification link, opened where the account was made, signs the new client in.
      await newcomer.page.goto(await api.latestLink(email));
      await waitForPath(newcomer.page, "/portal");
      await newcomer.page.goto("/portal/invoices");
      await newcomer.page.getByRole("heading", { name: NO_INVOICES }).waitFor();
      await expect(card(newcomer.page, "Total Amount").textContent()).resolves.toContain(money(0));
      expect(await axeViolations(newcomer.page)).toEqual([]);
    } finally {
      await newcomer.context.close();
    }
  });

  it("a developer, who gets no invoices and orders nothing, is sent to the dashboard from either page", async () => {
    const developer = await newUser(product.browser, product.server.url);
    try {
      await signIn(developer.page, "tunde@lagosstudio.test");
      for (const path of ["/portal/invoices", "/portal/order-services"]) {
        await developer.page.goto(path);
        await waitForPath(developer.page, "/portal");
        await developer.page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      }
    } finally {
      await developer.context.close();
    }
  });

  it("beside the sidebar (800 px), shades the edge the table can still be scrolled towards (its amounts and Download are past it)", async () => {
    const { page } = client;
    await page.setViewportSize({ width: 800, height: 812 });
    try {
      await page.goto("/portal/invoices");
      const table = page.getByRole("table", { name: "All invoices" });
      await table.locator("tbody tr").first().waitFor();
      const box = table.locator("xpath=..");
      const atStart = await edgeLightness(page, box);
      expect(atStart.left, "nothing to the left").toBe(255);
      expect(atStart.right, "more to the right").toBeLessThan(240);
      await box.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await table
        .getByRole("button", { name: /Download/ })
        .first()
        .waitFor();
      const atEnd = await edgeLightness(page, box);
      expect(atEnd.left, "more to the left").toBeLessThan(240);
      expect(atEnd.right, "nothing to the right").toBe(255);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("at 375 px, shows each invoice whole: its amount, status and Download beside their names, nothing to scroll", async () => {
    const { page } = client;
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto("/portal/invoices");
      const table = page.getByRole("table", { name: "All invoices" });
      await table.locator("tbody tr").first().waitFor();
      const box = table.locator("xpath=..");
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth), "nothing past the edge").toBe(
        0,
      );
      for (const invoice of rows) {
        const row = table.getByRole("row").filter({ hasText: invoice.invoiceNumber });
        const shown = [
          row.getByText("Amount", { exact: true }),
          row.getByText(money(invoice.amount), { exact: true }),
          row.getByText("Status", { exact: true }),
          row.getByText(INVOICE_STATUS_LABELS[invoice.status], { exact: true }),
          row.getByRole("button", { name: `Download invoice ${invoice.invoiceNumber}` }),
        ];
        for (const part of shown) {
          const at = await part.boundingBox();
          expect(at, `${invoice.invoiceNumber}: ${part}`).not.toBeNull();
          expect(at && at.x >= 0 && at.x + at.width <= 375, `${invoice.invoiceNumber}: ${part} inside the phone`).toBe(
            true,
          );
        }
      }
      // Screen readers hear each value with its column header, so the names shown beside them are hidden from them.
      expect(await table.getByRole("columnheader").allTextContents()).toContain("Amount");
      expect(await table.locator("[data-cell-label]").first().getAttribute("aria-hidden")).toBe("true");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    // From md up the values sit under their column headers, without names beside them.
    await page.goto("/portal/invoices");
    const wide = page.getByRole("table", { name: "All invoices" });
    await wide.locator("tbody tr").first().waitFor();
    await expect.poll(() => wide.locator("[data-cell-label]").first().isVisible()).toBe(false);
  });

  it("passes axe at 1280 px and 375 px", async () => {
    const { page } = client;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/portal/invoices");
      await page.getByRole("table", { name: "All invoices" }).locator("tbody tr").first().waitFor();
      await page.getByRole("region", { name: "Invoice summary" }).getByText("₦").first().waitFor();
      expect(await axeViolations(page), `at ${viewport.width} px`).toEqual([]);
    }
  });
});
