import type { Locator, Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page as ListPage, Milestone, Project } from "../common/api";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "../common/domain";
import { ATTACH_NOT_FOUND } from "../common/schemas";
import {
  DELETE_MILESTONE_QUESTION,
  MARK_MILESTONE_PAID_QUESTION,
  MESSAGES_NOT_LOADED,
  MILESTONES_NOT_LOADED,
  NO_MILESTONES,
  NO_PROJECTS_OF_STATUS,
  noProjectsOfStatusText,
  PROJECT_NOT_FOUND_TEXT,
} from "../src/features/projects/labels";
import { TOAST } from "../src/lib/messages";
import { PORTAL_STATE_ID } from "../src/ssr/portal-context";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { holdRequests, isFocused, newUser, openInApp, signIn, type User, withReadsFailing } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: a client opens their project, adds a milestone and marks it paid
 * and complete; sends messages an administrator with the same page open sees
 * live; sees their own message marked sending while the server has not
 * answered; a message that fails keeps its text and goes with Retry. The
 * thread opens at the newest page, loads older ones in place and does not
 * move under a reader who has scrolled up.
 */
const CLIENT = "chinedu@ezefoods.test";
const DELIVERY_MS = 5_000;

const product = setupProduct({ env: { WRITE_RATE_LIMIT: "1000" } });
let api: Api;
let projectId: string;
let client: User;
let admin: User;

beforeAll(async () => {
  api = new Api(product.server.url);
  const { items } = await api.get<ListPage<Project>>("/api/projects?status=active&limit=1", CLIENT);
  const project = items[0];
  if (!project) throw new Error(`${CLIENT} has no active project`);
  projectId = project.id;
  [client, admin] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await signIn(client.page, CLIENT);
  await signIn(admin.page, ADMIN_EMAIL);
});

const messages = (page: Page) => page.locator('ul[aria-label="Messages"] > li');
const milestones = (page: Page) => page.locator('ul[aria-label="Milestones"] > li');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openProject(page: Page) {
  await page.goto(`/portal/projects/${projectId}`);
  await page.getByLabel("Message", { exact: true }).waitFor();
  await milestones(page).first().waitFor();
}

/** Toasts sit at the bottom right, over the send box: wait for them to leave before using it. */
async function toastsGone(page: Page) {
  // A toast under the pointer (it was just on the send button) waits for it to leave.
  await page.mouse.move(10, 10);
  await expect.poll(() => page.locator('[data-scope="toast"][data-part="root"]').count(), { timeout: 15_000 }).toBe(0);
}

async function send(page: Page, text: string) {
  await toastsGone(page);
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

/** POSTs to the thread held until `release` is called; reads go through. */
async function holdSends(page: Page): Promise<() => void> {
  return (await holdRequests(page, "**/api/projects/*/messages", { method: "POST" })).release;
}

/**
 * From now on, the words of each alert as it is said: an alert added to the page, or words added to
 * one (what a screen reader reads out; words an alert keeps are not said again).
 */
async function recordAlerts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { alertsSaid: string[] }).alertsSaid = said;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          const element = node instanceof Element ? node : node.parentElement;
          const alert = element?.closest('[role="alert"]') ?? element?.querySelector('[role="alert"]');
          if (alert?.textContent) said.push(alert.textContent);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { alertsSaid: string[] }).alertsSaid);
}

async function expectOnce(page: Page, text: string) {
  await messages(page).filter({ hasText: text }).waitFor({ timeout: DELIVERY_MS });
  expect(await messages(page).filter({ hasText: text }).count()).toBe(1);
}

describe("project detail", () => {
  it("shows the project with its milestones and thread, accessible at 1280 and 375 px", async () => {
    await Promise.all([openProject(client.page), openProject(admin.page)]);
    expect(await client.page.title()).toMatch(/· Lagos Studio$/);
    await client.page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(client.page)).toEqual([]);
    await client.page.getByRole("button", { name: "Add Milestone" }).click();
    await client.page.getByRole("dialog").waitFor();
    expect(await axeViolations(client.page)).toEqual([]);
    await client.page.keyboard.press("Escape");
    await client.page.getByRole("dialog").waitFor({ state: "hidden" });
    await client.page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(client.page)).toEqual([]);
    await client.page.setViewportSize({ width: 1280, height: 900 });
  });

  it("adds a milestone, marks it paid and complete; the administrator sees each change live", async () => {
    const title = `Payment gateway ${Date.now()}`;
    const { page } = client;
    await page.getByRole("button", { name: "Add Milestone" }).click();
    const dialog = page.getByRole("dialog");
    // The server's checks come back under their fields, and what was typed stays.
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Paystack checkout on staging.");
    await dialog.getByLabel("Amount").fill("1234.567");
    await dialog.getByRole("button", { name: "Add Milestone" }).click();
    await dialog.getByText("Enter an amount like 1500 or 1500.50, with at most two decimals.").waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe(title);

    await dialog.getByLabel("Amount").fill("1234.56");
    await dialog.getByLabel("Due date").fill("2031-03-15");
    // Its answer is lost once (the milestone reached the server): the toast says it failed, the dialog keeps
    // what was typed, and adding it again adds it once.
    const adds = `**/api/projects/${projectId}/milestones`;
    await page.route(
      adds,
      async (route) => {
        await route.fetch();
        await route.abort();
      },
      { times: 1 },
    );
    await dialog.getByRole("button", { name: "Add Milestone" }).click();
    await toast(page, TOAST.milestoneCreateFailed).waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe(title);
    await dialog.getByRole("button", { name: "Add Milestone" }).click();
    await toast(page, "Milestone created").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const mine = milestones(page).filter({ hasText: title });
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    expect(
      (await api.get<Milestone[]>(`/api/projects/${projectId}/milestones`, CLIENT)).filter((m) => m.title === title),
    ).toHaveLength(1);
    const text = (await mine.textContent()) ?? "";
    expect(text).toContain("₦1,234.56");
    expect(text).toContain("Chinedu Eze");
    expect(text).toContain("15 Mar 2031");
    const theirs = milestones(admin.page).filter({ hasText: title });
    await theirs.waitFor({ timeout: DELIVERY_MS });

    await mine.getByRole("button", { name: "Mark as Paid" }).click();
    // Paid is for good: asked first, with what is being paid.
    const confirm = page.getByRole("alertdialog", { name: MARK_MILESTONE_PAID_QUESTION });
    expect(await confirm.textContent()).toContain("₦1,234.56");
    expect(await axeViolations(page), "mark paid confirmation").toEqual([]);
    await confirm.getByRole("button", { name: "Mark as Paid" }).click();
    await toast(page, "Payment confirmed").waitFor();
    await mine.getByRole("button", { name: "Mark as Paid" }).waitFor({ state: "detached" });
    // The pressed button left with its result: focus moves to the milestone's other action, not to the page's top.
    const focused = () =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);
    await expect.poll(focused).toBe("BUTTON Mark Complete");
    await theirs.getByText("Paid", { exact: true }).waitFor({ timeout: DELIVERY_MS });

    await toastsGone(page);
    await mine.getByRole("button", { name: "Mark Complete" }).click();
    await toast(page, "Status updated").waitFor();
    // Nothing is left to press on the milestone: focus goes to the heading of its list, not to the page's top.
    await expect.poll(focused).toBe("H2 Milestones");
    await theirs.getByText("Completed", { exact: true }).waitFor({ timeout: DELIVERY_MS });
    expect(await milestones(admin.page).filter({ hasText: title }).count()).toBe(1);
  });

  it("a milestone change shows at once as saving and is rolled back with its toast when it fails", async () => {
    const { page } = client;
    await toastsGone(page);
    // Marked: shown paid at once while the request is held, then put back when it fails.
    const target = milestones(page)
      .filter({ has: page.getByRole("button", { name: "Mark as Paid" }) })
      .first();
    const title = (await target.locator("h3").textContent()) ?? "";
    const row = milestones(page).filter({ hasText: title });
    const { release: fail } = await holdRequests(page, "**/api/milestones/*", { outcome: "abort" });
    await row.getByRole("button", { name: "Mark as Paid" }).click();
    await page
      .getByRole("alertdialog", { name: MARK_MILESTONE_PAID_QUESTION })
      .getByRole("button", { name: "Mark as Paid" })
      .click();
    await row.getByText("Saving…").waitFor();
    await row.getByText("Paid", { exact: true }).waitFor();
    fail();
    await toast(page, "Failed to update payment status.").waitFor();
    await row.getByText("Unpaid", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Mark as Paid" }).waitFor();
    await page.unroute("**/api/milestones/*");

    // Added: shown at once, then taken away; the dialog keeps what was typed.
    await toastsGone(page);
    const name = `Never saved ${Date.now()}`;
    await page.route("**/api/projects/*/milestones", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await page.getByRole("button", { name: "Add Milestone" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(name);
    await dialog.getByLabel("Amount").fill("10");
    await dialog.getByRole("button", { name: "Add Milestone" }).click();
    await toast(page, "Failed to create milestone.").waitFor();
    expect(await milestones(page).filter({ hasText: name }).count()).toBe(0);
    expect(await dialog.getByLabel("Title").inputValue()).toBe(name);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.unroute("**/api/projects/*/milestones");
  });

  it("an administrator deletes a milestone after the confirmation; the client, who may not, sees it go live", async () => {
    const name = `Added by mistake ${Date.now()}`;
    const paidName = `Paid for ${Date.now()}`;
    const add = (title: string) =>
      api.send<{ id: string }>("POST", `/api/projects/${projectId}/milestones`, CLIENT, {
        title,
        description: "",
        amount: "10.00",
        dueDate: null,
      });
    await add(name);
    const paid = await add(paidName);
    await api.send("PATCH", `/api/milestones/${paid.id}`, CLIENT, { paymentStatus: "paid" });
    await Promise.all([openProject(client.page), openProject(admin.page)]);
    const theirs = milestones(client.page).filter({ hasText: name });
    await theirs.waitFor();
    expect(await theirs.getByRole("button", { name: /Delete/ }).count()).toBe(0);

    const row = milestones(admin.page).filter({ hasText: name });
    await row.getByRole("button", { name: `Delete milestone ${name}` }).click();
    const dialog = admin.page.getByRole("alertdialog", { name: DELETE_MILESTONE_QUESTION });
    await dialog.waitFor();
    expect(await axeViolations(admin.page), "confirmation").toEqual([]);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await toast(admin.page, TOAST.milestoneDeleted).waitFor();
    await row.waitFor({ state: "detached" });
    await theirs.waitFor({ state: "detached", timeout: DELIVERY_MS });

    // A paid milestone records money received: it offers no Delete.
    const paidRow = milestones(admin.page).filter({ hasText: paidName });
    await paidRow.getByText("Paid", { exact: true }).waitFor();
    expect(await paidRow.getByRole("button", { name: /Delete/ }).count()).toBe(0);
  });

  it("milestones and messages that cannot be read say so (not that there are none), and Retry reads them", async () => {
    const { page } = client;
    const panel = (name: string) => page.getByRole("region", { name, exact: true });
    const heading = (name: string) => panel(name).getByRole("heading", { name, exact: true });
    await page.goto("/portal/projects");
    await withReadsFailing(page, new RegExp(`/api/projects/${projectId}/(milestones|messages)`), async () => {
      await openInApp(page, `/portal/projects/${projectId}`);
      // Said, as alerts, not only shown.
      await page.getByRole("alert").filter({ hasText: MILESTONES_NOT_LOADED }).waitFor();
      await page.getByRole("alert").filter({ hasText: MESSAGES_NOT_LOADED }).waitFor();
      expect(await page.getByText(NO_MILESTONES).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // A Retry that fails too: the list's skeleton while it reads, the keyboard's focus kept in the panel
      // (Retry left with the failure it was part of), then the failure said again.
      const said = await recordAlerts(page);
      const { release } = await holdRequests(page, "**/api/projects/*/milestones", { outcome: "abort" });
      try {
        await panel("Milestones").getByRole("button", { name: "Retry" }).press("Enter");
        await panel("Milestones").getByRole("status").filter({ hasText: "Loading milestones" }).waitFor();
        await expect.poll(() => isFocused(heading("Milestones"))).toBe(true);
      } finally {
        release();
      }
      await expect.poll(said).toContain(MILESTONES_NOT_LOADED);
      expect((await said()).filter((words) => words === MILESTONES_NOT_LOADED)).toHaveLength(1);
      await page.unroute("**/api/projects/*/milestones");
    });
    // Read by the keyboard's Retry: the focus stays in each panel as what it loads comes, not at the page's top.
    await panel("Milestones").getByRole("button", { name: "Retry" }).press("Enter");
    await milestones(page).first().waitFor();
    expect(await isFocused(heading("Milestones"))).toBe(true);
    await panel("Messages").getByRole("button", { name: "Retry" }).press("Enter");
    await messages(page).first().waitFor();
    expect(await isFocused(heading("Messages"))).toBe(true);
    expect(await page.getByText(MILESTONES_NOT_LOADED).count()).toBe(0);
  });

  it("a project that is missing or not yours says so, with a way back", async () => {
    const { page } = client;
    await page.goto("/portal/projects/00000000-0000-4000-8000-000000000000");
    await page.getByText(PROJECT_NOT_FOUND_TEXT).waitFor();
    expect(await page.getByRole("heading", { name: "Project not found" }).count()).toBe(1);
    await page.getByRole("link", { name: "Back to Projects" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await openProject(page);
  });

  it("Projects shown for a status the client has none of says so and offers every project", async () => {
    const { page } = client;
    const statuses = new Set(
      (await api.get<ListPage<Project>>("/api/projects?limit=100", CLIENT)).items.map((p) => p.status),
    );
    const none = PROJECT_STATUSES.find((status) => !statuses.has(status));
    if (!none) throw new Error("the demo client has a project of every status");
    await page.goto(`/portal/projects?status=${none}`);
    await page.getByRole("heading", { level: 2, name: NO_PROJECTS_OF_STATUS }).waitFor();
    await page.getByText(noProjectsOfStatusText(PROJECT_STATUS_LABELS[none])).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Show all projects" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/projects" && !url.searchParams.has("status"));
    await page.getByRole("list", { name: "Projects" }).waitFor();
    expect(await page.getByLabel("Show").evaluate((element) => element === document.activeElement)).toBe(true);
    await openProject(page);
  });

  it("shows the client's message at once as sending, then sent; the administrator sees it live, once", async () => {
    const { page } = client;
    const text = `Is the checkout ready? ${Date.now()}`;
    const release = await holdSends(page);
    await send(page, text);
    const shown = messages(page).filter({ hasText: text });
    await shown.getByText("Sending…").waitFor();
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    // Send is disabled now: the focus is back in the text box, not dropped to the page.
    expect(await isFocused(page.getByLabel("Message", { exact: true }))).toBe(true);
    release();
    await shown.getByText("Sending…").waitFor({ state: "detached" });
    await page.unroute("**/api/projects/*/messages");
    await toast(page, "Message sent").waitFor();
    await expectOnce(admin.page, text);
    await expectOnce(page, text);
  });

  it("a message that cannot be sent keeps its text and goes with Retry", async () => {
    const { page } = client;
    const text = `This one first fails ${Date.now()}`;
    await page.route("**/api/projects/*/messages", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await send(page, text);
    const failed = messages(page).filter({ hasText: text });
    await failed.getByText("Not sent").waitFor();
    await toast(page, "Failed to send message. Please try again.").waitFor();
    expect(await messages(admin.page).filter({ hasText: text }).count()).toBe(0);

    await page.unroute("**/api/projects/*/messages");
    await toastsGone(page);
    await failed.getByRole("button", { name: "Retry" }).press("Enter");
    await failed.getByText("Not sent").waitFor({ state: "detached" });
    // Retry left with the failed state: the keyboard keeps a place on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await expectOnce(admin.page, text);
    await expectOnce(page, text);

    // Refused as written (a 400: a file deleted meanwhile): sent again it would be refused again, so the
    // words go back to the send box to be changed, and no unsent message stays in the thread.
    const refused = `Refused as written ${Date.now()}`;
    const refuse = (route: Route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ error: { message: ATTACH_NOT_FOUND } }),
          })
        : route.continue();
    await page.route("**/api/projects/*/messages", refuse);
    try {
      await send(page, refused);
      await toast(page, ATTACH_NOT_FOUND).waitFor();
      await expect.poll(() => page.getByLabel("Message", { exact: true }).inputValue()).toBe(refused);
      expect(await messages(page).filter({ hasText: refused }).count()).toBe(0);
    } finally {
      await page.unroute("**/api/projects/*/messages", refuse);
    }
    await page.getByLabel("Message", { exact: true }).fill("");
  });

  it("a double click sends once; blank text cannot be sent", async () => {
    const { page } = client;
    const text = `Only once ${Date.now()}`;
    await toastsGone(page);
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Send" }).dblclick();
    await expectOnce(admin.page, text);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await messages(admin.page).filter({ hasText: text }).count()).toBe(1);

    await page.getByLabel("Message", { exact: true }).fill("   \n  ");
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
  });

  it("opens at the newest 50, loads older in place, and does not move under a reader who scrolled up", async () => {
    for (let i = 1; i <= 60; i++) {
      await api.send("POST", `/api/projects/${projectId}/messages`, CLIENT, {
        message: `Backlog ${String(i).padStart(2, "0")}`,
      });
    }
    const { page } = client;
    // The page stays as the server rendered it until released: the reader scrolls its thread to the very
    // top, and the press that makes it live loads older (whatever else would have made it live first).
    const { release } = await holdRequests(page, "**/assets/portal-hydrate-*.js");
    // A busy server serves the page's shell instead of a render it could not finish in time
    // (server/http/portal-pages.ts), and the app draws it at once: load it again until it is rendered.
    for (let load = 1; ; load++) {
      await openProject(page);
      if ((await page.locator(`#${PORTAL_STATE_ID}`).count()) > 0 || load === 3) break;
    }
    const thread = page.getByRole("region", { name: "Message thread" });
    await messages(page).filter({ hasText: "Backlog 60" }).waitFor();
    expect(await messages(page).count()).toBe(50);
    expect(await atBottom(thread)).toBe(true);

    // Load older: the message at the top stays where it was on screen.
    expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
    await thread.evaluate((box) => {
      box.scrollTop = 0;
    });
    const anchor = messages(page).first();
    const anchorText = ((await anchor.textContent()) ?? "").match(/Backlog \d\d/)?.[0];
    expect(anchorText).toBe("Backlog 11");
    // Where the message sits in the thread's box (the page itself may scroll to bring the button into view).
    const offset = async (message: Locator) =>
      ((await message.boundingBox())?.y ?? Number.NaN) - ((await thread.boundingBox())?.y ?? Number.NaN);
    const before = await offset(anchor);
    await page.getByRole("button", { name: "Load older" }).click();
    release();
    // Once the held request has gone on (removing the route while it waits would answer it twice).
    await page.unrouteAll({ behavior: "wait" });
    await expect.poll(() => messages(page).count()).toBeGreaterThan(50);
    const after = await offset(messages(page).filter({ hasText: anchorText ?? "" }));
    // Within the height of the "Load older" button, which leaves once nothing older is left.
    expect(Math.abs(after - before)).toBeLessThan(48);
    // It left with the focus it had: the focus is on the thread, where the reader was, not on the page's body.
    await page.getByRole("button", { name: "Load older" }).waitFor({ state: "detached" });
    await expect.poll(() => isFocused(thread)).toBe(true);

    // Scrolled up: a new message does not pull the view down; "New messages" does.
    const top = await thread.evaluate((box) => box.scrollTop);
    const text = `While you read ${Date.now()}`;
    await send(admin.page, text);
    await messages(page).filter({ hasText: text }).waitFor({ timeout: DELIVERY_MS });
    const jump = page.getByRole("button", { name: "New messages" });
    await jump.waitFor();
    expect(Math.abs((await thread.evaluate((box) => box.scrollTop)) - top)).toBeLessThan(40);
    // Nor does one of the reader's own, sent from another device (here the API): it is new here too.
    const elsewhere = `From my phone ${Date.now()}`;
    await api.send("POST", `/api/projects/${projectId}/messages`, CLIENT, { message: elsewhere });
    await messages(page).filter({ hasText: elsewhere }).waitFor({ timeout: DELIVERY_MS });
    expect(Math.abs((await thread.evaluate((box) => box.scrollTop)) - top)).toBeLessThan(40);
    await jump.click();
    await expect.poll(() => atBottom(thread)).toBe(true);
    await jump.waitFor({ state: "detached" });
  });
});

function atBottom(thread: Locator): Promise<boolean> {
  return thread.evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight < 48);
}
