import { beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_SHOWN } from "../src/features/notifications/api";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { newUser, serverDown, signIn, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #8 item 4): the administrator writes on a client's project;
 * the client's open portal, on another page, shows the bell's count go up
 * live; the client opens the bell (focus moves in, axe clean), follows the
 * notification to the project page and the count drops; Mark all as read
 * clears the rest; Escape closes the bell and focus returns to it.
 */
const CLIENT = "chinedu@ezefoods.test";
const TITLE = "Eze Foods E-commerce Store";
const SOON_MS = 5_000;

const product = setupProduct();
let api: Api;
let projectId: string;
let client: User;

beforeAll(async () => {
  api = new Api(product.server.url);
  projectId = await api.projectId(CLIENT, TITLE);
  client = await newUser(product.browser, product.server.url);
  await signIn(client.page, CLIENT);
});

async function sendAsAdmin(message: string) {
  await api.send("POST", `/api/projects/${projectId}/messages`, ADMIN_EMAIL, { message });
}

describe("notification centre", () => {
  it("the bell counts a new message live, leads to the project and is cleared by reading", async () => {
    const page = client.page;
    await page.goto("/portal/invoices");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute("aria-label")).toBe("Notifications");

    await sendAsAdmin("A note about your store");
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: SOON_MS });
    expect(await page.getByTestId("notification-count").textContent()).toBe("1");

    await bell.click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    await dialog.waitFor();
    const link = dialog.getByTestId("notification-link").first();
    await link.waitFor();
    expect(await link.textContent()).toContain(`New message on ${TITLE}`);
    expect(await link.textContent()).toContain("A note about your store");
    // Focus is inside the open popover.
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await link.click();
    await waitForPath(page, `/portal/projects/${projectId}`);
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor({ timeout: SOON_MS });
    expect(await page.getByTestId("notification-count").count()).toBe(0);
  });

  it("Mark all as read clears the count; Escape closes the bell and returns focus to it", async () => {
    const page = client.page;
    await page.goto("/portal/invoices");
    await sendAsAdmin("Another note");
    const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
    await bell.waitFor({ timeout: SOON_MS });
    // Said too, not only on the bell's name, which is read only when the bell has the focus.
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: "1 unread notification" })
      .waitFor({ state: "attached" });
    await bell.click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    await dialog.getByTestId("notification-link").first().waitFor();
    // A mark the server refuses says so, and the count stays.
    const restore = await serverDown(page, "/api/notifications/read-all");
    await dialog.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText(TOAST.notificationsReadFailed, { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Notifications, 1 unread" }).count()).toBe(1);
    await restore();
    await dialog.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor({ timeout: SOON_MS });
    const markAll = dialog.getByRole("button", { name: "Mark all as read" });
    await expect.poll(() => markAll.getAttribute("aria-disabled")).toBe("true");
    // The button kept the focus through its spinner and after: the next Tab is a notification, not the page's top.
    await expect.poll(() => markAll.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("notification-link");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Notifications");
  });

  it("Mark all as read works for unread notices older than every one listed", async () => {
    const page = client.page;
    // One unread notice, then more newer ones than the bell lists, each read where it was seen.
    await sendAsAdmin("An older note");
    const clientId = (await api.me(CLIENT)).id;
    for (let i = 0; i < NOTIFICATIONS_SHOWN; i += 1) {
      await api.send("POST", "/api/admin/invoices", ADMIN_EMAIL, {
        clientId,
        projectId,
        amount: "1.00",
        dueDate: "2030-01-31",
      });
    }
    const listed = await api.get<{ items: { id: string; readAt: string | null }[] }>(
      `/api/notifications?limit=${NOTIFICATIONS_SHOWN}`,
      CLIENT,
    );
    for (const notice of listed.items) await api.send("POST", `/api/notifications/${notice.id}/read`, CLIENT, {});
    await page.goto("/portal/invoices");
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    await dialog.getByTestId("notification-link").first().waitFor();
    const markAll = dialog.getByRole("button", { name: "Mark all as read" });
    expect(await markAll.getAttribute("aria-disabled")).toBeNull();
    await markAll.click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor({ timeout: SOON_MS });
  });

  it("shows the empty state to someone with no notifications", async () => {
    const other = await newUser(product.browser, product.server.url);
    await signIn(other.page, "amaka@bellofashion.test");
    await other.page.goto("/portal/invoices");
    await other.page.getByRole("button", { name: "Notifications", exact: true }).click();
    await other.page.getByText("No notifications yet").waitFor();
    expect(await axeViolations(other.page)).toEqual([]);
    await other.context.close();
  });
});
