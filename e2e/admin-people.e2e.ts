import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Project, Task } from "../common/api";
import { CONTACT_US } from "../src/components/ContactUsButton";
import { DELETE_DEVELOPER_NOTE, SIGN_OUT_EVERYWHERE_QUESTION, TABLE_NOT_REFRESHED } from "../src/features/admin/labels";
import { NO_PROJECTS, NO_PROJECTS_TEXT } from "../src/features/projects/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  accessibleDescription,
  newUser,
  openInApp,
  serverDown,
  signIn,
  type User,
  waitForPath,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: an administrator adds a developer through /portal/admin/developers/new
 * (the form's errors first), the invitation's link from the mail outbox sets
 * their password and the developer signs in; the administrator deletes a
 * developer who owns nothing, makes the new developer an administrator on
 * the Staff page, then signs them out of every device from their page, and
 * every screen (errors and dialogs too) passes axe.
 */
const product = setupProduct();
let admin: User;
let api: Api;
/** The invited developer's own browser, open while an administrator changes their role. */
let invited: User;
const NEW_DEV = { fullName: "Ifeoma Okafor", email: "ifeoma.okafor@example.test", password: "Lagoon#Sunrise42" };
const SPARE = { fullName: "Emeka Spare", email: "emeka.spare@example.test" };

async function expectNoViolations(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

beforeAll(async () => {
  api = new Api(product.server.url);
  admin = await newUser(product.browser, product.server.url);
  await signIn(admin.page, ADMIN_EMAIL);
});

describe("Admin › Developers and Staff", () => {
  it("adds a developer through the form: field errors, a taken e-mail, then the developer's page", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/developers");
    await page.getByRole("heading", { level: 1, name: "Developers" }).waitFor();
    await page.getByRole("table", { name: "All developers" }).getByRole("link", { name: /View/ }).first().waitFor();
    await expectNoViolations(page, "developers list");

    await page.getByRole("link", { name: "Add developer" }).click();
    await waitForPath(page, "/portal/admin/developers/new");
    await page.getByRole("heading", { level: 1, name: "New developer" }).waitFor();
    await expectNoViolations(page, "new developer form");

    await page.getByRole("button", { name: "Create developer" }).click();
    await page.getByText("Full name is required").waitFor();
    await expectNoViolations(page, "new developer form with errors");

    await page.getByLabel("Full name").fill(NEW_DEV.fullName);
    await page.getByLabel("E-mail").fill("tunde@lagosstudio.test");
    await page.getByRole("button", { name: "Create developer" }).click();
    await page.getByText("An account with this e-mail already exists").waitFor();
    expect(await page.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
    await expectNoViolations(page, "new developer form with the server's error");

    await page.getByLabel("E-mail").fill(NEW_DEV.email);
    await page.getByRole("button", { name: "Create developer" }).click();
    await page.getByRole("heading", { level: 1, name: NEW_DEV.fullName }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/admin\/developers\/[0-9a-f-]{36}$/);
    await page.getByText("Invited: has not set a password yet").waitFor();
    await page.getByRole("region", { name: "Tasks" }).getByText("No tasks assigned.").waitFor();
    await expectNoViolations(page, "developer detail");

    // The first mail went astray: the page sends another (the next journey sets the password by it).
    await page.getByRole("button", { name: `Resend invitation ${NEW_DEV.fullName}` }).click();
    await page.getByText(TOAST.invitationResent, { exact: true }).waitFor();
    expect(await api.outbox(NEW_DEV.email)).toHaveLength(2);
  });

  it("the invitation's link sets the developer's password and they sign in", async () => {
    const link = await api.latestLink(NEW_DEV.email);
    const [mail] = await api.outbox(NEW_DEV.email);
    expect(mail?.text).toContain("as a developer");
    expect(mail?.text).toContain(link);
    invited = await newUser(product.browser, product.server.url);
    await invited.page.goto(link);
    await invited.page.getByLabel("New Password", { exact: true }).waitFor();
    await expectNoViolations(invited.page, "the invitation's set-password view");
    await invited.page.getByLabel("New Password", { exact: true }).fill(NEW_DEV.password);
    await invited.page.getByLabel("Confirm Password", { exact: true }).fill(NEW_DEV.password);
    await invited.page.getByRole("button", { name: "Reset Password" }).click();
    await invited.page.getByText("Your password has been reset").waitFor();
    await signIn(invited.page, NEW_DEV.email, NEW_DEV.password);
    expect((await api.me(ADMIN_EMAIL)).role).toBe("admin");
    const profile = await invited.page.evaluate(async () => (await fetch("/api/me")).json());
    expect(profile).toMatchObject({ email: NEW_DEV.email, role: "developer" });
    // On no project yet, their list says so in a developer's words: no Contact Us, which is for clients.
    await invited.page.goto("/portal/projects");
    await invited.page.getByRole("heading", { level: 2, name: NO_PROJECTS }).waitFor();
    await invited.page.getByText(NO_PROJECTS_TEXT.developer).waitFor();
    expect(await invited.page.getByRole("main").getByRole("link", { name: CONTACT_US }).count()).toBe(0);
  });

  it("deletes a developer who owns nothing after the confirmation", async () => {
    const { page } = admin;
    await api.send("POST", "/api/admin/developers", ADMIN_EMAIL, SPARE);
    await page.goto("/portal/admin/developers?q=emeka.spare");
    await page.getByRole("button", { name: `Delete ${SPARE.fullName}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this developer?" });
    await dialog.waitFor();
    // What the deletion does is read with the question, not only shown under it.
    expect(await accessibleDescription(dialog)).toBe(`${SPARE.fullName} (${SPARE.email}). ${DELETE_DEVELOPER_NOTE}`);
    await expectNoViolations(page, "delete confirmation");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Developer deleted successfully").waitFor();
    await page.getByText("No results for “emeka.spare”").waitFor();
  });

  it("the new client form shows its errors accessibly", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/clients");
    await page.getByRole("link", { name: "Add client" }).click();
    await waitForPath(page, "/portal/admin/clients/new");
    await page.getByLabel("Company").waitFor();
    await page.getByLabel("E-mail").fill("not an e-mail");
    await page.getByRole("button", { name: "Create client" }).click();
    await page.getByText("Full name is required").waitFor();
    await expectNoViolations(page, "new client form with errors");
  });

  it("says why the staff list could not be loaded in the server's own words (spec §8)", async () => {
    const { page } = admin;
    const said = "The staff list is being moved; try again in a minute.";
    const restore = await serverDown(page, "/api/admin/staff", said);
    try {
      // Opened in the app, which reads the list itself (a page loaded anew is read by the server).
      await page.goto("/portal/admin");
      await openInApp(page, "/portal/admin/staff");
      await page.getByText(said, { exact: true }).waitFor();
    } finally {
      await restore();
    }
  });

  it("an edit whose save fails while the server is down keeps its dialog and what was typed", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/staff?q=ngozi");
    const table = page.getByRole("table", { name: "Administrators and developers" });
    await table.getByRole("button", { name: "Edit Ngozi Obi" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit staff member" });
    await dialog.getByLabel("Full name").fill("Ngozi A. Obi");
    // The save and the list's refetch after it both fail (the table's refetch failing had unmounted the row's dialog).
    const staffApi = (url: URL) => url.pathname.startsWith("/api/admin/staff");
    await page.route(staffApi, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { message: "Down" } }),
      }),
    );
    try {
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText(TABLE_NOT_REFRESHED).waitFor();
      expect(await dialog.getByLabel("Full name").inputValue()).toBe("Ngozi A. Obi");
      await expectNoViolations(page, "a failed save, the list not refreshed");
    } finally {
      await page.unroute(staffApi);
    }
    const saved = page.waitForRequest((request) => request.method() === "PATCH");
    await dialog.getByRole("button", { name: "Save" }).click();
    // Only the name, which was changed: the role is not sent, so one another administrator set meanwhile would stay.
    expect((await saved).postDataJSON()).toEqual({ fullName: "Ngozi A. Obi" });
    await page.getByText(TOAST.staffUpdated).waitFor();
    await dialog.waitFor({ state: "detached" });
    await table.getByRole("button", { name: "Edit Ngozi A. Obi" }).waitFor();
    expect(await page.getByText(TABLE_NOT_REFRESHED).count()).toBe(0);
  });

  it("makes the new developer an administrator on the Staff page; their open portal follows at once", async () => {
    const { page } = admin;
    // The developer's portal is open, with a developer's navigation.
    await invited.page.goto("/portal");
    const theirNav = invited.page.getByRole("navigation", { name: "Portal" });
    await theirNav.getByRole("link", { name: "My Tasks" }).waitFor();
    expect(await theirNav.getByRole("link", { name: "Staff" }).count()).toBe(0);

    await page.goto("/portal/admin/staff?q=ifeoma");
    await page.getByRole("heading", { level: 1, name: "Staff" }).waitFor();
    const table = page.getByRole("table", { name: "Administrators and developers" });
    const row = table.locator("tbody tr").filter({ hasText: NEW_DEV.fullName });
    await row.getByText("Developer", { exact: true }).waitFor();
    await expectNoViolations(page, "staff page");

    await row.getByRole("button", { name: `Edit ${NEW_DEV.fullName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit staff member" });
    await dialog.waitFor();
    await expectNoViolations(page, "edit staff dialog");
    await dialog.getByLabel("Role").selectOption("admin");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Staff member updated").waitFor();
    await row.getByText("Administrator", { exact: true }).waitFor();
    // Without a reload, their navigation is an administrator's, and the admin console opens for them.
    await theirNav.getByRole("link", { name: "Staff" }).waitFor();
    await theirNav.getByRole("link", { name: "Staff" }).click();
    await waitForPath(invited.page, "/portal/admin/staff");
    const staff = await api.get<{ items: { id: string; email: string; role: string }[] }>(
      "/api/admin/staff?q=ifeoma",
      ADMIN_EMAIL,
    );
    expect(staff.items).toEqual([expect.objectContaining({ email: NEW_DEV.email, role: "admin" })]);

    await page.getByRole("button", { name: "Add staff member" }).click();
    const invite = page.getByRole("dialog", { name: "Add staff member" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText("Full name is required").waitFor();
    await expectNoViolations(page, "invite staff dialog with errors");
    await page.keyboard.press("Escape");

    // Made a developer again while on an admin page: the guard sends them to their dashboard at once.
    await api.send("PATCH", `/api/admin/staff/${staff.items[0]?.id}`, ADMIN_EMAIL, { role: "developer" });
    await waitForPath(invited.page, "/portal");
    await theirNav.getByRole("link", { name: "My Tasks" }).waitFor();
    expect(await theirNav.getByRole("link", { name: "Staff" }).count()).toBe(0);
    await invited.context.close();
  });

  it("signs the developer out of every device from their page; their open portal goes to the sign-in page", async () => {
    const laptop = await newUser(product.browser, product.server.url);
    await signIn(laptop.page, NEW_DEV.email, NEW_DEV.password);
    await laptop.page.goto("/portal");
    const { page } = admin;
    const found = await api.get<{ items: { id: string }[] }>("/api/admin/developers?q=ifeoma", ADMIN_EMAIL);
    await page.goto(`/portal/admin/developers/${found.items[0]?.id}`);
    await page.getByRole("heading", { level: 1, name: NEW_DEV.fullName }).waitFor();
    // The invitation journey's browser closed without Logout: its session counts too.
    await page.getByText(/^Active · signed in on [2-9] devices$/).waitFor();

    await page.getByRole("button", { name: `Sign out everywhere ${NEW_DEV.fullName}` }).click();
    const dialog = page.getByRole("alertdialog", { name: SIGN_OUT_EVERYWHERE_QUESTION });
    await dialog.waitFor();
    await expectNoViolations(page, "sign out everywhere confirmation");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByText(TOAST.signedOutEverywhere, { exact: true }).waitFor();
    await page.getByText("Active · not signed in").waitFor();
    await waitForPath(laptop.page, "/auth");
    await laptop.context.close();
  });

  it("removes a staff member who holds a task: deactivated, then reactivated from the Staff page", async () => {
    const { page } = admin;
    const member = await api.send<{ id: string }>("POST", "/api/admin/staff", ADMIN_EMAIL, {
      fullName: "Kemi Returning",
      email: "kemi.returning@example.test",
      role: "developer",
    });
    await api.send("POST", "/api/admin/tasks", ADMIN_EMAIL, {
      title: "Kept while Kemi is away",
      assignedTo: member.id,
    });
    await page.goto("/portal/admin/staff?q=kemi");
    const row = page.getByRole("table", { name: "Administrators and developers" }).locator("tbody tr");
    await row.getByRole("button", { name: "Remove Kemi Returning" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText(TOAST.staffDeactivated, { exact: true }).waitFor();
    await row.getByText("Deactivated", { exact: true }).waitFor();
    await expectNoViolations(page, "staff page with a deactivated member");

    await row.getByRole("button", { name: "Reactivate Kemi Returning" }).click();
    await page.getByText(TOAST.staffReactivated, { exact: true }).waitFor();
    await row.getByRole("button", { name: "Remove Kemi Returning" }).waitFor();
    expect(await row.getByText("Deactivated", { exact: true }).count()).toBe(0);
  });

  it("a developer's page links each project's client and each task's project to their pages", async () => {
    const { page } = admin;
    const found = await api.get<{ items: { id: string }[] }>("/api/admin/developers?q=tunde", ADMIN_EMAIL);
    await page.goto(`/portal/admin/developers/${found.items[0]?.id}`);
    await page.getByRole("heading", { level: 1, name: "Tunde Bakare" }).waitFor();
    const [project] = (await api.get<{ items: Project[] }>("/api/projects?limit=1", "tunde@lagosstudio.test")).items;
    if (!project) throw new Error("Tunde is on no project");
    const projectRow = page
      .getByRole("region", { name: "Projects" })
      .getByRole("row")
      .filter({ hasText: project.title });
    expect(await projectRow.getByRole("link", { name: project.clientName }).getAttribute("href")).toBe(
      `/portal/admin/clients/${project.clientId}`,
    );
    const tasks = page.getByRole("region", { name: "Tasks" });
    const [task] = (await api.get<{ items: Task[] }>("/api/tasks?limit=1", "tunde@lagosstudio.test")).items;
    if (!task?.projectTitle) throw new Error("Tunde's newest task is on no project");
    const row = tasks.getByRole("row").filter({ hasText: task.title });
    await row.getByRole("link", { name: task.projectTitle }).click();
    await page.getByRole("heading", { level: 1, name: task.projectTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/portal/projects/${task.projectId}`);
  });
});
