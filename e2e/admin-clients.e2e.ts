import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type AdminClient, type AdminDashboard, type AdminPage, CLIENT_DETAIL_LIMIT } from "../common/admin";
import { sortedBy, TABLE_NOT_LOADED } from "../src/features/admin/labels";
import { newestShown } from "../src/features/admin/PersonDetail";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { hydratePage, isFocused, newUser, openInApp, serverDown, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: an administrator pages, sorts and searches the clients table
 * through the URL, deletes a client who owns nothing after the confirmation,
 * deactivates one who owns projects, and the page (and its dialog) pass axe at
 * desktop and phone widths.
 */
const product = setupProduct();
const CLIENT = "amaka@bellofashion.test";
let admin: User;
let api: Api;
const NEWCOMER = { fullName: "Zainab Newcomer", email: "zainab.newcomer@example.test", password: "Kestrel#Harbour42" };

const table = (page: Page) => page.getByRole("table", { name: "All clients" });
const names = async (page: Page) =>
  (await table(page).locator("tbody tr td:first-child p:first-child").allInnerTexts()).map((text) => text.trim());
const search = (page: Page) => new URL(page.url()).searchParams;

async function clientNames(query: string) {
  const body = await api.get<AdminPage<AdminClient>>(`/api/admin/clients?${query}`, ADMIN_EMAIL);
  return body.items.map((row) => row.fullName);
}

beforeAll(async () => {
  api = new Api(product.server.url);
  // A client who owns nothing yet: a fresh sign-up.
  await api.signUp(NEWCOMER);
  admin = await newUser(product.browser, product.server.url);
  await signIn(admin.page, ADMIN_EMAIL);
});

describe("Admin › Clients", () => {
  it("pages and sorts through the URL, with aria-sort on the sorted column", async () => {
    const { page } = admin;
    const all = await clientNames("sort=name&dir=asc&pageSize=100");
    expect(all.length).toBeGreaterThanOrEqual(3);
    await page.goto("/portal/admin/clients?sort=name&dir=asc&pageSize=2");
    await page.getByRole("heading", { level: 1, name: "Clients" }).waitFor();
    expect(await page.title()).toBe("Clients · Lagos Studio");
    await table(page).locator("tbody tr").nth(1).getByRole("link", { name: /View/ }).waitFor();
    expect(await names(page)).toEqual(all.slice(0, 2));
    const nameHeader = table(page).getByRole("columnheader", { name: /Name/ });
    expect(await nameHeader.getAttribute("aria-sort")).toBe("ascending");

    await page.getByRole("button", { name: "Next page" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => names(page)).toEqual(all.slice(2, 4));

    await nameHeader.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("dir") === "desc");
    expect(search(page).get("page")).toBe("1");
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("descending");
    await expect.poll(() => names(page)).toEqual([...all].reverse().slice(0, 2));
    // Said as well: aria-sort is read only when the reader comes back to the header.
    const sortSaid = page.locator('[aria-live="polite"]').filter({ hasText: sortedBy("Name", "desc") });
    expect(await sortSaid.count()).toBe(1);

    // Back returns to the previous page of the previous sort: the URL is the state.
    await page.goBack();
    await expect.poll(() => names(page)).toEqual(all.slice(2, 4));

    // A page past the end (an old link) moves to the last page there is, once the page is live.
    await page.goto("/portal/admin/clients?sort=name&dir=asc&pageSize=2&page=99");
    await hydratePage(page);
    const lastPage = String(Math.ceil(all.length / 2));
    await page.waitForURL((url) => url.searchParams.get("page") === lastPage);
    await expect.poll(() => names(page)).toEqual(all.slice((Number(lastPage) - 1) * 2));
    // The correction took the old link's place: Back leaves for the page before it, not for page 99 again.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => names(page)).toEqual(all.slice(2, 4));
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get("page") === lastPage);

    // By keyboard onto the last page: Next page, now unusable there, keeps the focus, and the page is said.
    const previous = page.getByRole("button", { name: "Previous page" });
    const next = page.getByRole("button", { name: "Next page" });
    await previous.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("page") === String(Number(lastPage) - 1));
    await expect.poll(() => names(page)).toEqual(all.slice((Number(lastPage) - 2) * 2, (Number(lastPage) - 1) * 2));
    await next.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("page") === lastPage);
    await expect.poll(() => next.getAttribute("aria-disabled")).toBe("true");
    expect(await isFocused(next)).toBe(true);
    await page.keyboard.press("Enter");
    expect(search(page).get("page")).toBe(lastPage);
    const said = `${(Number(lastPage) - 1) * 2 + 1}–${all.length} of ${all.length} · page ${lastPage} of ${lastPage}`;
    expect(await page.locator('[aria-live="polite"]').filter({ hasText: said }).count()).toBe(1);
  });

  it("searches by e-mail through the URL, then deletes a client who owns nothing after the confirmation", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/clients");
    const box = page.getByRole("searchbox", { name: "Search by name, e-mail or company" });
    await box.fill("zainab.new");
    await page.waitForURL((url) => url.searchParams.get("q") === "zainab.new");
    await expect.poll(() => names(page)).toEqual([NEWCOMER.fullName]);

    // Cancel first: nothing happens and focus returns to the row's Delete button.
    const trigger = page.getByRole("button", { name: `Delete ${NEWCOMER.fullName}` });
    await trigger.click();
    const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this client?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await trigger.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Client deleted successfully").waitFor();
    await page.getByText("No results for “zainab.new”").waitFor();
    // Said, not only shown: it appeared in a live region.
    expect(await page.locator('[aria-live="polite"]').filter({ hasText: "No results for “zainab.new”" }).count()).toBe(
      1,
    );
    expect(await clientNames("q=zainab.new")).toEqual([]);
  });

  it("deactivates a client who owns projects and can reactivate them", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/clients?q=kunle");
    await page.getByRole("button", { name: /^Delete Kunle/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this client?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Client deactivated", { exact: false }).first().waitFor();
    await table(page).getByText("Deactivated").waitFor();
    const refused = await fetch(`${product.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: product.server.url },
      body: JSON.stringify({ email: "kunle@adeyemilogistics.test", password: "Demo@2026!" }),
    });
    expect(refused.status).toBe(403);
    // Their invoices stay, shown as a deactivated person's (issue #7 item 3).
    await page.goto("/portal/admin/payments?q=kunle");
    await page.getByRole("table").getByRole("link", { name: "Kunle Adeyemi (deactivated)" }).first().waitFor();
    await page.goto("/portal/admin/clients?q=kunle");
    await page.getByRole("button", { name: /^Reactivate Kunle/ }).click();
    await page.getByText("Client reactivated").waitFor();
    await page.getByRole("button", { name: /^Delete Kunle/ }).waitFor();
    // Reactivate left with its result: focus stays in Kunle's row (keepPlace), not at the page's top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("tr")?.textContent ?? ""))
      .toContain("Kunle");

    // Deactivated again, they can be reactivated from their own page too.
    await page.getByRole("button", { name: /^Delete Kunle/ }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await table(page).getByText("Deactivated").waitFor();
    await page.getByRole("link", { name: /^View Kunle/ }).click();
    await page.getByRole("heading", { level: 1, name: /Kunle/ }).waitFor();
    await page.getByText(/^Deactivated /).waitFor();
    await page.getByRole("button", { name: /^Reactivate Kunle/ }).click();
    await page.getByText("Client reactivated").first().waitFor();
    await page.getByText(/^Deactivated /).waitFor({ state: "detached" });
  });

  it("opens a client's page with their projects and their invoices' PDFs, and corrects their profile", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/clients?q=chinedu");
    await page.getByRole("link", { name: /^View Chinedu/ }).click();
    await page.getByRole("heading", { level: 1, name: /Chinedu/ }).waitFor();
    await page.getByRole("region", { name: "Projects" }).getByRole("link").first().waitFor();
    await page
      .getByRole("region", { name: "Invoices" })
      .getByRole("button", { name: /^Download invoice INV-/ })
      .first()
      .waitFor();
    // Each invoice names its project, which opens from there.
    const invoiceRow = page.getByRole("region", { name: "Invoices" }).locator("tbody tr").first();
    const projectTitle = await invoiceRow.getByRole("link").textContent();
    expect(await page.getByRole("region", { name: "Projects" }).getByRole("link").allTextContents()).toContain(
      projectTitle,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Changed elsewhere while the page is open: the client's own company shows without a reload.
    await api.send("PATCH", "/api/me", "chinedu@ezefoods.test", { companyName: "Eze Foods Limited" });
    await page.getByText("Eze Foods Limited").first().waitFor();

    // Edit profile: a blank name is refused under its field with what was typed kept; a new company saves.
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByRole("button", { name: "Edit profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit client" });
    await dialog.getByLabel("Full name").fill("  ");
    await dialog.getByLabel("Company").fill("Eze Foods & Sons");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("Full name is required").waitFor();
    expect(await dialog.getByLabel("Company").inputValue()).toBe("Eze Foods & Sons");
    expect(await axeViolations(page), "the dialog's error").toEqual([]);
    await dialog.getByLabel("Full name").fill("Chinedu Eze");
    // The client renames themself while the dialog is open: the save sends only the company, which changed.
    await api.send("PATCH", "/api/me", "chinedu@ezefoods.test", { fullName: "Chinedu O. Eze" });
    const saved = page.waitForRequest((request) => request.method() === "PATCH");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    expect((await saved).postDataJSON()).toEqual({ companyName: "Eze Foods & Sons" });
    await page.getByText("Client updated successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    await profile.getByText("Eze Foods & Sons").waitFor();
    expect(await api.get<{ companyName: string }>("/api/me", "chinedu@ezefoods.test")).toMatchObject({
      fullName: "Chinedu O. Eze",
      companyName: "Eze Foods & Sons",
    });
    await api.send("PATCH", "/api/me", "chinedu@ezefoods.test", { fullName: "Chinedu Eze" });
  });

  it("a client with more invoices than their page shows: it says so, and links to them all in Payments", async () => {
    const { page } = admin;
    const email = `many.invoices.${Date.now()}@example.test`;
    await api.signUp({ fullName: "Many Invoices", email, password: "Kestrel#Harbour42" });
    const [client] = (await api.get<AdminPage<AdminClient>>(`/api/admin/clients?q=${email}`, ADMIN_EMAIL)).items;
    if (!client) throw new Error(`no client ${email}`);
    for (let n = 0; n < CLIENT_DETAIL_LIMIT + 1; n++) {
      await api.send("POST", "/api/admin/invoices", ADMIN_EMAIL, {
        clientId: client.id,
        projectId: null,
        amount: "100.00",
        dueDate: "2030-01-01",
      });
    }
    await page.goto(`/portal/admin/clients/${client.id}`);
    const invoices = page.getByRole("region", { name: "Invoices" });
    await invoices.getByText(newestShown(CLIENT_DETAIL_LIMIT)).waitFor();
    expect(await invoices.locator("tbody tr").count()).toBe(CLIENT_DETAIL_LIMIT);
    // The kinds with fewer records say nothing of the kind.
    expect(await page.getByRole("region", { name: "Orders" }).getByText(newestShown(CLIENT_DETAIL_LIMIT)).count()).toBe(
      0,
    );
    expect(await axeViolations(page)).toEqual([]);
    await invoices.getByRole("link", { name: "See all in Payments" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/admin/payments" && url.searchParams.get("q") === email);
    await page.getByText(new RegExp(`of ${CLIENT_DETAIL_LIMIT + 1} · page 1`)).waitFor();
  });

  it("says the list could not be loaded, in the spec's toast and under the table, and Retry reads it", async () => {
    const { page } = admin;
    const restore = await serverDown(page, "/api/admin/clients");
    // Opened in the app, which reads the list itself (a page loaded anew is read by the server).
    await page.goto("/portal/admin");
    await openInApp(page, "/portal/admin/clients");
    await page.getByText(TOAST.clientsLoadFailed, { exact: true }).waitFor();
    await page.getByText(TABLE_NOT_LOADED).waitFor();
    // Said once: by its own alert, not a second time by a live region around it, nor by the toast, which is
    // seen but not read out (it sits in the toasts' live region).
    expect(await page.getByRole("alert").filter({ hasText: TABLE_NOT_LOADED }).count()).toBe(1);
    expect(await page.locator("[aria-live]").filter({ hasText: TABLE_NOT_LOADED }).count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: TOAST.clientsLoadFailed }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await restore();
    await page.getByRole("button", { name: "Retry" }).click();
    await table(page).locator("tbody tr").first().getByRole("link", { name: /View/ }).waitFor();
    expect(await page.getByText(TABLE_NOT_LOADED).count()).toBe(0);
  });

  it("passes axe at 1280 px and 375 px, with the confirmation open too", async () => {
    const { page } = admin;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/portal/admin/clients");
      await table(page).getByRole("link", { name: /View/ }).first().waitFor();
      expect(await axeViolations(page), `table at ${viewport.width} px`).toEqual([]);
      // Each client's buttons and the sort buttons are on screen, also on a phone, where each row is a block.
      for (const control of [
        table(page).getByRole("link", { name: /View/ }).first(),
        table(page)
          .getByRole("button", { name: /^Delete / })
          .first(),
        table(page).getByRole("button", { name: "Joined" }),
      ]) {
        const at = await control.boundingBox();
        expect(at && at.x >= 0 && at.x + at.width <= viewport.width, `${control} at ${viewport.width} px`).toBe(true);
      }
      await table(page)
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      const dialog = page.getByRole("alertdialog");
      await dialog.waitFor();
      expect(await axeViolations(page), `dialog at ${viewport.width} px`).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      // An empty search's message is whole on screen: below the table, not in a row as wide as its columns.
      await page.goto("/portal/admin/clients?q=nobody-matches-this");
      const empty = page.getByText("Try another name, e-mail or company, or clear the search.");
      await empty.waitFor();
      const box = await empty.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(viewport.width);
    }
  });

  it("shows the dashboard's counters, quick actions and a new booking live, and passes axe", async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 800 });
    const expected = await api.get<AdminDashboard>("/api/admin/dashboard", ADMIN_EMAIL);
    await page.goto("/portal/admin");
    const overview = page.getByRole("region", { name: "Overview" });
    for (const [label, value] of [
      ["Clients", expected.counts.clients],
      ["Developers", expected.counts.developers],
      ["Active projects", expected.counts.activeProjects],
      ["Unpaid invoices", expected.counts.unpaidInvoices],
    ] as const) {
      await overview.locator("dl").filter({ hasText: label }).getByText(String(value), { exact: true }).waitFor();
    }
    const actions = page.getByRole("region", { name: "Quick Actions" });
    expect(await actions.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/portal/admin/clients",
      "/portal/admin/developers",
      "/portal/admin/plans",
      "/portal/admin/clients/new",
      "/portal/admin/developers/new",
      "/portal/admin/projects/new",
      "/portal/admin/invoices/new",
    ]);
    // Each list's section leads to its whole table, beside its title.
    for (const [region, link, href] of [
      ["Pending bookings", "View all bookings", "/portal/admin/bookings"],
      ["Newest enquiries", "View all enquiries", "/portal/admin/enquiries"],
    ] as const) {
      const all = page.getByRole("region", { name: region }).getByRole("link", { name: link, exact: true });
      expect(await all.getAttribute("href")).toBe(href);
    }
    expect(await axeViolations(page)).toEqual([]);

    // A client orders a service: the pending bookings show it without a reload.
    const [service] = await api.get<{ id: string; title: string }[]>("/api/services", CLIENT);
    if (!service) throw new Error("no active service");
    await api.send("POST", "/api/orders", CLIENT, { serviceId: service.id, notes: "From the dashboard journey" });
    const items = page.getByRole("region", { name: "Pending bookings" }).locator("li");
    const shown = expected.pendingBookings.length;
    expect(shown).toBeLessThan(5);
    // One more booking on the same page, with no reload: the live push made it refetch.
    await expect.poll(() => items.count()).toBe(shown + 1);
    await items.first().getByText(service.title).waitFor();
    // A client invited elsewhere counts at once.
    await api.send("POST", "/api/admin/clients", ADMIN_EMAIL, {
      fullName: "Counted Live",
      email: "counted.live@example.test",
    });
    await overview
      .locator("dl")
      .filter({ hasText: "Clients" })
      .getByText(String(expected.counts.clients + 1), { exact: true })
      .waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page), "at 375 px").toEqual([]);

    // The active projects' figure leads to Projects shown for that status, as many as it counts.
    await page.setViewportSize({ width: 1280, height: 800 });
    await overview.getByRole("link", { name: "View active projects" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/projects" && url.searchParams.get("status") === "active");
    const cards = page.getByRole("list", { name: "Projects" }).getByRole("article");
    await expect.poll(() => cards.count()).toBe(expected.counts.activeProjects);
    expect(await page.getByLabel("Show").inputValue()).toBe("active");

    // The newest enquiry's sender opens Enquiries searched by their e-mail, where its details are.
    const [enquiry] = expected.enquiries;
    if (!enquiry) throw new Error("no enquiry");
    await page.goto("/portal/admin");
    const newest = page.getByRole("region", { name: "Newest enquiries" });
    await newest.getByRole("link", { name: `${enquiry.firstName} ${enquiry.lastName}` }).click();
    await page.waitForURL(
      (url) => url.pathname === "/portal/admin/enquiries" && url.searchParams.get("q") === enquiry.email,
    );
    await page
      .getByRole("table")
      .getByRole("button", { name: new RegExp(`enquiry from ${enquiry.firstName} ${enquiry.lastName}`) })
      .first()
      .waitFor();
  });
});
