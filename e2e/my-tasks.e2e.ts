import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page as ListPage, Task, TaskCounts } from "../common/api";
import { TASK_STATUSES, TASKS_PAGE_SIZE, type TaskStatus } from "../common/domain";
import {
  ADMIN_TASKS_DESCRIPTION,
  CLIENT_TASKS_DESCRIPTION,
  MY_TASKS_DESCRIPTION,
  MY_TASKS_TEXTS,
  NO_TASKS_OF_STATUS,
  noTasksOfStatusText,
  TASK_STATUS_LABELS,
  TASKS_NOT_LOADED,
} from "../src/features/tasks/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  failLaterPages,
  holdRequests,
  newUser,
  openInApp,
  signIn,
  smallerPages,
  statCard,
  type User,
  withReadsFailing,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey: a developer opens My Tasks and sees only the tasks assigned to
 * them, with counters over all of them; they move a task and an
 * administrator's open My Tasks (every task) shows it at once, counters
 * included; the administrator moves one of the developer's tasks and the
 * developer's card follows. A move is shown at once as saving, and a refused
 * one goes back with the toast. axe finds nothing at 1280 px and 375 px.
 * Show narrows the cards to one status (in the URL): a task moved out of it
 * leaves at once, one moved into it arrives live.
 * A client follows the tasks on their projects: each card shows its status
 * and assignee, nothing can be changed, and an administrator's move shows at once.
 */
const DEVELOPER = "tunde@lagosstudio.test";

const product = setupProduct();
let api: Api;
let developer: User;
let admin: User;

const tasksList = (page: Page) => page.getByRole("list", { name: "Tasks" });
const card = (page: Page, task: Task) => tasksList(page).getByRole("article", { name: task.title }).first();
const statusOf = (page: Page, task: Task) => card(page, task).getByLabel("Status");
const counter = (page: Page, status: TaskStatus) =>
  statCard(page, TASK_STATUS_LABELS[status]).getByTestId("stat-value");
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openMyTasks(page: Page) {
  await page.goto("/portal/my-tasks");
  await page.getByRole("heading", { level: 1, name: "My Tasks" }).waitFor();
  await tasksList(page).waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function countersOn(page: Page): Promise<TaskCounts> {
  const entries = await Promise.all(
    TASK_STATUSES.map(async (status) => [status, Number(await counter(page, status).textContent())] as const),
  );
  return Object.fromEntries(entries) as TaskCounts;
}

const otherStatus = (status: TaskStatus): TaskStatus => (status === "review" ? "in_progress" : "review");

beforeAll(async () => {
  api = new Api(product.server.url);
  [developer, admin] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await developer.page.emulateMedia({ reducedMotion: "reduce" });
  await Promise.all([signIn(developer.page, DEVELOPER), signIn(admin.page, ADMIN_EMAIL)]);
});

describe("My Tasks", () => {
  it("shows a developer only their own tasks, counters over all of them; axe finds nothing at both widths", async () => {
    const { page } = developer;
    const me = await api.me(DEVELOPER);
    const mine = (await api.get<ListPage<Task>>(`/api/tasks?limit=${TASKS_PAGE_SIZE}`, DEVELOPER)).items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((task) => task.assignedTo === me.id)).toBe(true);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport);
      await openMyTasks(page);
      expect(await page.title()).toBe("My Tasks · Lagos Studio");
      await page.getByText(MY_TASKS_DESCRIPTION).waitFor();
      const titles = await tasksList(page).getByRole("article").getByRole("heading").allInnerTexts();
      expect(titles).toEqual(mine.map((task) => task.title));
      expect(await countersOn(page)).toEqual(await api.get<TaskCounts>("/api/tasks/counts", DEVELOPER));
      const first = mine[0] as Task;
      const shown = card(page, first);
      expect(await shown.textContent()).toContain(first.projectTitle ?? "No project");
      expect(await statusOf(page, first).inputValue()).toBe(first.status);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("a developer's move shows at once, then live on an administrator's My Tasks, with the toast", async () => {
    const [task] = (await api.get<ListPage<Task>>("/api/tasks?limit=1", DEVELOPER)).items;
    if (!task) throw new Error("the developer has no task");
    // Moved with the keyboard, as a person without a mouse would: one step down the list (up from the last).
    const index = TASK_STATUSES.indexOf(task.status);
    const key = index < TASK_STATUSES.length - 1 ? "ArrowDown" : "ArrowUp";
    const to = TASK_STATUSES[key === "ArrowDown" ? index + 1 : index - 1] as TaskStatus;
    await openMyTasks(admin.page);
    const all = await api.get<ListPage<Task>>(`/api/tasks?limit=${TASKS_PAGE_SIZE}`, ADMIN_EMAIL);
    // The administrator sees every task there, not only their own, and the page says so.
    expect(await tasksList(admin.page).getByRole("article").count()).toBe(all.items.length);
    await admin.page.getByText(ADMIN_TASKS_DESCRIPTION).waitFor();
    // Each card names who it is assigned to, as the administrator's tasks are anyone's.
    for (const shown of all.items) {
      expect(await card(admin.page, shown).textContent()).toContain(`Assignee: ${shown.assigneeName ?? "Unassigned"}`);
    }
    const adminBefore = await countersOn(admin.page);
    expect(adminBefore).toEqual(await api.get<TaskCounts>("/api/tasks/counts", ADMIN_EMAIL));

    const { page } = developer;
    await openMyTasks(page);
    // Hold the answer back to see the move shown at once, marked as saving, with no second pick possible.
    const { release } = await holdRequests(page, "**/api/tasks/*/status");
    let patches = 0;
    const countPatch = (request: { method(): string; url(): string }) => {
      if (request.method() === "PATCH" && request.url().includes("/api/tasks/")) patches += 1;
    };
    page.on("request", countPatch);
    await statusOf(page, task).focus();
    await page.keyboard.press(key);
    await card(page, task).getByText("Saving…").waitFor();
    expect(await statusOf(page, task).getAttribute("aria-disabled")).toBe("true");
    // The pick kept the keyboard focus, and a second pick while saving changes nothing.
    expect(await statusOf(page, task).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press(key === "ArrowDown" ? "ArrowUp" : "ArrowDown");
    expect(await statusOf(page, task).inputValue()).toBe(to);
    release();
    await toast(page, TOAST.taskStatusUpdated).waitFor();
    await page.unroute("**/api/tasks/*/status");
    page.off("request", countPatch);
    expect(patches).toBe(1);
    await expect.poll(() => statusOf(page, task).getAttribute("aria-disabled")).toBe(null);

    await expect.poll(() => statusOf(admin.page, task).inputValue()).toBe(to);
    await expect
      .poll(() => countersOn(admin.page))
      .toEqual({ ...adminBefore, [task.status]: adminBefore[task.status] - 1, [to]: adminBefore[to] + 1 });

    // Two steps in a row are one move, saved once the keys stop: not a save of the status passed on the way.
    const at = TASK_STATUSES.indexOf(to);
    const [step, far] = at >= 2 ? ["ArrowUp", at - 2] : ["ArrowDown", at + 2];
    const moves: string[] = [];
    const noteMove = (request: { method(): string; url(): string; postData(): string | null }) => {
      if (request.method() === "PATCH" && request.url().includes("/api/tasks/")) moves.push(request.postData() ?? "");
    };
    page.on("request", noteMove);
    await statusOf(page, task).focus();
    await page.keyboard.press(step);
    await page.keyboard.press(step);
    await expect.poll(() => moves.length).toBeGreaterThan(0);
    await expect.poll(() => statusOf(admin.page, task).inputValue()).toBe(TASK_STATUSES[far]);
    page.off("request", noteMove);
    expect(moves.map((body) => JSON.parse(body).status)).toEqual([TASK_STATUSES[far]]);
  });

  it("an administrator's move shows on the developer's card at once", async () => {
    const [task] = (await api.get<ListPage<Task>>("/api/tasks?limit=1", DEVELOPER)).items;
    if (!task) throw new Error("the developer has no task");
    const to: TaskStatus = task.status === "completed" ? "todo" : "completed";
    await openMyTasks(developer.page);
    await openMyTasks(admin.page);
    await statusOf(admin.page, task).selectOption(to);
    await toast(admin.page, TOAST.taskStatusUpdated).waitFor();
    await expect.poll(() => statusOf(developer.page, task).inputValue()).toBe(to);
    const counts = await api.get<TaskCounts>("/api/tasks/counts", DEVELOPER);
    await expect.poll(() => countersOn(developer.page)).toEqual(counts);
  });

  it("a refused move goes back to the saved status with the error toast", async () => {
    const { page } = developer;
    await openMyTasks(page);
    const [task] = (await api.get<ListPage<Task>>("/api/tasks?limit=1", DEVELOPER)).items;
    if (!task) throw new Error("the developer has no task");
    const before = await countersOn(page);
    await page.route("**/api/tasks/*/status", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { message: "Unavailable" } }),
      }),
    );
    await statusOf(page, task).selectOption(otherStatus(task.status));
    await toast(page, TOAST.taskStatusFailed).waitFor();
    await page.unroute("**/api/tasks/*/status");
    await expect.poll(() => statusOf(page, task).inputValue()).toBe(task.status);
    await expect.poll(() => countersOn(page)).toEqual(before);
  });

  it("pages the list with Load more while the counters count every task", async () => {
    const { page } = admin;
    const all = (await api.get<ListPage<Task>>("/api/tasks?limit=100", ADMIN_EMAIL)).items;
    expect(all.length).toBeGreaterThan(3);
    // Pages of three instead of 24, so the demo data spans several pages.
    await smallerPages(page, "/api/tasks", TASKS_PAGE_SIZE, 3);
    try {
      // Opened in the app, which reads the list itself (a page loaded anew is read by the server).
      await page.goto("/portal");
      await openInApp(page, "/portal/my-tasks");
      await tasksList(page).waitFor();
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      const titles = () => tasksList(page).getByRole("article").getByRole("heading").allInnerTexts();
      expect(await titles()).toEqual(all.slice(0, 3).map((task) => task.title));
      expect(await countersOn(page)).toEqual(await api.get<TaskCounts>("/api/tasks/counts", ADMIN_EMAIL));
      const more = page.getByRole("button", { name: "Load more" });
      // A page that cannot be read: said in a toast and logged (spec §8), the tasks shown kept; the next press reads it.
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      await failLaterPages(page, "/api/tasks", (query) => query.has("cursor"), 1);
      await more.click();
      await toast(page, TOAST.moreTasksFailed).waitFor();
      await expect.poll(() => warnings.some((text) => text.startsWith('Could not load ["tasks"'))).toBe(true);
      expect(await titles()).toEqual(all.slice(0, 3).map((task) => task.title));
      for (let shown = 3; shown < all.length; shown += 3) {
        await more.click();
        await expect.poll(titles).toEqual(all.slice(0, shown + 3).map((task) => task.title));
      }
      await more.waitFor({ state: "detached" });
      // The button left with the last page: the focus went on to the first task it loaded, not to the page's top.
      const firstOfLastPage = tasksList(page)
        .locator(":scope > li")
        .nth(Math.floor((all.length - 1) / 3) * 3);
      await expect.poll(() => firstOfLastPage.evaluate((item) => item.contains(document.activeElement))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.unrouteAll();
    }
  });

  it("Show narrows the cards to one status, kept in the URL: a task moved out leaves at once, one moved in arrives live", async () => {
    const { page } = developer;
    const ofStatus = async (status: TaskStatus) =>
      (await api.get<ListPage<Task>>(`/api/tasks?status=${status}&limit=100`, DEVELOPER)).items;
    const [first] = (await api.get<ListPage<Task>>("/api/tasks?limit=1", DEVELOPER)).items;
    if (!first) throw new Error("the developer has no task");
    const shown = first.status;
    const titles = () => tasksList(page).getByRole("article").getByRole("heading").allInnerTexts();
    const show = page.getByLabel("Show");

    await openMyTasks(page);
    await show.selectOption(shown);
    await page.waitForURL((url) => url.searchParams.get("status") === shown);
    const inStatus = await ofStatus(shown);
    await expect.poll(titles).toEqual(inStatus.map((task) => task.title));
    // Someone on the select hears what the list now holds.
    const said = page.getByRole("search", { name: "Filter tasks" }).getByRole("status");
    await expect
      .poll(() => said.textContent())
      .toBe(`${inStatus.length} ${inStatus.length === 1 ? "task" : "tasks"} shown`);
    // The counters still count every task.
    expect(await countersOn(page)).toEqual(await api.get<TaskCounts>("/api/tasks/counts", DEVELOPER));
    expect(await axeViolations(page)).toEqual([]);

    // Moved out of the status shown, the card leaves at once and the keyboard's focus goes to Show.
    const to = otherStatus(shown);
    await statusOf(page, first).selectOption(to);
    await card(page, first).waitFor({ state: "detached" });
    expect(await show.evaluate((element) => element === document.activeElement)).toBe(true);
    await toast(page, TOAST.taskStatusUpdated).waitFor();
    expect((await ofStatus(to)).map((task) => task.id)).toContain(first.id);

    // An administrator moves it back: it arrives in its place, live.
    await api.send("PATCH", `/api/tasks/${first.id}/status`, ADMIN_EMAIL, { status: shown });
    await expect.poll(titles).toEqual((await ofStatus(shown)).map((task) => task.title));

    // Loaded anew, the page is rendered for the status in its URL; an unknown status shows every task.
    await page.goto(`/portal/my-tasks?status=${shown}`);
    await tasksList(page).waitFor();
    expect(await titles()).toEqual((await ofStatus(shown)).map((task) => task.title));
    expect(await show.inputValue()).toBe(shown);
    await openMyTasks(page);
    await page.goto("/portal/my-tasks?status=someday");
    await tasksList(page).waitFor();
    expect(await show.inputValue()).toBe("");
    expect(await titles()).toEqual(
      (await api.get<ListPage<Task>>(`/api/tasks?limit=${TASKS_PAGE_SIZE}`, DEVELOPER)).items.map((task) => task.title),
    );
  });

  it("a first load that fails says so (not that there is nothing to do), and Retry reads the tasks", async () => {
    const { page } = developer;
    await page.goto("/portal");
    await withReadsFailing(page, /\/api\/tasks(\?|$)/, async () => {
      await openInApp(page, "/portal/my-tasks");
      await page.getByText(TASKS_NOT_LOADED).waitFor();
      expect(await page.getByText(MY_TASKS_TEXTS.developer.empty).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
    await page.getByRole("button", { name: "Retry" }).click();
    await tasksList(page).waitFor();
    expect(await page.getByText(TASKS_NOT_LOADED).count()).toBe(0);
  });

  it("Show for a status with no tasks says so and offers every task", async () => {
    const { page } = developer;
    const counts = await api.get<TaskCounts>("/api/tasks/counts", DEVELOPER);
    const empty = TASK_STATUSES.reduce((fewest, status) => (counts[status] < counts[fewest] ? status : fewest));
    const emptied = (await api.get<ListPage<Task>>(`/api/tasks?status=${empty}&limit=100`, DEVELOPER)).items;
    const elsewhere = otherStatus(empty);
    for (const task of emptied)
      await api.send("PATCH", `/api/tasks/${task.id}/status`, ADMIN_EMAIL, { status: elsewhere });
    try {
      await page.goto(`/portal/my-tasks?status=${empty}`);
      await page.getByRole("heading", { level: 2, name: NO_TASKS_OF_STATUS }).waitFor();
      await page.getByText(noTasksOfStatusText(TASK_STATUS_LABELS[empty])).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Show all tasks" }).click();
      await page.waitForURL((url) => url.pathname === "/portal/my-tasks" && !url.searchParams.has("status"));
      await tasksList(page).waitFor();
      expect(await page.getByLabel("Show").evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      for (const task of emptied)
        await api.send("PATCH", `/api/tasks/${task.id}/status`, ADMIN_EMAIL, { status: empty });
    }
  });

  it("a client follows the tasks on their projects, read only, and sees an administrator's move at once", async () => {
    const CLIENT = "chinedu@ezefoods.test";
    const client = await newUser(product.browser, product.server.url);
    try {
      await signIn(client.page, CLIENT);
      const theirs = (await api.get<ListPage<Task>>(`/api/tasks?limit=${TASKS_PAGE_SIZE}`, CLIENT)).items;
      expect(theirs.length).toBeGreaterThan(0);
      const onTheirProjects = new Set(
        (await api.get<ListPage<{ id: string }>>("/api/projects?limit=50", CLIENT)).items.map((project) => project.id),
      );
      expect(theirs.every((task) => task.projectId && onTheirProjects.has(task.projectId))).toBe(true);

      const { page } = client;
      await openMyTasks(page);
      await page.getByText(CLIENT_TASKS_DESCRIPTION).waitFor();
      expect(await tasksList(page).getByRole("article").count()).toBe(theirs.length);
      expect(await countersOn(page)).toEqual(await api.get<TaskCounts>("/api/tasks/counts", CLIENT));
      const [task] = theirs;
      if (!task) throw new Error("no task");
      // Each card says where the task stands and who works on it; nothing on it can be changed.
      await card(page, task).getByText(`Assignee:`).waitFor();
      // Their project opens from the card.
      await card(page, task)
        .getByRole("link", { name: task.projectTitle ?? "" })
        .waitFor();
      expect(await card(page, task).getByTestId("task-status").textContent()).toBe(TASK_STATUS_LABELS[task.status]);
      expect(await tasksList(page).getByLabel("Status").count()).toBe(0);
      expect(await tasksList(page).getByRole("combobox").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      const to = otherStatus(task.status);
      await openMyTasks(admin.page);
      await statusOf(admin.page, task).selectOption(to);
      await toast(admin.page, TOAST.taskStatusUpdated).waitFor();
      await expect.poll(() => card(page, task).getByTestId("task-status").textContent()).toBe(TASK_STATUS_LABELS[to]);
      await expect.poll(() => countersOn(page)).toEqual(await api.get<TaskCounts>("/api/tasks/counts", CLIENT));
    } finally {
      await client.context.close();
    }
  });

  it("a task's project opens from its card once the developer is on the project, live", async () => {
    const me = await api.me(DEVELOPER);
    const clientId = (await api.me("chinedu@ezefoods.test")).id;
    const form = {
      title: "Loyalty programme pilot",
      description: "A project the developer has a task on before joining it.",
      clientId,
      developerIds: [] as string[],
      status: "active",
      progress: 0,
      startDate: null,
      endDate: null,
    };
    const project = await api.send<{ id: string; updatedAt: string }>("POST", "/api/admin/projects", ADMIN_EMAIL, form);
    const task = await api.send<Task>("POST", "/api/admin/tasks", ADMIN_EMAIL, {
      title: "Sketch the loyalty card",
      assignedTo: me.id,
      projectId: project.id,
    });
    expect(task.assigneeOnProject).toBe(false);
    const { page } = developer;
    await openMyTasks(page);
    const projectLink = () => card(page, task).getByRole("link", { name: form.title });
    // Not on the project: its name, which they could not open, is not a link.
    await card(page, task).getByText(form.title).waitFor();
    expect(await projectLink().count()).toBe(0);
    await api.send("PATCH", `/api/admin/projects/${project.id}`, ADMIN_EMAIL, {
      ...form,
      developerIds: [me.id],
      expectedUpdatedAt: project.updatedAt,
    });
    await projectLink().waitFor();
    await projectLink().click();
    await page.getByRole("heading", { level: 1, name: form.title }).waitFor();
  });
});
