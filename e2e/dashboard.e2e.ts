import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClientDashboard, DeveloperDashboard, Page as ListPage, Task } from "../common/api";
import { TASK_STATUSES } from "../common/domain";
import { formatMoney } from "../common/format";
import { CONTACT_US } from "../src/components/ContactUsButton";
import { NO_INVOICES } from "../src/features/invoices/labels";
import { NO_PROJECTS } from "../src/features/projects/labels";
import { TASK_STATUS_LABELS } from "../src/features/tasks/labels";
import { Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  figuresOffOneLine,
  hydratePage,
  isFocused,
  newUser,
  openInApp,
  signIn,
  signUpHere,
  statCard,
  type User,
  waitForPath,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: a client's dashboard shows the figures the API reports, View
 * Details opens the project, the quick actions go where they say; a
 * developer's dashboard shows their task counts and follows a status change
 * live. axe-core finds nothing at 1280 px and 375 px.
 */
const CLIENT = "chinedu@ezefoods.test";
const DEVELOPER = "tunde@lagosstudio.test";
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

const product = setupProduct();
let api: Api;
let client: User;
let developer: User;

beforeAll(async () => {
  api = new Api(product.server.url);
  [client, developer] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await Promise.all([signIn(client.page, CLIENT), signIn(developer.page, DEVELOPER)]);
});

/** The figures region, loaded (no skeleton left anywhere on the page). */
async function openDashboard(page: Page): Promise<Locator> {
  await page.goto("/portal");
  const figures = page.getByRole("region", { name: "Your figures" });
  await figures.waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return figures;
}

/** The value and help line of the stat card labelled `label`. */
async function stat(figures: Locator, label: string) {
  const card = statCard(figures, label);
  const value = await card.getByTestId("stat-value").textContent();
  const help = await card.getByTestId("stat-help").textContent();
  return { value, help };
}

const money = (minor: number) => formatMoney(minor, "NGN");

describe("client dashboard", () => {
  it("shows the figures, projects and invoices the API reports; axe finds nothing at both widths", async () => {
    const { page } = client;
    const data = await api.get<ClientDashboard>("/api/dashboard", CLIENT);
    const me = await api.me(CLIENT);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const figures = await openDashboard(page);
      expect(await page.title()).toBe("Dashboard · Lagos Studio");
      await page.getByText(`Welcome back, ${me.fullName}`).waitFor();
      expect(await stat(figures, "Active Projects")).toEqual({
        value: String(data.projects.active),
        help: `${data.projects.total} total projects`,
      });
      expect(await stat(figures, "Total Invoices")).toEqual({
        value: money(data.invoices.totalMinor),
        help: `${data.invoices.paid} paid`,
      });
      expect((await stat(figures, "Average Progress")).value).toBe(`${data.projects.averageProgress}%`);
      expect((await stat(figures, "Account Status")).value).toBe("Active");
      // A seven-figure amount stays on one line in a quarter of the page (it once broke before ".00").
      expect(data.invoices.totalMinor).toBeGreaterThanOrEqual(1_000_000_00);
      expect(await figuresOffOneLine(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    }

    const projects = page.getByRole("list", { name: "Recent Projects" }).locator(":scope > li");
    expect(await projects.getByRole("heading").allTextContents()).toEqual(data.recentProjects.map((p) => p.title));
    const invoices = page.getByRole("list", { name: "Recent Invoices" }).locator(":scope > li");
    expect(await invoices.count()).toBe(data.recentInvoices.length);
    for (const [index, invoice] of data.recentInvoices.entries()) {
      const row = invoices.nth(index);
      await row.getByText(invoice.invoiceNumber, { exact: true }).waitFor();
      expect(await row.getByTestId("invoice-amount").textContent()).toBe(money(invoice.amountMinor));
      const label = { paid: "Paid", unpaid: "Unpaid", overdue: "Overdue" }[invoice.status];
      expect(await row.getByText(label, { exact: true }).count()).toBe(1);
    }
  });

  it("View Details opens the project", async () => {
    const { page } = client;
    await page.setViewportSize(VIEWPORTS[0] as { width: number; height: number });
    const data = await api.get<ClientDashboard>("/api/dashboard", CLIENT);
    const first = data.recentProjects[0];
    if (!first) throw new Error("the demo client has no project");
    await openDashboard(page);
    const row = page.getByRole("article", { name: first.title });
    // Live first: a link followed before then loads the next page afresh, as any server-rendered page's does.
    await hydratePage(page);
    await row.getByRole("link", { name: "View Details" }).click();
    await waitForPath(page, `/portal/projects/${first.id}`);
    await page.getByRole("heading", { level: 1, name: first.title }).waitFor();
    // The link left with the dashboard: the focus is on the new page's main landmark, not the document's body.
    await expect.poll(() => isFocused(page.getByRole("main"))).toBe(true);
  });

  it.each([
    ["View All Projects", "/portal/projects"],
    ["View Invoices", "/portal/invoices"],
    ["Account Settings", "/portal/settings"],
  ])("the quick action %s goes to %s", async (name, path) => {
    const { page } = client;
    await openDashboard(page);
    await page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name }).click();
    await waitForPath(page, path);
  });

  it("a failed read says so and Try again loads the figures", async () => {
    const { page } = client;
    // Opened in the app, which reads the figures itself (a page loaded anew is read by the server).
    await page.goto("/portal/settings");
    await page.route("**/api/dashboard", (route) => route.abort());
    try {
      await openInApp(page, "/portal");
      const alert = page.getByRole("alert").filter({ hasText: "We could not load your dashboard" });
      await alert.waitFor();
      // No figure is shown as a wrong 0 meanwhile.
      expect(await page.getByRole("region", { name: "Your figures" }).count()).toBe(0);
      // The ways on need no figures: still offered.
      await page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: "View Invoices" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.unroute("**/api/dashboard");
      await alert.getByRole("button", { name: "Try again" }).press("Enter");
      await page.getByRole("region", { name: "Your figures" }).getByTestId("stat-value").first().waitFor();
      // Try again left with the alert: the keyboard's focus is in the dashboard it loaded, not on the page's body.
      expect(await page.getByRole("main").evaluate((main) => main.contains(document.activeElement))).toBe(true);
    } finally {
      await page.unroute("**/api/dashboard");
    }
  });
});

describe("a new client's dashboard", () => {
  it("shows zeros, no projects yet with Contact Us, and no invoices", async () => {
    const email = `dashboard.${Date.now()}@example.test`;
    const fresh = await newUser(product.browser, product.server.url);
    try {
      const { page } = fresh;
      await signUpHere(page, { fullName: "Bisi Ojo", email, password: "Str0ng!Passw0rd" });
      // The verification link, opened where the account was made, signs the new client in and lands on the portal.
      await page.goto(await api.latestLink(email));
      await waitForPath(page, "/portal");
      const figures = await openDashboard(page);
      expect(await stat(figures, "Active Projects")).toEqual({ value: "0", help: "0 total projects" });
      expect((await stat(figures, "Total Invoices")).value).toBe(money(0));
      expect((await stat(figures, "Average Progress")).value).toBe("0%");
      const projects = page.getByRole("region", { name: "Recent Projects" });
      await projects.getByRole("heading", { name: NO_PROJECTS }).waitFor();
      await page.getByRole("region", { name: "Recent Invoices" }).getByText(NO_INVOICES).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await projects.getByRole("link", { name: CONTACT_US }).click();
      await waitForPath(page, "/contact");
    } finally {
      await fresh.context.close();
    }
  });
});

describe("developer dashboard", () => {
  it("shows their task counts and projects; a status change shows live; axe finds nothing at both widths", async () => {
    const { page } = developer;
    const data = await api.get<DeveloperDashboard>("/api/dashboard", DEVELOPER);
    const tasks = (await api.get<ListPage<Task>>("/api/tasks?limit=100", DEVELOPER)).items;
    for (const status of TASK_STATUSES) {
      expect(data.tasks[status]).toBe(tasks.filter((task) => task.status === status).length);
    }
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const figures = await openDashboard(page);
      for (const status of TASK_STATUSES) {
        expect((await stat(figures, TASK_STATUS_LABELS[status])).value).toBe(String(data.tasks[status]));
      }
      expect((await stat(figures, "My Projects")).value).toBe(String(data.projects.total));
      const projects = page.getByRole("list", { name: "My Projects" }).locator(":scope > li");
      expect(await projects.getByRole("heading").allTextContents()).toEqual(data.recentProjects.map((p) => p.title));
      expect(await axeViolations(page)).toEqual([]);
    }

    // Tasks due soon, each with its project: a link where they are on it.
    const dueSoon = page.getByRole("list", { name: "Tasks due soon" }).locator(":scope > li");
    expect(await dueSoon.getByRole("heading").allTextContents()).toEqual(data.dueSoon.map((entry) => entry.title));
    expect(data.dueSoon.some((entry) => entry.openableProjectId)).toBe(true);
    for (const [index, entry] of data.dueSoon.entries()) {
      const links = dueSoon.nth(index).getByRole("link");
      if (!entry.openableProjectId) expect(await links.count()).toBe(0);
      else {
        expect(await links.getAttribute("href")).toBe(`/portal/projects/${entry.openableProjectId}`);
        expect(await links.textContent()).toBe(entry.projectTitle);
      }
    }

    // Moving a task elsewhere (another tab, the API) moves the counters here without a reload.
    const task = tasks.find((entry) => entry.status !== "review");
    if (!task) throw new Error("the demo developer has no task outside review");
    const figures = page.getByRole("region", { name: "Your figures" });
    await api.send("PATCH", `/api/tasks/${task.id}/status`, DEVELOPER, { status: "review" });
    await expect
      .poll(async () => (await stat(figures, TASK_STATUS_LABELS.review)).value, { timeout: 5_000 })
      .toBe(String(data.tasks.review + 1));
    expect((await stat(figures, TASK_STATUS_LABELS[task.status])).value).toBe(String(data.tasks[task.status] - 1));

    // Each status's figure leads to My Tasks shown for that status.
    await figures.getByRole("link", { name: `View tasks in ${TASK_STATUS_LABELS.review}` }).click();
    await page.waitForURL((url) => url.pathname === "/portal/my-tasks" && url.searchParams.get("status") === "review");
    const inReview = (await api.get<ListPage<Task>>("/api/tasks?status=review&limit=100", DEVELOPER)).items;
    await expect
      .poll(() => page.getByRole("list", { name: "Tasks" }).getByRole("article").getByRole("heading").allInnerTexts())
      .toEqual(inReview.map((entry) => entry.title));
    expect(inReview.map((entry) => entry.id)).toContain(task.id);
  });
});
