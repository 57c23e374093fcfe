import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { newUser, signIn, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: the client and the administrator have the same project open; each
 * sees the other's message arrive without reloading. A client without access
 * who subscribes to the thread by id hears nothing and cannot open the page.
 */
const CLIENT = "chinedu@ezefoods.test";
const OUTSIDER = "amaka@bellofashion.test";
const DELIVERY_MS = 5_000;

type Frame = { type: string; code?: string; key?: unknown[] };
declare global {
  interface Window {
    liveFrames?: Frame[];
    notReloaded?: boolean;
    announced?: string[];
  }
}

const product = setupProduct();
let projectId: string;
let client: User;
let admin: User;
let outsider: User;

beforeAll(async () => {
  projectId = await new Api(product.server.url).projectId(CLIENT, "Eze Foods E-commerce Store");
  [client, admin, outsider] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await signIn(client.page, CLIENT);
  await signIn(admin.page, ADMIN_EMAIL);
  await signIn(outsider.page, OUTSIDER);
});

const messages = (page: Page) => page.locator('ul[aria-label="Messages"] > li');

async function openThread(page: Page) {
  await page.goto(`/portal/projects/${projectId}`);
  await page.getByLabel("Message", { exact: true }).waitFor();
  // Marks this document: if anything reloads the page, the mark is gone.
  await page.evaluate(() => {
    window.notReloaded = true;
  });
}

/**
 * Opens the project from the projects list in the app, so its thread is read by the browser (a page
 * loaded anew has it in its HTML, read by the server), with `before` set up once the app is live.
 */
async function openThreadInApp(page: Page, before: () => Promise<unknown>) {
  await page.goto("/portal/projects");
  // A pointer's move is a first interaction: the app takes the page over, and its links navigate in it.
  await page.mouse.move(10, 10);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await before();
  await page
    .getByRole("article", { name: "Eze Foods E-commerce Store" })
    .getByRole("link", { name: "View Project Details" })
    .click();
  await page.getByLabel("Message", { exact: true }).waitFor();
}

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

/**
 * Opens a bare live socket in the page (with the page's cookie and origin),
 * subscribes to `key`, collects every frame in window.liveFrames and
 * resolves with the server's answer to the subscription.
 */
function subscribeRaw(page: Page, key: unknown[]): Promise<Frame> {
  return page.evaluate(
    (key) =>
      new Promise<Frame>((resolve, reject) => {
        window.liveFrames = [];
        const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/live`);
        socket.onopen = () => socket.send(JSON.stringify({ type: "subscribe", key }));
        socket.onerror = () => reject(new Error("live socket failed"));
        socket.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as Frame;
          window.liveFrames?.push(frame);
          if (frame.type !== "change") resolve(frame);
        };
      }),
    key,
  );
}

/** What the page's polite live regions are given to read, from now on, in window.announced. */
function recordAnnouncements(page: Page) {
  return page.evaluate(() => {
    window.announced = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.parentElement?.closest('[aria-live="polite"]') && node.textContent)
            window.announced?.push(node.textContent);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const changeFrames = async (page: Page) =>
  (await page.evaluate(() => window.liveFrames ?? [])).filter((frame) => frame.type === "change");

describe("live project messages", () => {
  it("opens a live subscription for a client without access, which is refused", async () => {
    const { page } = outsider;
    await page.goto("/portal");
    const first = await subscribeRaw(page, ["projects", projectId, "messages"]);
    // The same answer a made-up id gets: the thread's existence is not revealed.
    expect(first).toMatchObject({ type: "error", code: "not_found" });
  });

  it("delivers each side's message to the other without a reload", async () => {
    await Promise.all([openThread(client.page), openThread(admin.page)]);
    // Control for the outsider's silence below: the same bare socket, with access, hears both messages.
    expect(await subscribeRaw(client.page, ["projects", projectId, "messages"])).toMatchObject({ type: "subscribed" });

    const fromClient = `Hello from Chinedu ${Date.now()}`;
    await send(client.page, fromClient);
    await messages(admin.page).filter({ hasText: fromClient }).waitFor({ timeout: DELIVERY_MS });
    await messages(client.page).filter({ hasText: fromClient }).waitFor({ timeout: DELIVERY_MS });

    await recordAnnouncements(client.page);
    const fromAdmin = `Reply from the studio ${Date.now()}`;
    await send(admin.page, fromAdmin);
    await messages(client.page).filter({ hasText: fromAdmin }).waitFor({ timeout: DELIVERY_MS });
    await messages(admin.page).filter({ hasText: fromAdmin }).waitFor({ timeout: DELIVERY_MS });
    // A second message from the same person is read out too, though its words are the first one's.
    const again = `And once more ${Date.now()}`;
    await send(admin.page, again);
    await messages(client.page).filter({ hasText: again }).waitFor({ timeout: DELIVERY_MS });
    await expect
      .poll(() => client.page.evaluate(() => window.announced?.filter((text) => text.startsWith("New message from"))))
      .toEqual([expect.stringMatching(/^New message from /), expect.stringMatching(/^New message from /)]);

    for (const page of [client.page, admin.page]) {
      expect(await page.evaluate(() => window.notReloaded)).toBe(true);
      // Each message shows once: the sender's own copy and the pushed change are not doubled.
      expect(await messages(page).filter({ hasText: fromClient }).count()).toBe(1);
      expect(await messages(page).filter({ hasText: fromAdmin }).count()).toBe(1);
    }
    await expect.poll(async () => (await changeFrames(client.page)).length, { timeout: DELIVERY_MS }).toBe(3);
  });

  it("reads out and follows a message from the team while the reader's own unsent message stays last", async () => {
    const { page } = client;
    await openThread(page);
    // Live: Enter sends only once the app has taken the server-rendered page over.
    await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
    await recordAnnouncements(page);
    const posts = "**/api/projects/*/messages";
    await page.route(posts, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    const unsent = `Not sent yet ${Date.now()}`;
    // Sent with Enter: the earlier tests' toasts sit over the Send button.
    const sendByKey = async (on: Page, text: string) => {
      await on.getByLabel("Message", { exact: true }).fill(text);
      await on.getByLabel("Message", { exact: true }).press("Enter");
    };
    try {
      await sendByKey(page, unsent);
      await messages(page).filter({ hasText: unsent }).getByText("Not sent", { exact: true }).waitFor();
    } finally {
      await page.unroute(posts);
    }
    const reply = `While yours waits ${Date.now()}`;
    await sendByKey(admin.page, reply);
    await messages(page).filter({ hasText: reply }).waitFor({ timeout: DELIVERY_MS });
    await expect
      .poll(() => page.evaluate(() => window.announced?.filter((text) => text.startsWith("New message from"))))
      .toEqual([expect.stringMatching(/^New message from /)]);
    // The reader was at the end, so the thread followed: nothing is waiting behind "New messages".
    expect(await page.getByRole("button", { name: "New messages" }).count()).toBe(0);
    // What the reader wrote stays last, with Retry.
    expect(await messages(page).last().textContent()).toContain(unsent);
    await messages(page).filter({ hasText: unsent }).getByRole("button", { name: "Discard" }).click();
    await messages(page).filter({ hasText: unsent }).waitFor({ state: "detached" });
  });

  it("reads out the first message of a thread that had none", async () => {
    const api = new Api(product.server.url);
    const { id: clientId } = await api.me(CLIENT);
    const quiet = await api.createProject(clientId, `Quiet project ${Date.now()}`);
    const { page } = client;
    await page.goto(`/portal/projects/${quiet.id}`);
    await page.getByLabel("Message", { exact: true }).waitFor();
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
    await recordAnnouncements(page);
    const first = `The first word ${Date.now()}`;
    await api.send("POST", `/api/projects/${quiet.id}/messages`, ADMIN_EMAIL, { message: first });
    await messages(page).filter({ hasText: first }).waitFor({ timeout: DELIVERY_MS });
    await expect
      .poll(() => page.evaluate(() => window.announced?.filter((text) => text.startsWith("New message from"))))
      .toEqual([expect.stringMatching(/^New message from /)]);
  });

  it("shows a message sent while the thread was still loading, once the thread has loaded", async () => {
    // Regression: the send cancelled the thread's first load, and the thread stayed on its skeleton.
    const { page } = client;
    const threadReads = /\/api\/projects\/[^/]+\/messages\?/;
    const held: Route[] = [];
    let holding = true;
    const hold = (route: Route) => (holding ? held.push(route) : route.continue());
    try {
      await openThreadInApp(page, () => page.route(threadReads, hold));
      await expect.poll(() => held.length).toBeGreaterThan(0);
      const text = `Sent before the thread loaded ${Date.now()}`;
      await send(page, text);
      await page.getByText(TOAST.messageSent, { exact: true }).first().waitFor({ timeout: DELIVERY_MS });
      holding = false;
      // A read the page gave up on meanwhile cannot be continued; that is fine.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => {})));
      await messages(page).filter({ hasText: text }).waitFor({ timeout: DELIVERY_MS });
      expect(await messages(page).filter({ hasText: text }).count()).toBe(1);
    } finally {
      await page.unroute(threadReads, hold);
    }
  });

  it("gives a message that could not be sent while the thread was loading back to the send box", async () => {
    const { page } = client;
    const threadReads = /\/api\/projects\/[^/]+\/messages\?/;
    const sends = `**/api/projects/${projectId}/messages`;
    const held: Route[] = [];
    const hold = (route: Route) => held.push(route);
    const fail = (route: Route) => (route.request().method() === "POST" ? route.abort() : route.fallback());
    try {
      await openThreadInApp(page, async () => {
        await page.route(threadReads, hold);
        await page.route(sends, fail);
      });
      await expect.poll(() => held.length).toBeGreaterThan(0);
      const text = `Not lost ${Date.now()}`;
      await send(page, text);
      await page.getByText(TOAST.messageFailed, { exact: true }).first().waitFor();
      await expect.poll(() => page.getByLabel("Message", { exact: true }).inputValue()).toBe(text);
    } finally {
      await page.unroute(sends, fail);
      await page.unroute(threadReads, hold);
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => {})));
    }
  });

  it("pushed nothing to the client without access", async () => {
    // Both messages reached the other side already; give a stray frame a moment more to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await changeFrames(outsider.page)).toEqual([]);
  });

  it("sends the client without access from the project's page to their project list", async () => {
    await outsider.page.goto(`/portal/projects/${projectId}`);
    await waitForPath(outsider.page, "/portal/projects");
  });
});
