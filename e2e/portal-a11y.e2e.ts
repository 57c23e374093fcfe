import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page as ListPage, Project } from "../common/api";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  cspViolations,
  figuresOffOneLine,
  hydratePage,
  newUser,
  placeholdersCutOff,
  recordCspViolations,
  signIn,
  tablesPastTheirBox,
  type User,
  waitForPath,
  wordsSplitAcrossLines,
} from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * axe-core finds nothing on any portal route, for each role that reaches it,
 * at desktop (1280 px) and phone (375 px) widths, and no page is wider than the phone. Each page is checked with
 * its content on screen, not its loading skeleton: as the server rendered it,
 * and live. And each page hydrates as the server rendered it: no error, no
 * read made again (the data it was rendered with is current), nothing moved,
 * nothing the Content-Security-Policy refuses.
 */
const CLIENT = "chinedu@ezefoods.test";
const DEVELOPER = "tunde@lagosstudio.test";
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;
/**
 * Between phone and desktop, beside the sidebar: at 820 px stat cards broke their amounts and task cards their
 * titles; at 1024 px the client dashboard's recent invoices broke theirs.
 */
const TABLETS = [
  { width: 820, height: 1180 },
  { width: 1024, height: 768 },
] as const;
/** Stands for the first project's page of the person signed in (each role's controls differ), read when its test runs. */
const FIRST_PROJECT = "/portal/projects/<first>";
const ADMIN_ROUTES = [
  "/portal/admin",
  "/portal/admin/staff",
  "/portal/admin/clients",
  "/portal/admin/developers",
  "/portal/admin/tasks",
  "/portal/admin/payments",
  "/portal/admin/services",
  "/portal/admin/bookings",
  "/portal/admin/subscriptions",
  "/portal/admin/analytics",
  "/portal/admin/outbox",
  "/portal/admin/enquiries",
  "/portal/admin/audit",
  "/portal/admin/plans",
  "/portal/projects",
  FIRST_PROJECT,
  "/portal/invoices",
  "/portal/settings",
];

/**
 * Each test here sweeps several pages, each loaded, scanned and measured at several widths: six of
 * them take ~21 s on a quiet machine and twice that on a busy CI host, so a test has two minutes.
 */
const SWEEP_TIMEOUT = 120_000;

const groupsOf = (routes: string[], size: number) =>
  Array.from({ length: Math.ceil(routes.length / size) }, (_, index) => routes.slice(index * size, (index + 1) * size));

const product = setupProduct();
let api: Api;

/** Opens `path`, waits for its heading and for every list and counter to leave its skeleton. */
async function openLoaded(page: Page, path: string) {
  await page.goto(path);
  await waitForPath(page, path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Every route at both widths; the violations by width and route, so one run names them all.
 * Each route is loaded once, at desktop width, and scanned as the server rendered it; then it is
 * hydrated (what went wrong meanwhile, and any read it made, are noted) and scanned again, live,
 * after narrowing the window: the phone scan sees the phone's layout without a second page load.
 */
async function violationsOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text().slice(0, 200)}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message.slice(0, 200)}`));
  // A read after the live channel said something changed is the channel at work (opening a thread marks it
  // read, and the unread counts it changed are read again; a page rendered just after a write hears of it, the
  // server allowing for clocks two seconds apart); one without would be the page reading again what it was
  // rendered with.
  let told = false;
  page.on("websocket", (socket) =>
    socket.on("framereceived", (frame) => {
      if (/"type":"(invalidate|change)"/.test(String(frame.payload))) told = true;
    }),
  );
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/") && !told)
      problems.push(`read ${url.pathname}${url.search}`);
  });
  for (const path of paths) {
    await page.setViewportSize(VIEWPORTS[0]);
    // From the request on: the page may hear of a change as soon as it subscribes, before it hydrates.
    told = false;
    await openLoaded(page, path);
    const rendered = await axeViolations(page);
    // The page's h1 is its first heading: the top bar's title, before it, names the product, not the page.
    const first = await page.evaluate(
      () => document.querySelector("h1, h2, h3, h4, h5, h6, [role=heading]")?.outerHTML,
    );
    if (!first?.startsWith("<h1")) rendered.push(`the first heading is not the page's h1: ${first?.slice(0, 120)}`);
    if (rendered.length > 0) found[`${VIEWPORTS[0].width}px ${path}, as rendered`] = rendered;
    problems.length = 0;
    // Hydrating moves nothing: what someone is about to tap stays where it is.
    await page.evaluate(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift" });
    });
    await hydratePage(page);
    await page.waitForTimeout(300);
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    if (shifted > 0.001) problems.push(`layout shift ${shifted.toFixed(3)} while hydrating`);
    // The app's code keeps to the site's Content-Security-Policy (zod's parsers once asked for eval).
    for (const violation of await cspViolations(page)) problems.push(`CSP: ${violation}`);
    await page.setViewportSize(VIEWPORTS[1]);
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
    const live = await axeViolations(page);
    if (live.length > 0) found[`${VIEWPORTS[1].width}px ${path}, live`] = live;
    // Nothing makes a phone's page scroll sideways (a wide table scrolls inside its own box).
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > VIEWPORTS[1].width) problems.push(`${width} px wide at ${VIEWPORTS[1].width} px`);
    if (problems.length > 0) found[`${path}, hydrating`] = [...problems];
    // A figure fits its card on one line (₦1,650,000.00 once split after "₦1,650,00" beside the sidebar), and no
    // word is squeezed letter by letter (a task's title beside its badges: "Offli / ne deli / very"), and no
    // placeholder is cut off (Payments' "Search by invoice number or").
    // Checked after the reads are counted: crossing md swaps the sidebar for the drawer, which reads its badges.
    const squeezed: string[] = [];
    for (const viewport of [VIEWPORTS[1], ...TABLETS, VIEWPORTS[0]]) {
      await page.setViewportSize(viewport);
      // The shell has swapped drawer and sidebar for this width: the content has the width it will keep.
      const toggle = viewport.width < 768 ? "Open navigation" : /(Collapse|Expand) sidebar/;
      await page.getByRole("button", { name: toggle }).waitFor();
      for (const figure of await figuresOffOneLine(page)) squeezed.push(`figure ${figure} at ${viewport.width} px`);
      for (const word of await wordsSplitAcrossLines(page)) squeezed.push(`word ${word} at ${viewport.width} px`);
      for (const text of await placeholdersCutOff(page)) squeezed.push(`placeholder ${text} at ${viewport.width} px`);
      // On a desktop every column shows beside the sidebar (Payments' Mark paid was once past the edge).
      if (viewport === VIEWPORTS[0])
        for (const table of await tablesPastTheirBox(page)) squeezed.push(`table ${table} at ${viewport.width} px`);
    }
    if (squeezed.length > 0) found[`${path}, squeezed`] = squeezed;
  }
  return found;
}

/** The routes, with FIRST_PROJECT as `email`'s first project's page. */
async function pathsFor(email: string, routes: string[]): Promise<string[]> {
  if (!routes.includes(FIRST_PROJECT)) return routes;
  const project = (await api.get<ListPage<Project>>("/api/projects?limit=1", email)).items[0];
  if (!project) throw new Error(`${email} has no project`);
  return routes.map((route) => (route === FIRST_PROJECT ? `/portal/projects/${project.id}` : route));
}

async function signedIn(email: string): Promise<User> {
  const user = await newUser(product.browser, product.server.url);
  await recordCspViolations(user.context);
  await user.page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(user.page, email);
  return user;
}

beforeAll(() => {
  api = new Api(product.server.url);
});

describe("portal accessibility", { timeout: SWEEP_TIMEOUT }, () => {
  let user: User | undefined;
  afterAll(async () => {
    await user?.context.close();
  });

  // A few routes a test: each route is loaded, scanned twice and measured at four widths, and a
  // client's seven, or the administrator's seventeen, in one test came within a second of its
  // minute (or outlasted it) on a slow machine.
  const clientRoutes = [
    "/portal",
    "/portal/order-services",
    "/portal/projects",
    FIRST_PROJECT,
    "/portal/my-tasks",
    "/portal/invoices",
    "/portal/settings",
  ];
  for (const routes of groupsOf(clientRoutes, 4)) {
    it(`a client's routes: ${routes.join(", ")}`, async () => {
      const paths = await pathsFor(CLIENT, routes);
      user = await signedIn(CLIENT);
      const found = await violationsOn(user.page, paths);
      await user.context.close();
      user = undefined;
      expect(found).toEqual({});
    });
  }

  it("a developer's routes", async () => {
    const paths = await pathsFor(DEVELOPER, [
      "/portal",
      "/portal/projects",
      FIRST_PROJECT,
      "/portal/my-tasks",
      "/portal/settings",
    ]);
    user = await signedIn(DEVELOPER);
    const found = await violationsOn(user.page, paths);
    await user.context.close();
    user = undefined;
    expect(found).toEqual({});
  });

  for (const routes of groupsOf(ADMIN_ROUTES, 6)) {
    it(`an administrator's routes: ${routes.join(", ")}`, async () => {
      const paths = await pathsFor(ADMIN_EMAIL, routes);
      user = await signedIn(ADMIN_EMAIL);
      const found = await violationsOn(user.page, paths);
      await user.context.close();
      user = undefined;
      expect(found).toEqual({});
    });
  }
});

describe("a word longer than the screen (a URL, a company's name)", { timeout: SWEEP_TIMEOUT }, () => {
  it("breaks inside its box on every page that shows it, at 1280 px and 375 px: no page scrolls sideways", async () => {
    const longWord = "Supercalifragilisticexpialidocious".repeat(3);
    const client = await api.me(CLIENT);
    const developer = await api.me(DEVELOPER);
    await api.send("PATCH", "/api/me", CLIENT, { companyName: `Holdings ${longWord}` });
    const project = await api.send<{ id: string }>("POST", "/api/admin/projects", ADMIN_EMAIL, {
      title: `Warehouse rollout ${longWord}`,
      description: `The plan: https://example.com/${"a".repeat(150)}`,
      clientId: client.id,
      developerIds: [developer.id],
      status: "on_hold",
      progress: 45,
      startDate: "2026-11-01",
      endDate: "2027-06-30",
    });
    await api.send("POST", `/api/projects/${project.id}/milestones`, CLIENT, {
      title: `Milestone ${longWord}`,
      amount: "999999999999.99",
      dueDate: "2027-01-15",
    });
    await api.send("POST", "/api/admin/tasks", ADMIN_EMAIL, {
      title: `Task ${longWord}`,
      description: longWord,
      assignedTo: developer.id,
      projectId: project.id,
      dueDate: null,
      status: "todo",
      priority: "urgent",
    });
    const pages = {
      [CLIENT]: ["/portal", "/portal/projects", `/portal/projects/${project.id}`],
      [DEVELOPER]: ["/portal", "/portal/my-tasks", "/portal/projects"],
      [ADMIN_EMAIL]: ["/portal/admin/tasks", `/portal/admin/clients/${client.id}`],
    };
    const tooWide: string[] = [];
    for (const [email, paths] of Object.entries(pages)) {
      const { context, page } = await signedIn(email);
      for (const path of paths) {
        await openLoaded(page, path);
        const shown = await page
          .getByText("Supercalifragilistic")
          .filter({ visible: true })
          .first()
          .waitFor()
          .then(() => true)
          .catch(() => false);
        if (!shown) tooWide.push(`${path} as ${email}: the long word is not shown`);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > viewport.width) tooWide.push(`${path} as ${email}: ${width} px wide at ${viewport.width} px`);
        }
      }
      await context.close();
    }
    expect(tooWide).toEqual([]);
  });
});
