import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_LABELS } from "../common/domain";
import { formatDate } from "../common/format";
import { NO_USER_LOGGED_IN } from "../common/messages";
import { DEMO_PASSWORD } from "../seed/accounts";
import { NO_OTHER_DEVICES, SIGN_OUT_OTHERS_QUESTION } from "../src/features/settings/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { hydratePage, newPhoneUser, newUser, signIn, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Settings (spec §2): the account type names each role, the e-mail cannot be
 * edited, account information shows its dates and status; the profile form
 * saves with the spec's toasts, and the change-password form really changes
 * the password.
 */
const CLIENT = "amaka@bellofashion.test";
const DEVELOPER = "ngozi@lagosstudio.test";

const product = setupProduct();
let api: Api;
let client: User;

const info = (page: Page, label: string) =>
  page.getByRole("region", { name: "Account Information" }).locator("dt", { hasText: label }).locator("+ dd");
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Opens Settings, live (what is typed before the page is live is e2e/portal-pages.e2e.ts's). */
async function openSettings(page: Page) {
  await page.goto("/portal/settings");
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  await hydratePage(page);
}

beforeAll(async () => {
  api = new Api(product.server.url);
  client = await newUser(product.browser, product.server.url);
  await client.page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(client.page, CLIENT);
});
afterAll(async () => {
  await client.context.close();
});

describe("settings", () => {
  it("names the account type of each role, keeps the e-mail disabled, and shows account information", async () => {
    for (const email of [CLIENT, DEVELOPER, ADMIN_EMAIL]) {
      const user = email === CLIENT ? client : await newUser(product.browser, product.server.url);
      try {
        if (user !== client) await signIn(user.page, email);
        const { page } = user;
        const me = await api.me(email);
        await openSettings(page);
        const type = page.getByLabel("Account Type");
        expect(await type.inputValue()).toBe(ROLE_LABELS[me.role]);
        expect(await type.isEditable()).toBe(false);
        const mail = page.getByLabel("Email");
        expect(await mail.inputValue()).toBe(email);
        expect(await mail.isEditable()).toBe(false);
        expect((await info(page, "Account created").textContent())?.trim()).toBe(formatDate(me.createdAt));
        expect((await info(page, "Last updated").textContent())?.trim()).toBe(formatDate(me.updatedAt));
        expect((await info(page, "Account status").textContent())?.trim()).toBe("Active");
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        if (user !== client) await user.context.close();
      }
    }
  });

  it("saves the profile with the success toast; a refused save keeps the typed values with the error toast", async () => {
    const { page } = client;
    await openSettings(page);
    const name = page.getByLabel("Full Name");
    const company = page.getByLabel("Company Name");
    await name.fill("Amaka B. Bello");
    await company.fill("Bello Fashion House Ltd");
    // Saved from the keyboard: the button, disabled while it saves, has the focus again afterwards.
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.focus();
    await page.keyboard.press("Enter");
    await toast(page, TOAST.profileUpdated).waitFor();
    await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await api.me(CLIENT)).toMatchObject({ fullName: "Amaka B. Bello", companyName: "Bello Fashion House Ltd" });
    // The sidebar's footer follows at once.
    await page.locator("#portal-sidebar").getByText("Amaka B. Bello", { exact: true }).waitFor();

    await page.route("**/api/me", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"message":"Down"}}' })
        : route.continue(),
    );
    await name.fill("Someone Else");
    await save.click();
    await toast(page, TOAST.profileFailed).waitFor();
    await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.unroute("**/api/me");
    expect(await name.inputValue()).toBe("Someone Else");
    expect((await api.me(CLIENT)).fullName).toBe("Amaka B. Bello");

    // An administrator corrects the company while Settings is open: the untouched form shows it
    // (the live channel's "profile"); a field being edited keeps what is typed.
    await openSettings(page);
    const clientId = (await api.me(CLIENT)).id;
    await api.send("PATCH", `/api/admin/clients/${clientId}`, ADMIN_EMAIL, { companyName: "Bello Fashion Group" });
    await expect.poll(() => company.inputValue()).toBe("Bello Fashion Group");
    await name.fill("Typed Not Saved");
    await api.send("PATCH", `/api/admin/clients/${clientId}`, ADMIN_EMAIL, { companyName: "Bello Fashion House Ltd" });
    await page.locator("#portal-sidebar").getByText("Bello Fashion House Ltd", { exact: true }).waitFor();
    expect(await name.inputValue()).toBe("Typed Not Saved");
    expect(await company.inputValue()).toBe("Bello Fashion Group");
    // Saved, it sends only the name it changed (spec §4: changed fields merge): the administrator's
    // company stays, and the form shows it.
    const saved = page.waitForRequest((request) => request.method() === "PATCH" && request.url().endsWith("/api/me"));
    await save.click();
    expect((await saved).postDataJSON()).toEqual({ fullName: "Typed Not Saved" });
    await expect.poll(() => company.inputValue()).toBe("Bello Fashion House Ltd");
    expect(await api.me(CLIENT)).toMatchObject({ fullName: "Typed Not Saved", companyName: "Bello Fashion House Ltd" });
    await api.send("PATCH", "/api/me", CLIENT, { fullName: "Amaka B. Bello" });
  });

  it("fails a save made offline at once with the error toast, keeps what was typed, and sends nothing once back online", async () => {
    const { page, context } = client;
    await openSettings(page);
    const name = page.getByLabel("Full Name");
    const before = (await api.me(CLIENT)).fullName;
    await context.setOffline(true);
    try {
      await name.fill("Typed Offline");
      const save = page.getByRole("button", { name: "Save Changes" });
      await save.click();
      await toast(page, TOAST.profileFailed).waitFor();
      expect(await name.inputValue()).toBe("Typed Offline");
      expect(await save.isEnabled()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the failed save is not sent behind the person's back: only a new Save sends it.
    await page.waitForTimeout(1_000);
    expect((await api.me(CLIENT)).fullName).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("says no user is logged in when the session ended while Settings was open, and goes to sign-in", async () => {
    const user = await newUser(product.browser, product.server.url);
    try {
      const { page } = user;
      await signIn(page, DEVELOPER);
      await openSettings(page);
      // Signed out behind the page's back: the cookie gone, as when a session expires.
      await user.context.clearCookies();
      await page.getByLabel("Full Name").fill("Nobody Now");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await toast(page, NO_USER_LOGGED_IN).waitFor();
      expect(await page.getByText(TOAST.profileFailed, { exact: true }).count()).toBe(0);
      // The page stays, with what was typed, until the person chooses to sign in again.
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe("/portal/settings");
      expect(await page.getByLabel("Full Name").inputValue()).toBe("Nobody Now");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Sign in again" }).click();
      await page.waitForURL((url) => url.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/portal/settings");
      expect((await api.me(DEVELOPER)).fullName).not.toBe("Nobody Now");
    } finally {
      await user.context.close();
    }
  });

  it("lists the signed-in devices; signing one out, or every other, sends their open pages to sign-in", async () => {
    const laptop = await newUser(product.browser, product.server.url);
    const phone = await newPhoneUser(product.browser, product.server.url);
    const tablet = await newUser(product.browser, product.server.url);
    try {
      // The phone and the tablet each have a page open, which signing them out sends to sign-in.
      for (const device of [phone, tablet]) {
        await signIn(device.page, DEVELOPER);
        await device.page.goto("/portal");
      }
      await signIn(laptop.page, DEVELOPER);
      const { page } = laptop;
      await openSettings(page);
      const devices = page.getByRole("region", { name: "Signed-in devices" });
      await devices.getByText("This device", { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await devices.getByRole("button", { name: /^Sign out Chrome on Android, signed in / }).click();
      await toast(page, TOAST.deviceSignedOut).waitFor();
      await waitForPath(phone.page, "/auth");
      expect(await devices.getByText("Chrome on Android", { exact: true }).count()).toBe(0);

      await devices.getByRole("button", { name: "Sign out of other devices" }).click();
      const confirm = page.getByRole("alertdialog", { name: SIGN_OUT_OTHERS_QUESTION });
      await confirm.getByRole("button", { name: "Sign out of other devices" }).click();
      await toast(page, TOAST.otherDevicesSignedOut).waitFor();
      await devices.getByText(NO_OTHER_DEVICES, { exact: true }).waitFor();
      await waitForPath(tablet.page, "/auth");
      // This device stays signed in.
      await page.reload();
      await devices.getByText("This device", { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/portal/settings");
    } finally {
      await Promise.all([laptop.context.close(), phone.context.close(), tablet.context.close()]);
    }
  });

  it("changes the password: the new one signs in, the old one no longer does", async () => {
    const { page } = client;
    await openSettings(page);
    const next = "N3w!password-2026";
    // A wrong current password is said under its field; the new password stays typed.
    const current = page.getByLabel("Current Password");
    await current.fill("Not!the-password-1");
    await page.getByLabel("New Password", { exact: true }).fill(next);
    await page.getByLabel("Confirm New Password").fill(next);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect.poll(() => current.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await current.getAttribute("aria-describedby")) ?? "";
    const described = await Promise.all(describedBy.split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(described.join(" ")).toContain("Your current password is not correct.");
    expect(await page.getByLabel("New Password", { exact: true }).inputValue()).toBe(next);
    expect(await axeViolations(page)).toEqual([]);
    await current.fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Your password has been changed.").waitFor();
    // This tab keeps its (new) session: it stays on Settings, and its live channel comes back.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe("/portal/settings");
    expect(await page.getByLabel("Current Password").inputValue()).toBe("");
    await expect(new Api(product.server.url).signIn(CLIENT)).rejects.toThrow(/failed/i);
    await expect(new Api(product.server.url).signIn(CLIENT, next)).resolves.toContain("=");
  });
});
