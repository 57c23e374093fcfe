import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminAnalytics } from "../common/admin-analytics";
import type { Page as ListPage, Task } from "../common/api";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { newUser, openInApp, paintedCanvases, signIn, statCard, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: an administrator opens Analytics and sees the eight metric cards
 * and the three charts, each with its table for screen readers; a developer
 * finishing a task elsewhere moves Active Tasks on the open page without a
 * reload; the page and its error state pass axe at desktop and phone widths.
 */
const product = setupProduct();
const DEVELOPER = "tunde@lagosstudio.test";
const CARDS = [
  "Total Clients",
  "Total Developers",
  "Total Projects",
  "Completed Projects",
  "Active Tasks",
  "Total Revenue",
  "Active Subscriptions",
  "Completion Rate",
];
let admin: User;
let api: Api;

const metric = (page: Page, label: string) => statCard(page, label).getByTestId("stat-value");
const cardValue = async (page: Page, label: string) => ((await metric(page, label).textContent()) ?? "").trim();

beforeAll(async () => {
  api = new Api(product.server.url);
  admin = await newUser(product.browser, product.server.url);
  await signIn(admin.page, ADMIN_EMAIL);
});

describe("Admin › Analytics", () => {
  it("shows the eight cards and three charts, each chart with a table of its figures", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/analytics");
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();
    expect(await page.title()).toBe("Analytics · Lagos Studio");
    const figures = await api.get<AdminAnalytics>("/api/admin/analytics", ADMIN_EMAIL);
    const keyFigures = page.getByRole("region", { name: "Key figures" });
    for (const label of CARDS) await keyFigures.getByText(label, { exact: true }).waitFor();
    await metric(page, "Total Clients").waitFor();
    expect(await cardValue(page, "Total Clients")).toBe(String(figures.cards.clients));
    expect(await cardValue(page, "Active Tasks")).toBe(String(figures.cards.activeTasks));
    expect(await cardValue(page, "Completion Rate")).toBe(`${figures.cards.completionRate.toFixed(1)}%`);
    expect(await page.getByText(/\/mo$/).count()).toBe(1);

    // Three charts drawn (canvas), hidden from assistive technology, each with its table. Drawn with nothing
    // touched: the page came rendered by the server, whose canvases are blank until the app runs.
    await expect.poll(() => page.locator("canvas").count()).toBe(3);
    await expect.poll(() => paintedCanvases(page), { timeout: 10_000 }).toBe(3);
    for (const title of ["Project status overview", "Team overview", "Revenue by month"]) {
      await page.getByRole("heading", { level: 2, name: title }).waitFor();
      const table = page.getByRole("table", { name: title });
      await table.waitFor({ state: "attached" });
      expect(await table.locator("tbody tr").count(), title).toBeGreaterThan(0);
    }
    const months = page.getByRole("table", { name: "Revenue by month" }).locator("tbody tr");
    expect(await months.count()).toBe(12);
    const completed = figures.projectStatus.find((row) => row.status === "completed")?.count;
    expect(
      await page
        .getByRole("table", { name: "Project status overview" })
        .getByRole("row", { name: /Completed/ })
        .textContent(),
    ).toContain(String(completed));
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page), "at 375 px").toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("moves Active Tasks live when a developer changes a task's status elsewhere", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/analytics");
    await metric(page, "Active Tasks").waitFor();
    const before = Number(await cardValue(page, "Active Tasks"));
    const mine = await api.get<ListPage<Task>>("/api/tasks?limit=100", DEVELOPER);
    const open = mine.items.find((task) => task.status !== "completed");
    const task = open ?? mine.items[0];
    if (!task) throw new Error(`${DEVELOPER} has no tasks in the demo data`);
    await api.send("PATCH", `/api/tasks/${task.id}/status`, DEVELOPER, { status: open ? "completed" : "todo" });
    const expected = String(open ? before - 1 : before + 1);
    await expect.poll(() => cardValue(page, "Active Tasks"), { timeout: 10_000 }).toBe(expected);
  });

  it("says so when the analytics cannot be loaded, with Retry, and passes axe", async () => {
    const { page } = admin;
    await page.route("**/api/admin/analytics", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal Server Error"}' }),
    );
    // Opened in the app, which reads the figures itself (a page loaded anew is read by the server).
    await page.goto("/portal/admin");
    await openInApp(page, "/portal/admin/analytics");
    await page.getByText("The analytics could not be loaded.").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Retry" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute("**/api/admin/analytics");
    await page.getByRole("button", { name: "Retry" }).click();
    await metric(page, "Total Clients").waitFor();
  });
});
