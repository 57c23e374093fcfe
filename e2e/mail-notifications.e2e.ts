import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../common/api";
import { UNSUBSCRIBE_ACTION } from "../common/mail";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api, type OutboxMail } from "./support/api";
import { axeViolations } from "./support/axe";
import { hydratePage, newUser, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #8 item 5): a client sends three quick messages and the
 * administrator gets one mail listing them, after the (shortened) delay; the
 * mail's unsubscribe link, opened in the browser, turns message mails off,
 * and Settings then shows them off; its switches work from the keyboard.
 */
const CLIENT = "chinedu@ezefoods.test";
const TITLE = "Eze Foods E-commerce Store";
const DELAY_MS = 6_000;
const MESSAGES = ["Mail journey one", "Mail journey two", "Mail journey three"];

const product = setupProduct({ env: { MESSAGE_MAIL_DELAY_MS: String(DELAY_MS), MAIL_POLL_MS: "250" } });
let api: Api;
let projectId: string;
let client: User;

/** A write as the administrator, answered 200. */
async function putAsAdmin(path: string, body: unknown) {
  const response = await fetch(`${product.server.url}${path}`, {
    method: "PUT",
    headers: { cookie: await api.signIn(ADMIN_EMAIL), "content-type": "application/json", origin: product.server.url },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** The administrator has read the demo thread: a mail is about what comes next. */
async function readDemoThread(id: string) {
  const latest = await api.get<Page<{ id: string }>>(`/api/projects/${id}/messages?limit=1`, ADMIN_EMAIL);
  await putAsAdmin(`/api/projects/${id}/read`, { upTo: latest.items[0]?.id });
}

beforeAll(async () => {
  api = new Api(product.server.url);
  projectId = await api.projectId(CLIENT, TITLE);
  client = await newUser(product.browser, product.server.url);
  await signIn(client.page, CLIENT);
  await readDemoThread(projectId);
});

const aboutProject = async (title = TITLE): Promise<OutboxMail[]> =>
  (await api.outbox(ADMIN_EMAIL)).filter((mail) => mail.subject.includes(title));

/** Sends `text` from the client's open thread and waits until it shows there. */
async function sendFromClient(text: string) {
  const input = client.page.getByLabel("Message", { exact: true });
  // Enter sends (the "Message sent" toasts come to cover the Send button); while the
  // previous message is still on its way the box keeps the text, so press again.
  await input.fill(text);
  await expect
    .poll(async () => {
      await input.press("Enter");
      return input.inputValue();
    })
    .toBe("");
  await client.page.locator('ul[aria-label="Messages"] > li', { hasText: text }).waitFor({ timeout: 20_000 });
}

describe("e-mail notifications", () => {
  it("three quick messages make one mail; its unsubscribe link turns message mails off", async () => {
    await client.page.goto(`/portal/projects/${projectId}`);
    await client.page.getByLabel("Message", { exact: true }).waitFor();
    const firstSent = Date.now();
    for (const text of MESSAGES) await sendFromClient(text);
    // Nothing before the delay (said only while it has not passed: three sends may take that long on a
    // loaded machine); then one mail, and still one a little later.
    const mailsSoFar = await aboutProject();
    if (Date.now() - firstSent < DELAY_MS) expect(mailsSoFar).toHaveLength(0);
    await expect.poll(async () => (await aboutProject()).length, { timeout: DELAY_MS + 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mails = await aboutProject();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`3 new messages on ${TITLE}`);
    for (const text of MESSAGES) expect(mail?.text).toContain(text);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = mail?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
    expect(link).toBeTruthy();

    // The link's page paints from its HTML, as it first shows; its button sends the token, not the page opening.
    const html = await (await fetch(link ?? "")).text();
    expect(html).toContain(UNSUBSCRIBE_ACTION);
    expect(html).toContain('<meta name="robots" content="noindex" />');

    const admin = await newUser(product.browser, product.server.url);
    try {
      // Opened without signing in, as from a mail client.
      await admin.page.goto(link ?? "");
      const turnOff = admin.page.getByRole("button", { name: UNSUBSCRIBE_ACTION });
      await turnOff.waitFor();
      await admin.page.waitForLoadState("networkidle");
      expect(await admin.page.getByText("You are unsubscribed").count()).toBe(0);
      await hydratePage(admin.page);
      await turnOff.click();
      await admin.page.getByText("You are unsubscribed").waitFor();
      await admin.page.getByText("New messages on your projects", { exact: false }).waitFor();
      expect(await axeViolations(admin.page)).toEqual([]);

      await signIn(admin.page, ADMIN_EMAIL);
      await admin.page.goto("/portal/settings");
      const toggle = admin.page.getByLabel("New messages on your projects");
      await toggle.waitFor({ state: "attached" });
      expect(await toggle.isChecked()).toBe(false);
      expect(await admin.page.getByLabel("New enquiries").isChecked()).toBe(true);
      expect(await axeViolations(admin.page)).toEqual([]);

      // Keyboard: the switch takes focus and Space turns it back on, saved with a toast.
      await toggle.focus();
      await admin.page.keyboard.press("Space");
      await admin.page.getByText(TOAST.mailPreferencesSaved, { exact: true }).first().waitFor();
      expect(await toggle.isChecked()).toBe(true);
      const saved = await api.get<{ items: { kind: string; enabled: boolean }[] }>(
        "/api/me/mail-preferences",
        ADMIN_EMAIL,
      );
      expect(saved.items.find((item) => item.kind === "message")?.enabled).toBe(true);
    } finally {
      await admin.context.close();
    }
  });

  it("a message the administrator reads in the browser before the delay is not mailed", async () => {
    let sentAt = 0;
    // Another project: the first test's mail opened this one's 15-minute window.
    const title = "Eze Foods Brand Refresh";
    const otherId = await api.projectId(CLIENT, title);
    await readDemoThread(otherId);
    await putAsAdmin("/api/me/mail-preferences", { message: true });

    // Signed in before the message goes: only opening the thread counts against the delay.
    const admin = await newUser(product.browser, product.server.url);
    try {
      await signIn(admin.page, ADMIN_EMAIL);
      // Loaded once before the clock starts: the bar is about the delay, not a fresh profile's first page.
      await admin.page.goto("/portal/admin");
      await client.page.goto(`/portal/projects/${otherId}`);
      await client.page.getByLabel("Message", { exact: true }).waitFor();
      const text = `Read in time ${Date.now()}`;
      await sendFromClient(text);
      sentAt = Date.now();

      await admin.page.goto(`/portal/projects/${otherId}`);
      await admin.page.locator('ul[aria-label="Messages"] > li', { hasText: text }).waitFor();
      // Opening the thread marked it read up to the message; the digest finds nothing unread.
      await expect
        .poll(async () => (await api.get<{ unread: number }>(`/api/projects/${otherId}/read`, ADMIN_EMAIL)).unread)
        .toBe(0);
      expect(Date.now() - sentAt, "read before the delay ran out").toBeLessThan(DELAY_MS);
    } finally {
      await admin.context.close();
    }
    // Past the delay and several polls of the mail worker: nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + DELAY_MS + 3_000 - Date.now())));
    expect(await aboutProject(title)).toEqual([]);
  });
});
