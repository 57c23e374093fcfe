import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminPage } from "../common/admin";
import type { AdminPayment, AdminProject, PersonOption } from "../common/admin-money";
import { PROJECT_INVOICED_KEPT } from "../common/domain";
import { formatDay } from "../common/format";
import { AMOUNT_FORMAT, EDITED_MEANWHILE } from "../common/schemas";
import { DELETE_INVOICE_QUESTION, MARK_PAID_QUESTION, pickerFound } from "../src/features/admin/labels";
import { DELETE_PROJECT_QUESTION, PROJECT_WAITS_OFFLINE } from "../src/features/projects/labels";
import { TOAST } from "../src/lib/messages";
import { formatAmount } from "../src/lib/money";
import { pdfText } from "../test/support/invoices";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { holdRequests, isFocused, newUser, openInApp, signIn, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #7 items 5 and 7): a client has Projects and Invoices open in
 * a second browser; an administrator creates a project for them, edits it,
 * creates an invoice for it, corrects it, marks it paid on Payments, and deletes one issued
 * by mistake, and deletes a project created by mistake. The client's open
 * pages show each change without a reload. The forms (with their errors), the
 * edit dialog, the payments page and its confirmation pass axe.
 */
const product = setupProduct();
const CLIENT = "amaka@bellofashion.test";
const TITLE = "Harbour Ledger App";
let api: Api;
let admin: User;
let clientProjects: Page;
let clientInvoices: Page;
let clientId: string;
let invoiceNumber: string;

/** How many of the page's polite live regions say `text`. */
const saidPolitely = (page: Page, text: string) =>
  page.locator('[aria-live="polite"]').filter({ hasText: text }).count();
/** How many `kind` options the pickers' search `q` finds. */
const optionsFound = async (kind: "client" | "developer", q: string) =>
  (await api.get<PersonOption[]>(`/api/admin/${kind}-options?q=${q}`, ADMIN_EMAIL)).length;

beforeAll(async () => {
  api = new Api(product.server.url);
  clientId = (await api.me(CLIENT)).id;
  admin = await newUser(product.browser, product.server.url);
  await signIn(admin.page, ADMIN_EMAIL);
  const client = await newUser(product.browser, product.server.url);
  await signIn(client.page, CLIENT);
  clientProjects = client.page;
  await clientProjects.goto("/portal/projects");
  await clientProjects.getByRole("list", { name: "Projects" }).waitFor();
  clientInvoices = await client.context.newPage();
  await clientInvoices.goto("/portal/invoices");
  await clientInvoices.getByRole("table", { name: "All invoices" }).locator("tbody tr").first().waitFor();
});

describe("Admin › money and projects", () => {
  it("creates a project from the dashboard's quick action; the client's open projects list shows it live", async () => {
    const { page } = admin;
    await page.goto("/portal/admin");
    await page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: "Create project" }).click();
    await waitForPath(page, "/portal/admin/projects/new");
    await page.getByRole("heading", { level: 1, name: "New project" }).waitFor();
    expect(await axeViolations(page), "empty form").toEqual([]);

    // Nothing filled: each required field says so, under itself.
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByText("Enter a title.").waitFor();
    await page.getByText("Choose a client.").waitFor();
    expect(await axeViolations(page), "form with errors").toEqual([]);

    await page.getByLabel("Title").fill(TITLE);
    // The first field in error takes the focus: with the title there, the client's.
    await page.getByRole("button", { name: "Create project" }).click();
    await expect.poll(() => isFocused(page.getByLabel("Client", { exact: true }))).toBe(true);
    await page.getByLabel("Description").fill("Bookkeeping for the harbour shops.");
    await page.getByRole("searchbox", { name: "Find a client" }).fill("amaka");
    // What each search found is said: the choices change out of sight of the search box.
    const clients = pickerFound(await optionsFound("client", "amaka"), "client");
    await expect.poll(() => saidPolitely(page, clients)).toBe(1);
    await page.getByLabel("Client", { exact: true }).selectOption(clientId);
    const developerSearch = page.getByRole("searchbox", { name: "Find a developer" });
    await developerSearch.fill("nobody matches");
    await expect.poll(() => saidPolitely(page, pickerFound(0, "developer"))).toBe(1);
    await developerSearch.fill("tunde");
    const developers = pickerFound(await optionsFound("developer", "tunde"), "developer");
    await expect.poll(() => saidPolitely(page, developers)).toBe(1);
    await page.getByRole("checkbox", { name: /Tunde Bakare/ }).check();
    await page.getByLabel("Progress (%)").fill("20");
    await page.getByLabel("Start date").fill("2026-06-30");
    await page.getByLabel("End date").fill("2026-03-01");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByText("The end date cannot be before the start date.").waitFor();
    await page.getByLabel("End date").fill("2026-09-30");
    // Cancel while the save is on its way: the project is created all the same, and the toast says so on
    // the page the administrator went to, which stays (no navigation to the new project pulls them back).
    const held = await holdRequests(page, "**/api/admin/projects", { method: "POST" });
    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/admin/projects") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Create project" }).click();
    await expect.poll(held.requested).toBe(1);
    await page.getByRole("link", { name: "Cancel" }).click();
    await waitForPath(page, "/portal/admin");
    await page.getByRole("region", { name: "Quick Actions" }).waitFor();
    held.release();
    const createdId = ((await (await created).json()) as { id: string }).id;
    await page.getByText(TOAST.projectCreated).waitFor();
    await page.unroute("**/api/admin/projects");
    expect(new URL(page.url()).pathname).toBe("/portal/admin");
    await page.goto(`/portal/projects/${createdId}`);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();

    // The client's list, open all along, shows the project without a reload, and their bell tells of it.
    await clientProjects.getByRole("list", { name: "Projects" }).getByText(TITLE).waitFor();
    await clientProjects.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    const bell = clientProjects.getByRole("dialog", { name: "Notifications" });
    await bell
      .getByTestId("notification-link")
      .filter({ hasText: `A new project: ${TITLE}` })
      .waitFor();
    // Escape closes the popover once focus is inside it (moved there after it opens).
    await expect.poll(() => bell.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await clientProjects.keyboard.press("Escape");
    await bell.waitFor({ state: "hidden" });
  });

  it("edits the project from its page in a dialog (administrators only); the client's open page follows live", async () => {
    const { page } = admin;
    // The client has the same project open, without an Edit button.
    const projectUrl = new URL(page.url()).pathname;
    const check = await newUser(product.browser, product.server.url);
    await signIn(check.page, CLIENT);
    await check.page.goto(projectUrl);
    await check.page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await check.page.getByText("20%").first().waitFor();
    expect(await check.page.getByRole("button", { name: "Edit project" }).count()).toBe(0);
    // The client's name is text to the client, and opens the client's page for the administrator.
    expect(await check.page.getByRole("link", { name: "Amaka Bello" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Amaka Bello" }).getAttribute("href")).toMatch(
      /^\/portal\/admin\/clients\/[^/]+$/,
    );

    await page.getByRole("button", { name: "Edit project" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit project" });
    await dialog.getByLabel("Title").waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe(TITLE);
    expect(await dialog.getByRole("checkbox", { name: /Tunde Bakare/ }).isChecked()).toBe(true);
    expect(await axeViolations(page), "edit dialog").toEqual([]);
    await dialog.getByLabel("Progress (%)").fill("150");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("Enter a progress from 0 to 100.").waitFor();
    expect(await axeViolations(page), "edit dialog with an error").toEqual([]);
    await dialog.getByLabel("Progress (%)").fill("45");
    // The connection drops and comes back: the project is read again behind the form, which keeps
    // what is typed rather than starting again from the project as read.
    const reread = page.waitForResponse(
      (response) =>
        response.request().method() === "GET" && /\/api\/admin\/projects\/[0-9a-f-]{36}$/.test(response.url()),
    );
    await admin.context.setOffline(true);
    await admin.context.setOffline(false);
    await reread;
    await page.waitForTimeout(300);
    expect(await dialog.getByLabel("Progress (%)").inputValue()).toBe("45");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Project updated successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    // Opened offline, the dialog says why the project has not loaded, and loads it once back online.
    await admin.context.setOffline(true);
    try {
      await page.getByRole("button", { name: "Edit project" }).click();
      await dialog.getByText(PROJECT_WAITS_OFFLINE).waitFor();
    } finally {
      await admin.context.setOffline(false);
    }
    await expect.poll(() => dialog.getByLabel("Progress (%)").inputValue()).toBe("45");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByText("45%").first().waitFor();
    await check.page.getByText("45%").first().waitFor();
    await check.context.close();

    // Another administrator changes the project while the dialog is open: the save is refused, and says why.
    await page.getByRole("button", { name: "Edit project" }).click();
    await expect.poll(() => dialog.getByLabel("Progress (%)").inputValue()).toBe("45");
    const projectPath = `/api/admin/projects/${projectUrl.split("/").at(-1)}`;
    const current = await api.get<AdminProject>(projectPath, ADMIN_EMAIL);
    await api.send("PATCH", projectPath, ADMIN_EMAIL, {
      title: current.title,
      description: current.description ?? "",
      clientId: current.clientId,
      developerIds: current.developers.map((developer) => developer.id),
      status: current.status,
      progress: 60,
      startDate: current.startDate,
      endDate: current.endDate,
      expectedUpdatedAt: current.updatedAt,
    });
    await page.getByText("60%").first().waitFor();
    await dialog.getByLabel("Title").fill(`${TITLE} renamed`);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText(EDITED_MEANWHILE).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();

    // Its tasks: Admin › Tasks filtered by the project, which the Project filter names.
    await page.getByRole("link", { name: "View tasks" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/admin/tasks" && url.searchParams.get("project") !== null);
    const filter = page.getByRole("search", { name: "Filter tasks" }).getByLabel("Project");
    await expect.poll(() => filter.locator("option:checked").textContent()).toBe(TITLE);
    // A task created there starts in that project.
    await page.getByRole("button", { name: "Create Task" }).click();
    const taskDialog = page.getByRole("dialog", { name: "Create Task" });
    const taskProject = taskDialog.getByLabel("Project", { exact: true });
    await expect.poll(() => taskProject.locator("option:checked").textContent()).toBe(TITLE);
    await taskDialog.getByRole("button", { name: "Cancel" }).click();
    await taskDialog.waitFor({ state: "detached" });
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
  });

  it("creates an invoice for the client's project; the client's open invoices page shows it live", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/invoices/new");
    await page.getByRole("heading", { level: 1, name: "New invoice" }).waitFor();
    expect(await axeViolations(page), "empty form").toEqual([]);

    await page.getByLabel("Amount").fill("12.345");
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.getByText("Choose a client.").waitFor();
    await page.getByText("Enter an amount like 1500 or 1500.50, with at most two decimals.").waitFor();
    await expect.poll(() => isFocused(page.getByLabel("Client", { exact: true }))).toBe(true);
    expect(await axeViolations(page), "form with errors").toEqual([]);

    await page.getByRole("searchbox", { name: "Find a client" }).fill("amaka");
    await page.getByLabel("Client", { exact: true }).selectOption(clientId);
    // The client's projects are searched by the start of their title.
    await page.getByRole("searchbox", { name: "Find a project" }).fill(TITLE.slice(0, 8));
    const project = page.getByLabel("Project", { exact: true });
    await expect.poll(() => project.locator("option", { hasText: TITLE }).count()).toBe(1);
    await project.selectOption({ label: TITLE });
    await page.getByLabel("Amount").fill("250000.50");
    await page.getByLabel("Due date").fill("2030-01-31");
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.getByText("Invoice created successfully").waitFor();
    await waitForPath(page, "/portal/admin/payments");

    const newest = await api.get<AdminPage<AdminPayment>>("/api/admin/payments?sort=created&dir=desc", ADMIN_EMAIL);
    const invoice = newest.items[0];
    expect(invoice).toMatchObject({ clientId, projectTitle: TITLE, amount: 25_000_050, status: "unpaid" });
    invoiceNumber = invoice?.invoiceNumber ?? "";
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{3,}$/);

    const row = clientInvoices.getByRole("row").filter({ hasText: invoiceNumber });
    await row.getByText("Unpaid").waitFor();
  });

  it("corrects the unpaid invoice on Payments; a bad amount stays typed under its field; the client sees the new amount live", async () => {
    const { page } = admin;
    await page.goto(`/portal/admin/payments?q=${invoiceNumber}`);
    const row = page.getByRole("table", { name: "All invoices" }).getByRole("row").filter({ hasText: invoiceNumber });
    await row.getByRole("button", { name: `Edit invoice ${invoiceNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit invoice ${invoiceNumber}` });
    const amount = dialog.getByLabel("Amount");
    // It opens on the invoice as it is.
    await expect.poll(() => amount.inputValue()).toBe("250000.50");
    expect(await dialog.getByLabel("Due date").inputValue()).toBe("2030-01-31");
    await expect.poll(() => dialog.getByLabel("Project", { exact: true }).inputValue()).not.toBe("");

    await amount.fill("12.345");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText(AMOUNT_FORMAT).waitFor();
    expect(await amount.inputValue()).toBe("12.345");
    expect(await axeViolations(page), "edit invoice with an error").toEqual([]);

    await amount.fill("275000");
    await dialog.getByLabel("Due date").fill("2030-02-28");
    // Escape while the save is on its way leaves the dialog open: its outcome is told, not lost.
    const held = await holdRequests(page, "**/api/admin/invoices/*", { method: "PATCH" });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(held.requested).toBe(1);
    // Pressed once the dialog shows the save under way (as a person sees it): the render that shows it
    // may come a moment after the request has left.
    await expect.poll(() => dialog.getByRole("button", { name: "Close" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    held.release();
    await page.getByText(TOAST.invoiceUpdated).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute("**/api/admin/invoices/*");
    await row.getByText(formatAmount(275_000_00)).waitFor();
    await row.getByText(formatDay("2030-02-28")).waitFor();

    const clientRow = clientInvoices.getByRole("row").filter({ hasText: invoiceNumber });
    await clientRow.getByText(formatAmount(275_000_00)).waitFor();
  });

  it("marks it paid on Payments after the confirmation; the client sees Paid live", async () => {
    const { page } = admin;
    await page.goto(`/portal/admin/payments?q=${invoiceNumber}`);
    const table = page.getByRole("table", { name: "All invoices" });
    const row = table.getByRole("row").filter({ hasText: invoiceNumber });
    await row.getByText("Amaka Bello").waitFor();
    // Its project and its client's page open from the row.
    expect(await row.getByRole("link", { name: TITLE }).getAttribute("href")).toMatch(
      /^\/portal\/projects\/[0-9a-f-]{36}$/,
    );
    expect(await row.getByRole("link", { name: "Amaka Bello" }).getAttribute("href")).toMatch(
      /^\/portal\/admin\/clients\/[^/]+$/,
    );
    await page.getByRole("region", { name: "Payment totals" }).getByText("Revenue").waitFor();
    expect(await axeViolations(page), "payments").toEqual([]);

    // The invoice's PDF, from its row (the server makes it).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: `Download invoice ${invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    expect(await pdfText(new Uint8Array(await readFile(await download.path())))).toContain(invoiceNumber);

    await row.getByRole("button", { name: `Mark paid ${invoiceNumber}` }).click();
    const dialog = page.getByRole("alertdialog", { name: MARK_PAID_QUESTION });
    await dialog.waitFor();
    expect(await axeViolations(page), "confirmation").toEqual([]);
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await page.getByText("Payment confirmed").waitFor();
    await row.getByText("Paid", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /Mark paid/ }).count()).toBe(0);
    await row.getByRole("button", { name: `Download invoice ${invoiceNumber}` }).waitFor();

    await clientInvoices
      .getByRole("row")
      .filter({ hasText: invoiceNumber })
      .getByText("Paid", { exact: true })
      .waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page), "payments at 375 px").toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("deletes an unpaid invoice issued by mistake after the confirmation; the client's open invoices page drops it live", async () => {
    const { page } = admin;
    const mistaken = await api.send<AdminPayment>("POST", "/api/admin/invoices", ADMIN_EMAIL, {
      clientId,
      projectId: null,
      amount: "99.00",
      dueDate: "2030-03-31",
    });
    const clientRow = clientInvoices.getByRole("row").filter({ hasText: mistaken.invoiceNumber });
    await clientRow.waitFor();

    await page.goto(`/portal/admin/payments?q=${mistaken.invoiceNumber}`);
    const table = page.getByRole("table", { name: "All invoices" });
    await table.getByRole("button", { name: `Delete invoice ${mistaken.invoiceNumber}` }).click();
    const dialog = page.getByRole("alertdialog", { name: DELETE_INVOICE_QUESTION });
    await dialog.getByText(`${mistaken.invoiceNumber} for Amaka Bello`, { exact: false }).waitFor();
    expect(await axeViolations(page), "delete confirmation").toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText(TOAST.invoiceDeleted).waitFor();
    await table.getByRole("row").filter({ hasText: mistaken.invoiceNumber }).waitFor({ state: "detached" });
    await clientRow.waitFor({ state: "detached" });

    // A paid invoice records money received: its row offers no Delete.
    await page.goto(`/portal/admin/payments?q=${invoiceNumber}`);
    const paidRow = table.getByRole("row").filter({ hasText: invoiceNumber });
    await paidRow.getByRole("button", { name: `Download invoice ${invoiceNumber}` }).waitFor();
    expect(await paidRow.getByRole("button", { name: /^Delete/ }).count()).toBe(0);
  });

  it("lists the unpaid invoices from the dashboard's figure, then by each status through the URL", async () => {
    const { page } = admin;
    await page.goto("/portal/admin");
    await page.getByRole("link", { name: "View unpaid invoices" }).click();
    await waitForPath(page, "/portal/admin/payments");
    const filter = page.getByLabel("Status", { exact: true });
    await expect.poll(() => filter.inputValue()).toBe("pending");
    const table = page.getByRole("table", { name: "All invoices" });
    const numbers = () => table.locator("tbody tr td:first-child").allTextContents();
    const listed = async (status: string) =>
      (await api.get<AdminPage<AdminPayment>>(`/api/admin/payments?status=${status}`, ADMIN_EMAIL)).items.map(
        (row) => row.invoiceNumber,
      );
    const pending = await listed("pending");
    expect(pending.length).toBeGreaterThan(0);
    await expect.poll(numbers).toEqual(pending);
    expect(await axeViolations(page), "filtered payments").toEqual([]);

    await filter.selectOption("paid");
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("paid");
    const paid = await listed("paid");
    expect(paid.some((number) => pending.includes(number))).toBe(false);
    await expect.poll(numbers).toEqual(paid);
  });

  it("deletes a project created by mistake after the confirmation; the client's open page says it is gone", async () => {
    const { page } = admin;
    // One with invoices stays, and says why.
    await openInApp(page, `/portal/projects/${await api.projectId(CLIENT, TITLE)}`);
    await page.getByRole("button", { name: "Delete project" }).click();
    const confirm = page.getByRole("alertdialog", { name: DELETE_PROJECT_QUESTION });
    await confirm.getByText(`${TITLE}, with its messages, files and milestones.`, { exact: false }).waitFor();
    expect(await axeViolations(page), "delete confirmation").toEqual([]);
    await confirm.getByRole("button", { name: "Delete project" }).click();
    await page.getByText(`${TOAST.projectDeleteFailed}: ${PROJECT_INVOICED_KEPT}`).waitFor();
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();

    const duplicate = `${TITLE} (duplicate)`;
    const mistaken = await api.createProject(clientId, duplicate, "Created twice.");
    await openInApp(clientProjects, `/portal/projects/${mistaken.id}`);
    await clientProjects.getByRole("heading", { level: 1, name: duplicate }).waitFor();
    await openInApp(page, `/portal/projects/${mistaken.id}`);
    await page.getByRole("button", { name: "Delete project" }).click();
    await confirm.getByRole("button", { name: "Delete project" }).click();
    await page.getByText(TOAST.projectDeleted).waitFor();
    await waitForPath(page, "/portal/projects");
    // The client's open page says it is gone, then takes them back to their list, where it is not.
    await clientProjects.getByRole("heading", { level: 1, name: "Project not found" }).waitFor();
    await waitForPath(clientProjects, "/portal/projects");
    await clientProjects.getByRole("list", { name: "Projects" }).getByText(TITLE, { exact: true }).waitFor();
    await expect.poll(() => clientProjects.getByText(duplicate).count()).toBe(0);
  });
});
