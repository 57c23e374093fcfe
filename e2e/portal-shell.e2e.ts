import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  accessibleDescription,
  hydratePage,
  isFocused,
  newPhoneUser,
  newUser,
  releaseReplacesScripts,
  signIn,
  type User,
  waitForPath,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * The portal shell of spec §2 and §9: a 16rem sidebar that ctrl/cmd+B folds
 * to a 3rem icon rail and back, its state kept in a cookie for 7 days; an
 * 18rem drawer under 768 px; the footer with full name, company and Logout;
 * the developer's four links, the current one marked aria-current="page";
 * every icon-only control named.
 */
const DEVELOPER = "ngozi@lagosstudio.test";
const CLIENT = "amaka@bellofashion.test";
const REM = 16;
const SEVEN_DAYS = 7 * 24 * 60 * 60;

const product = setupProduct();
let developer: User;

const sidebar = (page: Page) => page.locator("#portal-sidebar");
const width = (page: Page) => sidebar(page).evaluate((element) => element.getBoundingClientRect().width);
const nav = (page: Page) => page.getByRole("navigation", { name: "Portal" });
/** The longest of an element's animation or transition durations, in seconds, as the browser applies them. */
const seconds = (element: Locator, property: "animationDuration" | "transitionDuration") =>
  element.evaluate(
    (node, name) =>
      Math.max(
        ...getComputedStyle(node)
          [name].split(",")
          .map((value) => Number.parseFloat(value)),
      ),
    property,
  );

/** Names of the controls a person can reach, as a screen reader would announce them. */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a[href], button, [role='button'], select, input")]
      .filter((element) => element.offsetParent !== null || element.getClientRects().length > 0)
      .filter((element) => {
        const labelledBy = element.getAttribute("aria-labelledby");
        const named =
          element.getAttribute("aria-label") ||
          (labelledBy && document.getElementById(labelledBy)?.textContent?.trim()) ||
          element.textContent?.trim() ||
          element.getAttribute("title") ||
          (element instanceof HTMLInputElement && element.labels?.length);
        return !named;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
}

beforeAll(async () => {
  developer = await newUser(product.browser, product.server.url);
  await developer.page.emulateMedia({ reducedMotion: "reduce" });
  await developer.page.setViewportSize({ width: 1280, height: 900 });
  await signIn(developer.page, DEVELOPER);
});
afterAll(async () => {
  await developer.context.close();
});

describe("portal shell", () => {
  it("gives a developer Dashboard, Projects, My Tasks and Settings, the current one marked", async () => {
    const { page } = developer;
    await page.goto("/portal/my-tasks");
    await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    const links = nav(page).getByRole("link");
    expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual([
      "Dashboard",
      "Projects",
      "My Tasks",
      "Settings",
    ]);
    const current = nav(page).locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect((await current.textContent())?.trim()).toBe("My Tasks");
    await nav(page).getByRole("link", { name: "Settings" }).click();
    await waitForPath(page, "/portal/settings");
    await expect.poll(async () => (await current.textContent())?.trim()).toBe("Settings");
    expect(await current.count()).toBe(1);
  });

  it("marks the administrator's item a page belongs to without linking to it: Staff on the developers', Invoices on New invoice", async () => {
    const admin = await newUser(product.browser, product.server.url);
    try {
      await signIn(admin.page, ADMIN_EMAIL);
      const { page } = admin;
      const marked = nav(page).locator("[aria-current]");
      for (const [path, heading, item] of [
        ["/portal/admin/developers", "Developers", "Staff"],
        ["/portal/admin/invoices/new", "New invoice", "Invoices"],
        ["/portal/admin/projects/new", "New project", "Projects"],
        ["/portal/admin/plans", "Plans", "Subscriptions"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        expect(await marked.count(), path).toBe(1);
        expect((await marked.textContent())?.trim(), path).toBe(item);
        // The section, not this very page: the link leads elsewhere.
        expect(await marked.getAttribute("aria-current"), path).toBe("true");
      }
      await nav(page).getByRole("link", { name: "Staff" }).click();
      await waitForPath(page, "/portal/admin/staff");
      await expect.poll(() => marked.getAttribute("aria-current")).toBe("page");
      expect((await marked.textContent())?.trim()).toBe("Staff");
    } finally {
      await admin.context.close();
    }
  });

  it("is 16rem wide; ctrl+B folds it to a 3rem named icon rail kept for 7 days, cmd+B opens it again", async () => {
    const { page, context } = developer;
    await page.goto("/portal/my-tasks");
    await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    await expect.poll(() => width(page)).toBe(16 * REM);

    await page.keyboard.press("Control+b");
    await expect.poll(() => width(page)).toBe(3 * REM);
    expect(await sidebar(page).getAttribute("data-state")).toBe("collapsed");
    const cookie = (await context.cookies()).find((entry) => entry.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(SEVEN_DAYS - 120);
    expect(lifetime).toBeLessThanOrEqual(SEVEN_DAYS + 1);

    // Icons only, each still named, the current one still marked.
    expect(await nav(page).getByRole("link", { name: "My Tasks" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Expand sidebar" }).count()).toBe(1);
    expect(await unnamedControls(page)).toEqual([]);

    // Remembered across a reload.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    await expect.poll(() => width(page)).toBe(3 * REM);

    await page.keyboard.press("Meta+b");
    await expect.poll(() => width(page)).toBe(16 * REM);
    expect((await context.cookies()).find((entry) => entry.name === "sidebar_state")?.value).toBe("true");
    expect(await unnamedControls(page)).toEqual([]);
  });

  it("shows a folded link's label beside its icon while it has the keyboard focus, without saying it twice", async () => {
    const { page } = developer;
    await page.goto("/portal/my-tasks");
    await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    await hydratePage(page);
    await page.keyboard.press("Control+b");
    await expect.poll(() => width(page)).toBe(3 * REM);
    try {
      await nav(page).getByRole("link", { name: "Dashboard" }).focus();
      await page.keyboard.press("Tab");
      const projects = nav(page).getByRole("link", { name: "Projects" });
      expect(await isFocused(projects)).toBe(true);
      // Drawn beside the rail (outside the nav, which would clip it), not only on hover as a title is.
      const label = page.getByTestId("rail-label");
      await label.waitFor();
      expect(await label.textContent()).toBe("Projects");
      expect((await label.boundingBox())?.x).toBeGreaterThanOrEqual(3 * REM);
      // The link's name already says it: not its description too.
      expect(await accessibleDescription(projects)).toBe("");
      expect(await projects.getAttribute("title")).toBeNull();
      await page.keyboard.press("Escape");
      await label.waitFor({ state: "hidden" });
    } finally {
      await page.keyboard.press("Control+b");
      await expect.poll(() => width(page)).toBe(16 * REM);
    }
  });

  it("leaves the sidebar as it is on ctrl+B while a dialog is open over the page", async () => {
    const client = await newUser(product.browser, product.server.url);
    try {
      const { page } = client;
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, CLIENT);
      await page.goto("/portal/projects");
      await page.getByRole("link", { name: "View Project Details" }).first().click();
      await page.getByRole("button", { name: "Add Milestone" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Milestone" });
      await dialog.waitFor();
      await page.keyboard.press("Control+b");
      // Pressed again once the dialog is closed, it folds the sidebar: the press above was seen and left alone.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await sidebar(page).getAttribute("data-state")).toBe("expanded");
      await page.keyboard.press("Control+b");
      await expect.poll(() => sidebar(page).getAttribute("data-state")).toBe("collapsed");
    } finally {
      await client.context.close();
    }
  });

  it("is an 18rem drawer on a phone, opened by its named button and closed by ctrl+B", async () => {
    const { page, context } = await newPhoneUser(product.browser, product.server.url);
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signIn(page, DEVELOPER);
      // The server renders a phone's layout for a phone: no sidebar, the drawer's button, before any script runs.
      await page.goto("/portal/my-tasks");
      await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
      expect(await sidebar(page).count()).toBe(0);
      await page.getByRole("button", { name: "Open navigation" }).click();
      const drawer = page.getByRole("dialog", { name: "Portal navigation" });
      await drawer.waitFor();
      await expect.poll(() => width(page)).toBe(18 * REM);
      // Asked for reduced motion, the drawer slides in at once.
      expect(await seconds(drawer, "animationDuration")).toBeLessThan(0.001);
      expect(await drawer.getByRole("button", { name: "Close navigation" }).count()).toBe(1);
      expect(await unnamedControls(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Control+b");
      await drawer.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });

  it("opens a page whose code a new release replaced, by loading it afresh: a tab left open over a deploy", async () => {
    const { page } = developer;
    await page.goto("/portal/my-tasks");
    await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    await hydratePage(page);
    const { reloaded } = await releaseReplacesScripts(page);
    await nav(page).getByRole("link", { name: "Settings" }).click();
    await reloaded;
    await waitForPath(page, "/portal/settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await hydratePage(page);
  });

  it("opens a part loaded on first use whose code a new release replaced (the bell's panel), by loading the page afresh", async () => {
    // A tab of its own: the tab above has just reloaded for a release, which a tab does at most once a minute.
    const page = await developer.context.newPage();
    try {
      await page.goto("/portal/my-tasks");
      await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
      await hydratePage(page);
      // The entry's file is gone too, which the page asks for to tell a release from a lost connection.
      const { reloaded } = await releaseReplacesScripts(page);
      const bell = page.getByRole("button", { name: /^Notifications/ });
      await bell.click();
      await reloaded;
      await waitForPath(page, "/portal/my-tasks");
      await hydratePage(page);
      // The new release's panel opens on the next press.
      await bell.click();
      await page
        .getByRole("dialog", { name: "Notifications" })
        .getByRole("button", { name: "Mark all as read" })
        .waitFor();
    } finally {
      await page.close();
    }
  });

  it("shows the person's full name and company in the footer, and Logout goes to /auth", async () => {
    const client = await newUser(product.browser, product.server.url);
    try {
      const { page } = client;
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, CLIENT);
      await page.goto("/portal");
      const me = await new Api(product.server.url).me(CLIENT);
      expect(me.companyName).toBeTruthy();
      const footer = sidebar(page);
      await footer.getByText(me.fullName, { exact: true }).waitFor();
      await footer.getByText(me.companyName ?? "", { exact: true }).waitFor();
      await footer.getByRole("button", { name: "Logout" }).click();
      await waitForPath(page, "/auth");
      await page.goto("/portal");
      await waitForPath(page, "/auth");
    } finally {
      await client.context.close();
    }
  });
});
