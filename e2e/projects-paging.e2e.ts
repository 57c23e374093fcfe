import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProject } from "../common/admin-money";
import type { Page as ListPage, Project } from "../common/api";
import { PROJECT_STATUS_LABELS } from "../common/domain";
import { TOAST } from "../src/lib/messages";
import { axeViolations } from "./support/axe";
import { failLaterPages, isFocused, newUser, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";
import { ROOT } from "./support/server";

/**
 * Journey: an administrator's projects list on a database with more projects
 * than one page (the large data set at a tiny scale, on PostgreSQL): the first
 * page, then "Load more" until every project is shown, each once; Show narrows
 * them to one status, and a project moved into it arrives live; the search
 * finds them by the start of their title.
 * Needs TEST_DATABASE_URL (scripts/test.mjs runs this file only when it is set).
 */
const ADMIN = "admin@large.lagosstudio.test";
const SCALE = "0.002"; // 100 projects: five pages of 24
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error("projects-paging.e2e.ts needs TEST_DATABASE_URL (a PostgreSQL whose user may create databases)");
const name = `e2e_paging_${randomBytes(5).toString("hex")}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

// Registered before setupProduct's own hooks: the database is filled before the product starts on it.
beforeAll(async () => {
  await admin(`create database ${name}`);
  const seeded = spawnSync(
    process.execPath,
    ["dist/server/cli.js", "seed-large", "--database-url", databaseUrl, "--scale", SCALE, "--seed", "5"],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: "test" } },
  );
  if (seeded.status !== 0) throw new Error(`seed-large failed: ${seeded.stdout}${seeded.stderr}`);
}, 120_000);

afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
});

const product = setupProduct({ env: { DATABASE_URL: databaseUrl } });
let user: User;

beforeAll(async () => {
  user = await newUser(product.browser, product.server.url);
  await signIn(user.page, ADMIN);
});

describe("projects list, a page at a time", () => {
  it("shows the first page, then loads more until every project is there once", async () => {
    const { page } = user;
    await page.goto("/portal/projects");
    const list = page.getByRole("list", { name: "Projects" });
    const cards = list.getByRole("article");
    await expect.poll(() => cards.count()).toBe(24);
    expect(await axeViolations(page)).toEqual([]);

    const more = page.getByRole("button", { name: "Load more" });
    // A page that cannot be read (twice: the app tries a read once more) says so in a toast; the
    // cards shown stay, and the button tries again.
    await failLaterPages(page, "/api/projects", (query) => query.has("cursor"), 2);
    await more.click();
    await page.getByText(TOAST.moreProjectsFailed, { exact: true }).waitFor();
    expect(await cards.count()).toBe(24);
    for (const shown of [48, 72, 96, 100]) {
      await more.click();
      await expect.poll(() => cards.count()).toBe(shown);
    }
    await expect.poll(() => more.count()).toBe(0);
    const titles = await list.getByRole("heading", { level: 2 }).allTextContents();
    expect(new Set(titles).size).toBe(100);
    // Newest first: the generator numbers projects in creation order, two to each creation time.
    expect(titles[0]).toMatch(/^Project (99|100)$/);
    expect(titles.at(-1)).toMatch(/^Project [12]$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("Show narrows the cards to one status, kept in the URL; a project moved into it arrives live", async () => {
    const { page } = user;
    const get = async <T>(path: string): Promise<T> => (await page.request.get(path)).json();
    const firstPage = async (status: string) =>
      (await get<ListPage<Project>>(`/api/projects?status=${status}&limit=24`)).items;
    const list = page.getByRole("list", { name: "Projects" });
    const titles = () => list.getByRole("heading", { level: 2 }).allTextContents();
    const show = page.getByLabel("Show");

    await page.goto("/portal/projects");
    await list.waitFor();
    await show.selectOption("on_hold");
    await page.waitForURL((url) => url.searchParams.get("status") === "on_hold");
    const onHold = await firstPage("on_hold");
    expect(onHold.length).toBeGreaterThan(0);
    expect(onHold.every((project) => project.status === "on_hold")).toBe(true);
    await expect.poll(titles).toEqual(onHold.map((project) => project.title));
    expect(await list.getByText(PROJECT_STATUS_LABELS.active, { exact: true }).count()).toBe(0);
    // Someone on the select hears what the list now holds.
    const more = (await get<ListPage<Project>>("/api/projects?status=on_hold&limit=24")).next ? ", more to load" : "";
    expect(await page.getByRole("search", { name: "Filter projects" }).getByRole("status").textContent()).toBe(
      `${onHold.length} projects shown${more}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    // The newest active project put on hold (as its edit dialog saves it) arrives among them.
    const [active] = await firstPage("active");
    if (!active) throw new Error("no active project");
    const full = await get<AdminProject>(`/api/admin/projects/${active.id}`);
    const saved = await page.request.patch(`/api/admin/projects/${active.id}`, {
      headers: { origin: product.server.url },
      data: {
        title: full.title,
        description: full.description ?? "",
        clientId: full.clientId,
        developerIds: full.developers.map((developer) => developer.id),
        status: "on_hold",
        progress: full.progress,
        expectedUpdatedAt: full.updatedAt,
        startDate: full.startDate ?? null,
        endDate: full.endDate ?? null,
      },
    });
    expect(saved.status()).toBe(200);
    const moved = await firstPage("on_hold");
    expect(moved.map((project) => project.id)).toContain(active.id);
    await expect.poll(titles).toEqual(moved.map((project) => project.title));

    // Loaded anew, the page is rendered for the status in its URL; an unknown status shows every project.
    await page.goto("/portal/projects?status=on_hold");
    await list.waitFor();
    expect(await titles()).toEqual(moved.map((project) => project.title));
    expect(await show.inputValue()).toBe("on_hold");
    await page.goto("/portal/projects?status=archived");
    await list.waitFor();
    expect(await show.inputValue()).toBe("");
    expect(await titles()).toEqual(
      (await get<ListPage<Project>>("/api/projects?limit=24")).items.map((project) => project.title),
    );
  });

  it("searches by the start of the title, kept in the URL; a search that finds nothing says so", async () => {
    const { page } = user;
    await page.goto("/portal/projects");
    const list = page.getByRole("list", { name: "Projects" });
    await list.waitFor();
    const search = page.getByRole("searchbox", { name: "Search projects by the start of their title" });
    await search.fill("project 1");
    await page.waitForURL((url) => url.searchParams.get("q") === "project 1");
    // Project 1, 10 to 19 and 100, in title order (a search's order, as its index holds it).
    const expected = [
      "Project 1",
      "Project 10",
      "Project 100",
      ...Array.from({ length: 9 }, (_, i) => `Project ${11 + i}`),
    ];
    await expect.poll(() => list.getByRole("heading", { level: 2 }).allTextContents()).toEqual(expected);
    await page.getByText("Every client's projects whose title starts with “project 1”, A to Z.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await search.fill("zzz");
    await page.getByRole("heading", { name: "No projects match “zzz”" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear search" }).click();
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await expect.poll(() => list.getByRole("article").count()).toBe(24);
    expect(await search.inputValue()).toBe("");
    // The button left with the empty state; the focus went back to the search it cleared.
    expect(await isFocused(search)).toBe(true);
  });
});
