import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClientDashboard, Page as ListPage, Project } from "../common/api";
import { formatMoney } from "../common/format";
import { PORTAL_NOT_LOADED } from "../src/components/RouteError";
import { SCRIPT_NEEDED } from "../src/content/script-needed";
import { notFound } from "../src/content/shared";
import { PROJECT_NOT_FOUND } from "../src/features/projects/labels";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { newUser, paintedCanvases, scriptNeededNote, signIn, statCard, type User } from "./support/browser";
import { setupProduct } from "./support/product";
import { ROOT, SHELL_ROOT } from "./support/server";

/**
 * Portal pages come rendered by the server for the person who asks
 * (server/http/portal-pages.ts), with the data they show: the page paints from
 * its HTML, its app hydrates on the first interaction, and until then the
 * page stays current through the live channel (src/portal-watch.ts).
 */
const CLIENT = "chinedu@ezefoods.test";
const OTHER_CLIENT = "amaka@bellofashion.test";

const product = setupProduct();
let api: Api;

const isLive = (page: Page) => page.evaluate(() => "hydrated" in document.documentElement.dataset);
const statValue = (page: Page, label: string) => statCard(page, label).getByTestId("stat-value");

async function get(path: string, asEmail?: string) {
  const headers: Record<string, string> = { accept: "text/html" };
  if (asEmail) headers.cookie = await api.signIn(asEmail);
  return fetch(`${product.server.url}${path}`, { headers, redirect: "manual" });
}

/** A browser profile signed in as `email`, optionally without JavaScript. */
async function browserAs(email: string, javaScript = true): Promise<User> {
  const user = await newUser(product.browser, product.server.url, { javaScript });
  await signIn(user.page, email);
  return user;
}

/** Issues `amount` naira to the client as an administrator (a change the client's dashboard counts). */
async function issueInvoice(amount: string) {
  const { id: clientId } = await api.me(CLIENT);
  await api.send("POST", "/api/admin/invoices", ADMIN_EMAIL, {
    clientId,
    projectId: null,
    amount,
    dueDate: "2027-01-31",
  });
}

const totalInvoices = async () => {
  const figures = await api.get<ClientDashboard>("/api/dashboard", CLIENT);
  return formatMoney(figures.invoices.totalMinor, "NGN");
};

beforeAll(() => {
  api = new Api(product.server.url);
});

describe("portal pages rendered by the server", () => {
  it("come made for the person who asks, with the data they were rendered from, and are never stored", async () => {
    const me = await api.me(CLIENT);
    const other = await api.me(OTHER_CLIENT);
    const response = await get("/portal", CLIENT);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("<title>Dashboard · Lagos Studio</title>");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain(`Welcome back, ${me.fullName}`);
    expect(html).toContain(await totalInvoices());
    expect(html).toContain('<script id="portal-state" type="application/json">');
    expect(html).not.toContain(other.fullName);
    expect(html).not.toContain(other.email);
  });

  it("preload the watcher at once and the app and route's code after load, every file an asset that exists", async () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}/dist/client/.vite/manifest.json`, "utf8"));
    const html = await (await get("/portal", CLIENT)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+\.js)"/g)].map(
      (match) => match[1] ?? "",
    );
    expect(preloaded).toContain(manifest["src/portal-watch.ts"]?.file);
    const later: string[] = JSON.parse(
      html.match(/<script id="app-chunks" type="application\/json">(.*?)<\/script>/)?.[1] ?? "[]",
    );
    expect(later).toContain(`/${manifest["src/routes/portal/index.tsx?tsr-split=component"]?.file}`);
    expect(later).toContain(`/${manifest["src/portal-hydrate.ts"]?.file}`);
    for (const file of [...preloaded.map((name) => `/${name}`), ...later]) {
      expect((await fetch(`${product.server.url}${file}`)).status, file).toBe(200);
    }
  });

  it("are rendered by React's production build whatever NODE_ENV the server runs with (here: test)", () => {
    // The server build keeps `process.env` for Node: React's entry points chose their development build at run
    // time under `npm start` (development) and here, and the renderer spent ~2× the CPU a page.
    const bundle = readdirSync(`${ROOT}/dist/ssr`, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(`${ROOT}/dist/ssr/${file}`, "utf8"));
    expect(bundle.join("\n")).toContain("renderToString");
    for (const code of bundle) {
      expect(code).not.toContain("process.env.NODE_ENV");
      expect(code).not.toContain("Each child in a list should have a unique");
    }
  });

  it("send the signed out to /auth, and each role to its own side, as the portal's guards do, in one redirect", async () => {
    for (const [path, who, to] of [
      ["/portal", undefined, "/auth"],
      // Signing in comes back to the page asked for (common/return-path.ts).
      ["/portal/projects?page=2", undefined, "/auth?redirect=%2Fportal%2Fprojects%3Fpage%3D2"],
      // The clients table's URL is made canonical first, then the guard sends a client away: one redirect still.
      ["/portal/admin/clients", CLIENT, "/portal"],
      ["/portal", ADMIN_EMAIL, "/portal/admin"],
      // Only clients order.
      ["/portal/order-services", ADMIN_EMAIL, "/portal/admin"],
      ["/portal/invoices", "tunde@lagosstudio.test", "/portal"],
    ] as const) {
      const response = await get(path, who);
      expect(response.status, `${path} as ${who ?? "nobody"}`).toBe(302);
      expect(response.headers.get("location")).toBe(to);
    }
  });

  it("render a table at its canonical URL in place, and tell the browser that URL", async () => {
    const response = await get("/portal/admin/clients", ADMIN_EMAIL);
    expect(response.status).toBe(200);
    const html = await response.text();
    const state = JSON.parse(
      html.match(/<script id="portal-state" type="application\/json">(.*?)<\/script>/)?.[1] ?? "{}",
    );
    expect(state.url).toBe("/portal/admin/clients?page=1&pageSize=25&sort=joined&dir=desc");
    const { page, context } = await browserAs(ADMIN_EMAIL);
    try {
      await page.goto("/portal/admin/clients");
      await page.waitForURL((url) => url.search === "?page=1&pageSize=25&sort=joined&dir=desc");
      expect(await isLive(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("hydrate at once a page with a part only the app can draw: the analytics' charts, with nothing touched", async () => {
    const html = await (await get("/portal/admin/analytics", ADMIN_EMAIL)).text();
    expect(html.includes("data-drawn-by-script"), "the charts say they are drawn by the app").toBe(true);
    const { page, context } = await browserAs(ADMIN_EMAIL);
    try {
      await page.goto("/portal/admin/analytics");
      expect(await page.locator("#portal-state").count(), "rendered by the server").toBe(1);
      await expect.poll(() => paintedCanvases(page), { timeout: 10_000 }).toBe(3);
      expect(await isLive(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("render a form whose read waits for a choice without making that read: a new invoice's projects, before its client", async () => {
    const response = await get("/portal/admin/invoices/new", ADMIN_EMAIL);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>New invoice · Lagos Studio</title>");
    expect(html.includes('<script id="portal-state"'), "rendered by the server, not the shell").toBe(true);
  });

  it("answer a portal path that does not exist with the not-found page and status 404", async () => {
    const response = await get("/portal/no-such-page", CLIENT);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(notFound.heading);
  });

  it("leave a page whose read fails (a project that is not yours) to the browser: the SPA's shell", async () => {
    const theirs = (await api.get<ListPage<Project>>("/api/projects?limit=1", OTHER_CLIENT)).items[0];
    if (!theirs) throw new Error(`${OTHER_CLIENT} has no project`);
    const html = await (await get(`/portal/projects/${theirs.id}`, CLIENT)).text();
    expect(html).not.toContain("portal-state");
    expect(html).not.toContain(theirs.title);
    expect(html).toMatch(SHELL_ROOT);
  });

  it("a portal whose session check fails in the browser says so as its heading, and Try again brings it", async () => {
    const theirs = (await api.get<ListPage<Project>>("/api/projects?limit=1", OTHER_CLIENT)).items[0];
    if (!theirs) throw new Error(`${OTHER_CLIENT} has no project`);
    const { page, context } = await browserAs(CLIENT);
    try {
      // A page the server leaves to the browser (the project is not theirs): the portal checks the session there.
      await page.route("**/api/me", (route) => route.abort("internetdisconnected"));
      await page.goto(`/portal/projects/${theirs.id}`);
      await page.getByRole("heading", { level: 1, name: PORTAL_NOT_LOADED }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.unroute("**/api/me");
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: PROJECT_NOT_FOUND }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("show the person's dashboard without any JavaScript", async () => {
    const { page, context } = await browserAs(CLIENT, false);
    try {
      await page.goto("/portal");
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(await statValue(page, "Total Invoices").textContent()).toBe(await totalInvoices());
      await page.getByRole("link", { name: "View Invoices" }).waitFor();
      expect(await scriptNeededNote(page).textContent()).toBe(SCRIPT_NEEDED.portal);
    } finally {
      await context.close();
    }
  });

  it("show a form's values without any JavaScript: the profile's name and company, a new project's defaults", async () => {
    const me = await api.me(CLIENT);
    const client = await browserAs(CLIENT, false);
    const admin = await browserAs(ADMIN_EMAIL, false);
    try {
      await client.page.goto("/portal/settings");
      expect(await client.page.getByLabel("Full Name").inputValue()).toBe(me.fullName);
      expect(await client.page.getByLabel("Company Name").inputValue()).toBe(me.companyName);
      // Sent without the app, a form posts to its page and comes back to it: nothing typed goes into the URL.
      await client.page.getByLabel("Full Name").fill("Typed Without Script");
      await Promise.all([client.page.waitForNavigation(), client.page.getByLabel("Full Name").press("Enter")]);
      expect(client.page.url()).toBe(`${product.server.url}/portal/settings`);
      await admin.page.goto("/portal/admin/projects/new");
      expect(await admin.page.getByLabel("Status").inputValue()).toBe("active");
      expect(await admin.page.getByLabel("Progress (%)").inputValue()).toBe("0");
    } finally {
      await client.context.close();
      await admin.context.close();
    }
  });

  it("stay as rendered until touched, yet show a change made meanwhile at once: the page goes live by itself", async () => {
    const { page, context } = await browserAs(CLIENT);
    try {
      await page.goto("/portal");
      const before = await totalInvoices();
      expect(await statValue(page, "Total Invoices").textContent()).toBe(before);
      await page.waitForTimeout(500);
      expect(await isLive(page)).toBe(false);
      await issueInvoice("1000");
      const after = await totalInvoices();
      expect(after).not.toBe(before);
      await expect.poll(() => statValue(page, "Total Invoices").textContent()).toBe(after);
      expect(await isLive(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("hear of a change made between the render and the page's live channel opening", async () => {
    const { page, context } = await browserAs(CLIENT);
    try {
      // The change lands after the server has read the page's data, before the page subscribes.
      await page.route(/\/assets\/portal-watch-[^/]+\.js$/, async (route) => {
        await issueInvoice("2000");
        await route.continue();
      });
      const before = await totalInvoices();
      await page.goto("/portal");
      expect(await statValue(page, "Total Invoices").textContent()).toBe(before);
      await expect.poll(() => statValue(page, "Total Invoices").textContent()).toBe(await totalInvoices());
      expect(await totalInvoices()).not.toBe(before);
    } finally {
      await context.close();
    }
  });

  it("keep what is typed and pressed before the app has loaded: the form saves it", async () => {
    const { page, context } = await browserAs(OTHER_CLIENT);
    try {
      // The app's code arrives late, so the typing and the press happen before the page is live.
      await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto("/portal/settings");
      const name = `Amaka Bello ${Date.now() % 1000}`;
      await page.getByLabel("Full Name").fill(name);
      await page.getByRole("button", { name: "Save Changes" }).click();
      expect(await isLive(page)).toBe(false);
      await page.getByText(TOAST.profileUpdated, { exact: true }).first().waitFor();
      expect((await api.me(OTHER_CLIENT)).fullName).toBe(name);
      expect(await page.getByLabel("Full Name").inputValue()).toBe(name);
    } finally {
      await context.close();
    }
  });
});
