import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pickerFound } from "../src/features/admin/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { accessibleDescription, newUser, signIn, type User, waitForPath } from "./support/browser";
import { fillRequired } from "./support/contact";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #7, Tasks, Enquiries, Audit log): an administrator creates a
 * task assigned to a developer whose open My Tasks shows it live, edits it and
 * deletes it after the confirmation; a visitor sends the contact form and the
 * enquiry appears live on the administrator's open Enquiries page; the audit
 * log shows the task's creation with its details, filters by kind and sorts by action. axe
 * finds nothing on the three screens, the create dialog's error state too.
 */
const DEVELOPER = "tunde@lagosstudio.test";
const product = setupProduct();
let api: Api;
let admin: User;
let developer: User;
let developerName: string;

const TITLE = `Draft the launch checklist ${Date.now().toString(36)}`;
const EDITED = `${TITLE} (edited)`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const myTask = (page: Page, title: string) =>
  page.getByRole("list", { name: "Tasks" }).getByRole("article", { name: title, exact: true });
const adminCard = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });
/** Whether the keyboard's focus is on a link or button of a task card still listed (a card that left had it). */
const focusInAnotherCard = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return !!active?.matches("a[href], button") && !!active.closest('section[aria-label="Tasks"] li > article');
  });

/** How many of the polite live regions in `scope` say `text`. */
const saidPolitely = (scope: Locator, text: string) =>
  scope.locator('[aria-live="polite"]').filter({ hasText: text }).count();

async function settled(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

beforeAll(async () => {
  api = new Api(product.server.url);
  developerName = (await api.me(DEVELOPER)).fullName;
  [admin, developer] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  for (const user of [admin, developer]) await user.page.emulateMedia({ reducedMotion: "reduce" });
  await Promise.all([signIn(admin.page, ADMIN_EMAIL), signIn(developer.page, DEVELOPER)]);
});

describe("Admin › Tasks", () => {
  it("creates a task for a developer, whose open My Tasks shows it live; the dialog's errors pass axe", async () => {
    await developer.page.goto("/portal/my-tasks");
    await developer.page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
    await settled(developer.page);

    const { page } = admin;
    await page.goto("/portal/admin/tasks");
    await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
    expect(await page.title()).toBe("Tasks · Lagos Studio");
    await settled(page);
    expect(await axeViolations(page), "tasks page").toEqual([]);

    await page.getByRole("button", { name: "Create Task" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Task" });
    await dialog.waitFor();
    // Defaults: To Do and Medium.
    expect(await dialog.getByLabel("Status").inputValue()).toBe("todo");
    expect(await dialog.getByLabel("Priority").inputValue()).toBe("medium");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await dialog.getByText("Title is required").waitFor();
    expect(await dialog.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page), "create dialog with an error").toEqual([]);

    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Description").fill("Every step before the site goes live.");
    await dialog.getByLabel("Priority").selectOption("high");
    await dialog.getByLabel("Assignee").locator("option", { hasText: developerName }).waitFor({ state: "attached" });
    await dialog.getByLabel("Assignee").selectOption({ label: developerName });
    // The answer is lost once (the task reached the server): the error toast shows and the form stays.
    let lost = false;
    await page.route("**/api/admin/tasks", async (route) => {
      if (lost || route.request().method() !== "POST") return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort();
    });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await toast(page, TOAST.taskCreateFailed).waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe(TITLE);
    // Sent again from the keyboard: the error toast may cover the button's corner of the dialog.
    await dialog.getByRole("button", { name: "Create Task" }).press("Enter");
    await toast(page, TOAST.taskCreated).waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.unrouteAll();
    const card = adminCard(page, TITLE);
    await card.getByText(`Assignee: ${developerName}`).waitFor();
    // A developer's name opens their page in the console.
    expect(await card.getByRole("link", { name: developerName }).getAttribute("href")).toMatch(
      /^\/portal\/admin\/developers\/[^/]+$/,
    );
    await card.getByText("No project").waitFor();
    await card.getByText("No due date").waitFor();

    // Live: the developer's open My Tasks shows it without a reload.
    await myTask(developer.page, TITLE).waitFor();
    // Once: sent again, the task was answered with itself, not created twice.
    await page.reload();
    await card.waitFor();
    expect(await adminCard(page, TITLE).count()).toBe(1);
    expect(await myTask(developer.page, TITLE).count()).toBe(1);
  });

  it("filters by status and assignee through the URL", async () => {
    const { page } = admin;
    const filters = page.getByRole("search", { name: "Filter tasks" });
    await filters.getByLabel("Status").selectOption("completed");
    await page.waitForURL((url) => url.searchParams.get("status") === "completed");
    await adminCard(page, TITLE).waitFor({ state: "detached" });
    await filters.getByLabel("Status").selectOption("todo");
    // The people offered are searched (a large team has more than a select holds): by first name here.
    const assignee = filters.getByLabel("Assignee");
    await assignee.locator("option", { hasText: developerName }).waitFor({ state: "attached" });
    const everyone = await assignee.locator("option").count();
    await filters.getByLabel("Find a person").fill(developerName.split(" ")[0] ?? "");
    await expect.poll(() => assignee.locator("option").count()).toBeLessThan(everyone);
    await assignee.selectOption({ label: developerName });
    await page.waitForURL((url) => url.searchParams.get("status") === "todo" && !!url.searchParams.get("assignee"));
    await adminCard(page, TITLE).waitFor();
    // The person chosen stays named while a search finds no one.
    await filters.getByLabel("Find a person").fill("nobody is called this");
    await filters
      .getByText(pickerFound(0, "person", "people"))
      .first()
      .waitFor();
    expect(await assignee.locator("option:checked").textContent()).toBe(developerName);
    // What the filters left is said from their landmark: the cards change out of sight of someone on a select.
    const said = async () => {
      const shown = await page.getByRole("region", { name: "Tasks" }).getByRole("article").count();
      const text = await filters.getByRole("status").filter({ hasText: "shown" }).textContent();
      return shown > 0 && text === `${shown} ${shown === 1 ? "task" : "tasks"} shown`;
    };
    await expect.poll(said).toBe(true);
    // A task created while the list shows one person's starts assigned to them, in the default status.
    await page.getByRole("button", { name: "Create Task" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Task" });
    await expect.poll(() => dialog.getByLabel("Assignee").locator("option:checked").textContent()).toBe(developerName);
    expect(await dialog.getByLabel("Status").inputValue()).toBe("todo");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // The Project filter is found by the start of a title, as in the dialog; the task has no project yet.
    const project = filters.getByLabel("Project", { exact: true });
    const offered = () => project.locator("option").allTextContents();
    await filters.getByLabel("Find a project").fill("eze foods e");
    await expect.poll(offered).toEqual(["All projects", "Eze Foods E-commerce Store"]);
    // What a search found is said: it changes the Project select's options, out of sight of the search box.
    await expect.poll(() => saidPolitely(filters, pickerFound(1, "project"))).toBe(1);
    await project.selectOption({ label: "Eze Foods E-commerce Store" });
    await page.waitForURL((url) => !!url.searchParams.get("project"));
    await adminCard(page, TITLE).waitFor({ state: "detached" });
    // A search that finds nothing says so, and the select's hint too.
    await filters.getByLabel("Find a project").fill("no such project");
    await expect.poll(() => saidPolitely(filters, pickerFound(0, "project"))).toBe(1);
    expect(await accessibleDescription(project)).toBe(pickerFound(0, "project"));
    // Another search keeps the project filtered by, named and chosen; typed a key at a time, it is
    // sent once typing pauses, not once a letter.
    const searched: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const q = new URL(request.url()).searchParams.get("q");
      if (request.url().includes("/api/admin/tasks/project-options") && q) searched.push(q);
    };
    page.on("request", onRequest);
    await filters.getByLabel("Find a project").fill("");
    await filters.getByLabel("Find a project").pressSequentially("bello fashion l", { delay: 20 });
    await expect.poll(offered).toEqual(["All projects", "Eze Foods E-commerce Store", "Bello Fashion Lookbook App"]);
    expect(await project.locator("option:checked").textContent()).toBe("Eze Foods E-commerce Store");
    page.off("request", onRequest);
    // One request for the word (a loaded machine may pause mid-word once or twice), not fifteen.
    expect(searched.at(-1)).toBe("bello fashion l");
    expect(searched.length).toBeLessThan(4);
    expect(await axeViolations(page), "filtered by a searched project").toEqual([]);
    await page.goto("/portal/admin/tasks");
  });

  it("edits the task, and the developer's card follows live", async () => {
    const { page } = admin;
    // Listed by its status, To Do: the edit moves it out of the list.
    await page.goto("/portal/admin/tasks?status=todo");
    await page.getByRole("button", { name: `Edit ${TITLE}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe(TITLE);
    await expect.poll(() => dialog.getByLabel("Assignee").inputValue()).not.toBe("");
    await dialog.getByLabel("Title").fill(EDITED);
    await dialog.getByLabel("Status").selectOption("in_progress");
    // Its project, found by the start of its title (there may be more projects than a select holds).
    await dialog.getByLabel("Find a project").fill("eze foods e");
    const project = dialog.getByLabel("Project", { exact: true });
    const offered = () => project.locator("option").allTextContents();
    await expect.poll(offered).toEqual(["No project", "Eze Foods E-commerce Store"]);
    await project.selectOption({ label: "Eze Foods E-commerce Store" });
    // Another search leaves the chosen project offered and chosen.
    await dialog.getByLabel("Find a project").fill("bello fashion l");
    await expect.poll(offered).toEqual(["No project", "Eze Foods E-commerce Store", "Bello Fashion Lookbook App"]);
    expect(await project.locator("option:checked").textContent()).toBe("Eze Foods E-commerce Store");
    // Enter in the search finds; it does not send the form.
    await dialog.getByLabel("Find a project").press("Enter");
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(await toast(page, TOAST.taskUpdated).count()).toBe(0);
    await dialog.getByRole("button", { name: "Save Task" }).click();
    await toast(page, TOAST.taskUpdated).waitFor();
    // Its card left the To Do list with the Edit button the dialog would give the focus back to: the focus
    // goes to a neighbouring card, not to the page's top.
    await adminCard(page, EDITED).waitFor({ state: "detached" });
    await expect.poll(() => focusInAnotherCard(page)).toBe(true);
    await page.goto("/portal/admin/tasks");
    await adminCard(page, EDITED).getByText("In Progress").waitFor();
    await adminCard(page, EDITED).getByRole("link", { name: "Eze Foods E-commerce Store" }).waitFor();
    await myTask(developer.page, EDITED).waitFor();
  });

  it("deletes the task after the confirmation; it leaves the developer's My Tasks live", async () => {
    const { page } = admin;
    const trigger = page.getByRole("button", { name: `Delete ${EDITED}` });
    await trigger.click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this task?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await adminCard(page, EDITED).waitFor();

    await trigger.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, TOAST.taskDeleted).waitFor();
    await adminCard(page, EDITED).waitFor({ state: "detached" });
    // The card took its Delete button with it: focus goes to the next card's first control (the previous one's,
    // when it was the last), not to the page's top.
    await expect.poll(() => focusInAnotherCard(page)).toBe(true);
    await myTask(developer.page, EDITED).waitFor({ state: "detached" });
  });
});

describe("Admin › Enquiries", () => {
  /** The visitor's last name, unique to this run. */
  const last = `Visitor${Date.now().toString(36)}`;

  it("shows a visitor's enquiry live on the open page, with its message in full; axe finds nothing", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/enquiries");
    await page.getByRole("heading", { level: 1, name: "Enquiries" }).waitFor();
    const table = page.getByRole("table", { name: "All enquiries" });
    await settled(page);

    const visitor = await newUser(product.browser, product.server.url);
    const message = `We need a new storefront. ${"With many details. ".repeat(15)}The end.`;
    try {
      await visitor.page.goto("/contact");
      await fillRequired(visitor.page, { first: "Ifeoma", last, email: `ifeoma.${last}@example.test`, message });
      await visitor.page.getByRole("button", { name: "Send Enquiry" }).click();
      await visitor.page.getByRole("button", { name: /send another/i }).waitFor();
    } finally {
      await visitor.context.close();
    }

    // Live: no reload on the administrator's side.
    const row = table.getByRole("row").filter({ hasText: last });
    await row.waitFor();
    expect(await row.getByRole("combobox").inputValue()).toBe("new");
    expect(await axeViolations(page), "enquiries page").toEqual([]);

    await row.getByRole("button", { name: `View the enquiry from Ifeoma ${last}` }).click();
    const detail = page.getByRole("dialog", { name: `Enquiry from Ifeoma ${last}` });
    await detail.getByTestId("enquiry-message").waitFor();
    expect(await detail.getByTestId("enquiry-message").textContent()).toBe(message);
    expect(await axeViolations(page), "enquiry detail").toEqual([]);
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // While the save is on its way the select shows the status chosen, not the one it had.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/admin/enquiries/*", async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.continue();
    });
    await row.getByRole("combobox").selectOption("contacted");
    await page.waitForTimeout(300);
    expect(await row.getByRole("combobox").inputValue()).toBe("contacted");
    release();
    await toast(page, TOAST.enquiryStatusUpdated).waitFor();
    await page.unroute("**/api/admin/enquiries/*");
    expect(await row.getByRole("combobox").inputValue()).toBe("contacted");
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.waitForURL((url) => url.searchParams.get("status") === "contacted");
    await table.getByRole("row").filter({ hasText: last }).waitFor();
  });

  it("invites the enquiry's sender as a client from it: the new client form comes filled in", async () => {
    const { page } = admin;
    const email = `ifeoma.${last}@example.test`.toLowerCase();
    const row = page.getByRole("table", { name: "All enquiries" }).getByRole("row").filter({ hasText: last });
    await row.getByRole("button", { name: `View the enquiry from Ifeoma ${last}` }).click();
    const detail = page.getByRole("dialog", { name: `Enquiry from Ifeoma ${last}` });
    const reply = detail.getByRole("link", { name: "Reply by e-mail" });
    expect(await reply.getAttribute("href")).toMatch(new RegExp(`^mailto:${encodeURIComponent(email)}\\?subject=`));
    await detail.getByRole("link", { name: "Invite as client" }).click();

    await waitForPath(page, "/portal/admin/clients/new");
    await page.getByText(`Filled in from the enquiry Ifeoma ${last} sent on`).waitFor();
    expect(await page.getByLabel("Full name").inputValue()).toBe(`Ifeoma ${last}`);
    expect((await page.getByLabel("E-mail").inputValue()).toLowerCase()).toBe(email);
    expect(await axeViolations(page), "new client form filled from an enquiry").toEqual([]);
    await page.getByRole("button", { name: "Create client" }).click();
    await page.getByRole("heading", { level: 1, name: `Ifeoma ${last}` }).waitFor();
    await page.getByText("Invited: has not set a password yet").waitFor();
  });
});

describe("a filter in the URL the screen does not know", () => {
  it.each([
    ["/portal/admin/tasks?status=bogus&project=nope", "article"],
    ["/portal/admin/audit?from=yesterday&kind=%3Cscript%3E", "row"],
    ["/portal/admin/bookings?status=bogus", "row"],
    [`/portal/admin/clients?q=${"x".repeat(101)}`, "row"],
  ] as const)("is ignored: %s shows the list unfiltered, not an error", async (path, item) => {
    const { page } = admin;
    await page.goto(path);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await settled(page);
    await page.locator("main").getByRole(item).nth(1).waitFor();
    expect(await page.getByText(/could not be loaded/).count()).toBe(0);
  });
});

describe("Admin › Audit log", () => {
  it("shows the task's creation with its details, filters by kind and sorts by action; axe finds nothing", async () => {
    const { page } = admin;
    await page.goto("/portal/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const table = page.getByRole("table", { name: "All changes" });
    await table.getByRole("row").filter({ hasText: "Task created" }).first().waitFor();
    expect(await axeViolations(page), "audit log").toEqual([]);

    await page.getByRole("search", { name: "Filter the audit log" }).getByLabel("Kind").selectOption("task.create");
    await page.waitForURL((url) => url.searchParams.get("kind") === "task.create");
    const created = table.getByRole("row").filter({ hasText: TITLE }).filter({ hasText: "Task created" });
    await created.waitFor();
    await created.getByText("Every step before the site goes live.").waitFor();
    await created.getByText("high", { exact: true }).waitFor();
    await expect.poll(() => table.getByRole("row").filter({ hasText: "Task deleted" }).count()).toBe(0);

    await page.getByRole("search", { name: "Filter the audit log" }).getByLabel("Kind").selectOption("task");
    await page.waitForURL((url) => url.searchParams.get("kind") === "task");
    await table.getByRole("row").filter({ hasText: "Task deleted" }).filter({ hasText: EDITED }).waitFor();
    // The edit as a field-by-field diff: the title was, and is now.
    const updated = table.getByRole("row").filter({ hasText: "Task updated" }).filter({ hasText: EDITED }).first();
    await updated
      .getByText(TITLE, { exact: true })
      .or(updated.getByText(`was ${TITLE}`))
      .first()
      .waitFor();
    expect(await axeViolations(page), "audit log filtered").toEqual([]);

    // Sorted by What, the action: the task's creations before its deletions and updates; reversed, updates first.
    const whatHeader = table.getByRole("columnheader", { name: /What/ });
    await whatHeader.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "what");
    await expect.poll(() => whatHeader.getAttribute("aria-sort")).toBe("ascending");
    await expect.poll(() => table.locator("tbody tr").first().textContent()).toContain("task.create");
    await whatHeader.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("dir") === "desc");
    await expect.poll(() => table.locator("tbody tr").first().textContent()).toContain("task.update");
    expect(await table.getByRole("columnheader", { name: /Who/ }).getByRole("button").count()).toBe(1);
  });
});
