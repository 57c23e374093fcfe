import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { newUser, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #8 items 1 and 2): the client and the administrator open the
 * same project; each sees the other under "Viewing now" within a second, sees
 * "… is typing…" while the other types, and sees them go when they leave.
 */
const CLIENT = "chinedu@ezefoods.test";
const SOON_MS = 3_000;

const product = setupProduct();
let projectId: string;
let client: User;
let admin: User;
let adminName: string;
let clientName: string;

beforeAll(async () => {
  const api = new Api(product.server.url);
  projectId = await api.projectId(CLIENT, "Eze Foods E-commerce Store");
  [client, admin] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await signIn(client.page, CLIENT);
  await signIn(admin.page, ADMIN_EMAIL);
  // The administrator's profile has loaded the portal once: the bar below is about presence, not about
  // a fresh profile's first page (its process and the app's code are new).
  await admin.page.goto("/portal/admin");
  adminName = "Adaeze Okafor";
  clientName = "Chinedu Eze";
});

const viewing = (page: Page) => page.getByRole("list", { name: "Viewing now" });

async function openProject(page: Page) {
  await page.goto(`/portal/projects/${projectId}`);
  await page.getByLabel("Message", { exact: true }).waitFor();
}

describe("presence and typing on a project page", () => {
  it("each sees the other arrive, type and leave", async () => {
    await openProject(client.page);
    await viewing(client.page).getByText(`${clientName} (you)`).waitFor({ timeout: SOON_MS });

    // The clock starts when the administrator sees the project page, not at their navigation: the bar is the
    // presence push, and a page load on a busy host took 3.3 s of a 3 s clock that started before it (S56).
    await openProject(admin.page);
    const opened = Date.now();
    await viewing(client.page).getByText(adminName).waitFor({ timeout: SOON_MS });
    expect(Date.now() - opened).toBeLessThan(SOON_MS);
    await viewing(admin.page).getByText(clientName).waitFor({ timeout: SOON_MS });
    expect(await axeViolations(client.page)).toEqual([]);

    const status = client.page.getByRole("status").filter({ hasText: "is typing" });
    await admin.page.getByLabel("Message", { exact: true }).pressSequentially("Hello there", { delay: 20 });
    await status.getByText("Adaeze is typing…").waitFor({ timeout: SOON_MS });
    // One's own typing is never shown to oneself.
    expect(await admin.page.getByText("is typing…").count()).toBe(0);
    await admin.page.getByRole("button", { name: "Send" }).click();
    // Sending stops the typing line at once (not only when the signal lapses).
    await status.waitFor({ state: "detached", timeout: SOON_MS });

    await admin.page.goto("/portal/admin");
    await viewing(client.page).getByText(adminName).waitFor({ state: "detached", timeout: SOON_MS });
    expect(await viewing(client.page).getByRole("listitem").count()).toBe(1);
  });
});
