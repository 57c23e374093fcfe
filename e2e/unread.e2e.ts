import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { hydratePage, newUser, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #8 item 3): a message on a project the client has not
 * opened raises the badge on Projects in their sidebar and on the project's
 * card, live; opening the thread shows a "New messages" divider before it
 * and clears both badges.
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

describe("unread messages", () => {
  it("raise the sidebar and card badges live, and opening the thread shows where they start and clears them", async () => {
    const page = client.page;
    await page.goto("/portal/projects");
    await page.getByRole("heading", { name: TITLE }).waitFor();
    const sidebarBadge = page.getByTestId("unread-messages-badge");
    const card = page.getByRole("article", { name: TITLE });
    expect(await sidebarBadge.count()).toBe(0);

    await sendAsAdmin("Unread one");
    await sendAsAdmin("Unread two");
    await sidebarBadge.filter({ hasText: "2" }).waitFor({ timeout: SOON_MS });
    await card.getByTestId("project-unread-badge").filter({ hasText: "2 unread" }).waitFor({ timeout: SOON_MS });
    // The badge is part of the link's name for screen readers.
    await page.getByRole("link", { name: /Projects 2 unread messages/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole("link", { name: "View Project Details" }).click();
    const divider = page.getByTestId("new-messages-divider");
    await divider.waitFor({ timeout: SOON_MS });
    // The divider sits right before the first unread message.
    const next = page.locator('[data-testid="new-messages-divider"] + li');
    expect(await next.textContent()).toContain("Unread one");
    await sidebarBadge.waitFor({ state: "detached", timeout: SOON_MS });
    // It stays while the thread is open, even after the thread was marked read.
    expect(await divider.count()).toBe(1);

    await page.goto("/portal/projects");
    await page.getByRole("heading", { name: TITLE }).waitFor();
    expect(await page.getByRole("article", { name: TITLE }).getByTestId("project-unread-badge").count()).toBe(0);
  });

  it("sends a failed mark once, not again at every render, and again when the thread moves on", async () => {
    const page = client.page;
    await sendAsAdmin("Marked while the server fails");
    const path = `/api/projects/${projectId}/read`;
    let marks = 0;
    await page.route(`**${path}`, (route) => {
      marks += 1;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"x","message":"Down"}}',
      });
    });
    await page.goto(`/portal/projects/${projectId}`);
    await page.getByText("Marked while the server fails").waitFor();
    await hydratePage(page);
    await expect.poll(() => marks).toBeGreaterThan(0);
    await page.waitForTimeout(1_500);
    expect(marks).toBe(1);
    await page.unroute(`**${path}`);
    // The next message moves the thread on: read up to it, and this time it goes through.
    const marked = page.waitForResponse((response) => response.url().endsWith(path) && response.status() === 200);
    await sendAsAdmin("The one after");
    await marked;
  });
});
