import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROUTE_NOT_LOADED, ROUTE_NOT_LOADED_HINT } from "../src/components/RouteError";
import { contactPage } from "../src/content/contact";
import { plansPage } from "../src/content/plans";
import { SCRIPT_NEEDED } from "../src/content/script-needed";
import { company } from "../src/content/shared";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { holdRequests, hydratePage, isFocused, newUser, scriptNeededNote, waitForPath } from "./support/browser";
import { fillRequired } from "./support/contact";
import { setupProduct } from "./support/product";
import { ROOT, SHELL_ROOT } from "./support/server";

/**
 * Journeys through the public marketing site, against the built product
 * with its prerendered pages. Run-time settings are non-default here to
 * prove the server injects them (nothing is baked into the bundle).
 */
const WHATSAPP = "2348055501234";
const LINKEDIN = "https://www.linkedin.com/company/lagos-studio-e2e";
const product = setupProduct({
  env: { WHATSAPP_NUMBER: WHATSAPP, SOCIAL_LINKEDIN_URL: LINKEDIN, CONTACT_RATE_LIMIT: "50" },
});

/** Opens `path` in a fresh profile and hydrates it, failing the test on any page error (hydration mismatches included). */
async function visit(path: string, viewport = { width: 1280, height: 900 }) {
  const user = await newUser(product.browser, product.server.url);
  await user.page.setViewportSize(viewport);
  const errors: string[] = [];
  user.page.on("pageerror", (error) => errors.push(error.message));
  user.page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 404")) errors.push(message.text());
  });
  const response = await user.page.goto(path);
  await hydratePage(user.page);
  return { ...user, response, errors };
}

const text = (page: Page) => page.locator("main").textContent();

/** Fills the contact form's required fields like a visitor would. */
describe("public pages", () => {
  it("home: hero, three value points, four featured services", async () => {
    const { page, context, response, errors } = await visit("/");
    try {
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain("Lagos Studio");
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        "We build, market and grow your business online",
      );
      const values = page.getByRole("region", { name: "Why businesses choose us" }).getByRole("listitem");
      expect(await values.count()).toBe(3);
      const featured = page
        .getByRole("region", { name: "Featured services" })
        .getByRole("link", { name: /Learn more/ });
      expect(await featured.count()).toBe(4);
      expect(await featured.first().getAttribute("href")).toBe("/services/web-app-development");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("about: mission, the three values and three team cards", async () => {
    const { page, context, errors } = await visit("/about");
    try {
      const main = await text(page);
      expect(main).toContain("Our mission");
      for (const value of ["Innovation", "Reliability", "Results-Driven"]) {
        expect(await page.getByRole("heading", { name: value, level: 3 }).count()).toBe(1);
      }
      expect(await page.getByRole("region", { name: "Meet the team" }).getByRole("article").count()).toBe(3);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("services: four cards linking to their pages", async () => {
    const { page, context, errors } = await visit("/services");
    try {
      const links = page.locator("main").getByRole("link", { name: /View details/ });
      expect(await links.count()).toBe(4);
      const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
      expect(hrefs).toEqual([
        "/services/web-app-development",
        "/services/digital-marketing",
        "/services/brand-strategy",
        "/services/it-solutions",
      ]);
      await links.nth(1).click();
      await waitForPath(page, "/services/digital-marketing");
      // The URL changes first; the page renders once its route chunk has loaded.
      await page.getByRole("heading", { level: 1, name: "Digital Marketing" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ["web-app-development", "Web & App Development"],
    ["digital-marketing", "Digital Marketing"],
    ["brand-strategy", "Brand Strategy"],
    ["it-solutions", "IT Solutions"],
  ])("service %s: description, key features, four-step process, Start this Project", async (id, title) => {
    const { page, context, response, errors } = await visit(`/services/${id}`);
    try {
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
      expect(await page.getByRole("heading", { name: "Key features" }).count()).toBe(1);
      const steps = page.getByRole("region", { name: "Our process" }).getByRole("listitem");
      expect(await steps.count()).toBe(4);
      const start = page.getByRole("link", { name: "Start this Project" });
      expect(await start.getAttribute("href")).toBe("/contact");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an unknown service id redirects to /services (server and in-app)", async () => {
    const direct = await fetch(`${product.server.url}/services/quantum-baking`, { redirect: "manual" });
    expect(direct.status).toBe(302);
    expect(new URL(direct.headers.get("location") ?? "", product.server.url).pathname).toBe("/services");
    // A longer path under a service is an unknown page, as the app says of it too.
    const deeper = await fetch(`${product.server.url}/services/web-app-development/pricing`, { redirect: "manual" });
    expect(deeper.status).toBe(404);
    const { page, context } = await visit("/services/quantum-baking");
    try {
      expect(new URL(page.url()).pathname).toBe("/services");
      // In-app navigation to a bad id takes the client-side redirect. Until the page has hydrated
      // (a transition after its route's code loads) no router hears the popstate: try again until one does.
      await page.evaluate(() => window.history.pushState({}, "", "/services/nope"));
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate")));
            await waitForPath(page, "/services", 2_000).catch(() => {});
            return new URL(page.url()).pathname;
          },
          { timeout: 20_000 },
        )
        .toBe("/services");
    } finally {
      await context.close();
    }
  });

  it("plans: six plans with naira prices, badges and links to the contact form", async () => {
    const { page, context, errors } = await visit("/plans");
    try {
      const expected = [
        ["social-starter", "Social Starter", "₦100,000"],
        ["social-growth", "Social Growth", "₦200,000"],
        ["social-premium", "Social Premium", "₦300,000"],
        ["maintenance-basic", "Maintenance Basic", "₦80,000"],
        ["maintenance-standard", "Maintenance Standard", "₦150,000"],
        ["maintenance-enterprise", "Maintenance Enterprise", "₦250,000"],
      ] as const;
      for (const [slug, name, price] of expected) {
        const card = page.getByRole("article", { name });
        const cardText = await card.textContent();
        expect(cardText).toContain(`${price}/month`);
        const button = card.getByRole("link", { name: `Get started with ${name}` });
        expect(await button.getAttribute("href")).toBe(`/contact?plan=${slug}`);
      }
      expect(await page.getByRole("article", { name: "Social Premium" }).textContent()).toContain("Most popular");
      expect(await page.getByRole("article", { name: "Maintenance Standard" }).textContent()).toContain("Best Value");
      expect(await page.getByText("Most popular").count()).toBe(1);
      expect(await page.getByText("Best Value").count()).toBe(1);
      expect(await page.getByRole("link", { name: "Request a Custom Quote" }).getAttribute("href")).toBe("/contact");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("plans reached from another page: room for the cards while they load; failed, a retry that brings them", async () => {
    const { page, context } = await visit("/");
    try {
      const held = await holdRequests(page, /\/api\/plans$/, { outcome: "abort" });
      await page.getByRole("banner").getByRole("link", { name: "Plans", exact: true }).click();
      await waitForPath(page, "/plans");
      await expect.poll(() => page.locator('main ul[aria-busy="true"]').count()).toBe(2);
      // Said too, not only drawn: a visually hidden status.
      expect(await page.getByRole("status").filter({ hasText: plansPage.loading }).count()).toBe(1);
      held.release();
      const alert = page.getByText(plansPage.loadError);
      await alert.waitFor({ timeout: 10_000 });
      expect(await page.getByRole("heading", { name: plansPage.categories.social.heading }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.unroute(/\/api\/plans$/);
      await page.getByRole("button", { name: plansPage.retry }).click();
      await page.getByRole("article", { name: "Social Growth" }).waitFor();
      expect(await alert.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("plans come from GET /api/plans in kobo", async () => {
    const plans = (await (await fetch(`${product.server.url}/api/plans`)).json()) as {
      slug: string;
      priceMinor: number;
    }[];
    expect(plans.map((plan) => [plan.slug, plan.priceMinor])).toEqual([
      ["social-starter", 10_000_000],
      ["social-growth", 20_000_000],
      ["social-premium", 30_000_000],
      ["maintenance-basic", 8_000_000],
      ["maintenance-standard", 15_000_000],
      ["maintenance-enterprise", 25_000_000],
    ]);
  });

  it("contact: office, response time and hours", async () => {
    const { page, context, errors } = await visit("/contact");
    try {
      const main = await text(page);
      expect(main).toContain("Lagos, Nigeria");
      expect(main).toContain("within 24 hours on business days");
      expect(main).toMatch(/Monday – Friday\s*9:00 AM – 6:00 PM/);
      expect(main).toMatch(/Saturday\s*10:00 AM – 2:00 PM/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the 404 page for an unknown path, with status 404 and a link home", async () => {
    const { page, context, response } = await visit("/no/such/page");
    try {
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Oops! Page not found");
      await page.getByRole("link", { name: "Return to Home" }).click();
      await waitForPath(page, "/");
    } finally {
      await context.close();
    }
  });

  // /auth's tabs are prerendered (e2e/auth.e2e.ts).
  it("/auth showing another view than its two tabs gets the SPA shell with status 200", async () => {
    for (const path of ["/auth?view=forgot", "/auth?view=reset&token=abc"]) {
      const response = await fetch(`${product.server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toMatch(SHELL_ROOT);
    }
  });
});

describe("header and footer", () => {
  it("has the spec's navigation, Start Now and the WhatsApp consultation link from run-time config", async () => {
    const { page, context } = await visit("/about");
    try {
      const nav = page.getByRole("navigation", { name: "Main" });
      const labels = await nav.getByRole("link").allInnerTexts();
      expect(labels).toEqual(["Home", "About", "Services", "Plans", "Contact"]);
      expect(await page.getByRole("banner").getByRole("link", { name: "Start Now" }).getAttribute("href")).toBe(
        "/auth",
      );
      const consultation = page.getByRole("banner").getByRole("link", { name: /Get a Free Consultation/ });
      const href = (await consultation.getAttribute("href")) ?? "";
      const url = new URL(href);
      expect(url.origin + url.pathname).toBe(`https://wa.me/${WHATSAPP}`);
      expect(url.searchParams.get("text")).toMatch(/free consultation/i);
      expect(await consultation.getAttribute("target")).toBe("_blank");
      expect(await consultation.getAttribute("rel")).toBe("noopener noreferrer");
      // A tablet's header has no drawer and no room for the words: the link is its icon, named by them.
      await page.setViewportSize({ width: 820, height: 900 });
      const tablet = page.getByRole("banner").getByRole("link", { name: /Get a Free Consultation/ });
      expect(await tablet.isVisible()).toBe(true);
      expect(await tablet.getAttribute("href")).toBe(href);
      expect((await tablet.boundingBox())?.width).toBeLessThan(48);
    } finally {
      await context.close();
    }
  });

  it("footer: quick links and only the configured social networks", async () => {
    const { page, context } = await visit("/");
    try {
      const footer = page.getByRole("contentinfo");
      const quick = await footer.getByRole("navigation", { name: "Quick links" }).getByRole("link").allInnerTexts();
      expect(quick).toEqual(["Home", "About", "Services", "Contact"]);
      const social = footer.getByRole("link", { name: /on (Facebook|Instagram|X|LinkedIn)/ });
      expect(await social.count()).toBe(1);
      expect(await social.getAttribute("href")).toBe(LINKEDIN);
    } finally {
      await context.close();
    }
  });

  it("mobile drawer at 375px: opens, keeps focus inside, closes with Escape", async () => {
    const { page, context } = await visit("/", { width: 375, height: 812 });
    try {
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await menuButton.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      const links = await drawer.getByRole("navigation", { name: "Mobile" }).getByRole("link").allInnerTexts();
      expect(links).toEqual(["Home", "About", "Services", "Plans", "Contact"]);
      expect(await axeViolations(page)).toEqual([]);
      for (let step = 0; step < 12; step++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
      // A link in the drawer navigates and closes it.
      await menuButton.click();
      await page.getByRole("dialog").getByRole("link", { name: "Plans" }).click();
      await waitForPath(page, "/plans");
      await page.getByRole("dialog").waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });
});

describe("code that cannot load (a dropped connection)", () => {
  it("the menu's drawer: its links show plainly instead, and the next open brings the drawer", async () => {
    const { page, context } = await visit("/", { width: 375, height: 812 });
    try {
      const drawerCode = "**/assets/MobileMenu-*.js";
      await page.route(drawerCode, (route) => route.abort("internetdisconnected"));
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await menuButton.click();
      const plain = page.getByRole("navigation", { name: "Menu" });
      await plain.waitFor();
      expect(await plain.getByRole("link").allInnerTexts()).toEqual(["Home", "About", "Services", "Plans", "Contact"]);
      await plain.getByRole("link", { name: "Plans" }).click();
      await waitForPath(page, "/plans");
      await plain.waitFor({ state: "detached" });

      await page.unroute(drawerCode);
      await menuButton.click();
      await page.getByRole("dialog").getByRole("navigation", { name: "Mobile" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a page's own code: said in its place with the header and footer kept; Try again brings the page", async () => {
    const { page, context } = await visit("/");
    try {
      const pageCode = "**/assets/about-*.js";
      await page.route(pageCode, (route) => route.abort("internetdisconnected"));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
      // The router loads the document once more (its answer to a release that renamed the code); then it says so.
      const failed = page.getByRole("alert").filter({ hasText: ROUTE_NOT_LOADED });
      await expect
        .poll(
          async () => {
            await page.mouse.move(5 + Math.random() * 50, 5 + Math.random() * 50);
            return failed.isVisible();
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe("/about");
      expect(await failed.textContent()).toContain(ROUTE_NOT_LOADED_HINT);
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      await page.unroute(pageCode);
      await failed.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { level: 1 }).filter({ hasText: /about/i }).waitFor();
      expect(await failed.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("hydration on the first interaction", () => {
  it("runs no app code until the visitor interacts, a campaign's query too; a tap on the menu before then still opens it", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // A query the page does not read leaves it as prerendered (it once made every such visit hydrate at once).
      await page.goto("/?utm_source=newsletter&utm_campaign=launch", { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      // The page is complete and its chunks fetched, but React has not touched it.
      expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
      expect(
        await page.evaluate(() =>
          Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__react")),
        ),
      ).toBe(false);
      // One press: it starts the hydration and is replayed once the page is live.
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").getByRole("navigation", { name: "Mobile" }).waitFor();
      expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hydrates at once a page whose query changes what it shows: the contact form's plan", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.goto("/contact?plan=social-growth&utm_source=newsletter");
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset, undefined, { timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  it("a visitor who scrolls before the page is live stays where they scrolled; a link then opens at the top", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.setViewportSize({ width: 1280, height: 700 });
      await page.goto("/about", { waitUntil: "load" });
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
      // Long enough for the router's first render to have restored (reset) the scroll, as it did.
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => scrollY)).toBeGreaterThanOrEqual(500);
      await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
      await waitForPath(page, "/contact");
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      // The focus went with the visitor to the new page's main landmark, not left on the footer's link.
      await expect.poll(() => isFocused(page.getByRole("main"))).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main, footer")?.tagName)).toBe("MAIN");
    } finally {
      await context.close();
    }
  });

  it("lists the chunks its hydration needs, preloaded after load: the app's and the route's, each an asset", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      const requested: string[] = [];
      page.on("requestfinished", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto("/services/web-app-development", { waitUntil: "load" });
      const listed = JSON.parse((await page.locator("#app-chunks").textContent()) ?? "[]") as string[];
      expect(listed.some((file) => /\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
      expect(listed.some((file) => /\/assets\/_serviceId-[\w-]+\.js$/.test(file))).toBe(true);
      await expect
        .poll(() =>
          page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].length),
        )
        .toBe(listed.length);
      await expect.poll(() => listed.filter((file) => !requested.includes(file))).toEqual([]);
      for (const file of listed) expect((await fetch(`${product.server.url}${file}`)).status, file).toBe(200);
      expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("skips rendering the bands far below the first screen until the visitor scrolls near them", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto("/", { waitUntil: "load" });
      // checkVisibility's contentVisibilityAuto option reports content the browser is skipping as not visible.
      const rendered = (selector: string) =>
        page.evaluate(
          (target) => document.querySelector(target)?.checkVisibility({ contentVisibilityAuto: true }) ?? null,
          selector,
        );
      expect(await rendered("header a")).toBe(true);
      expect(await rendered("footer p")).toBe(false);
      expect(await rendered("#cta-heading")).toBe(false);
      // Still in the accessibility tree: a screen reader reads the page whole.
      expect(await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).count()).toBe(1);
      await page.locator("footer").scrollIntoViewIfNeeded();
      await expect.poll(() => rendered("footer p")).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a form sent before the page is live is sent by the app, not as a GET with the fields in the URL", async () => {
    for (const how of ["Enter in a field", "a script's submit"]) {
      const { page, context } = await newUser(product.browser, product.server.url);
      try {
        await page.goto("/contact", { waitUntil: "networkidle" });
        const firstName = page.getByLabel(/first name/i);
        if (how === "Enter in a field") await firstName.press("Enter");
        // As an autofill extension might: no pointer or key has reached the page.
        else await firstName.evaluate((input) => (input as HTMLInputElement).form?.requestSubmit());
        await page.getByText("First name is required").waitFor();
        expect(new URL(page.url()).search, how).toBe("");
      } finally {
        await context.close();
      }
    }
  });
});

describe("forms where JavaScript is off", () => {
  /** A profile that runs no script, as a browser with JavaScript turned off. */
  async function withoutScript<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const { context, page } = await newUser(product.browser, product.server.url, { javaScript: false });
    try {
      return await use(page);
    } finally {
      await context.close();
    }
  }

  it("sign-in says it needs JavaScript, and a submit posts: the password never reaches the URL", async () => {
    await withoutScript(async (page) => {
      await page.goto("/auth");
      expect(await scriptNeededNote(page).textContent()).toBe(SCRIPT_NEEDED.auth);
      await page.getByLabel("Email").fill("ada@example.test");
      await page.getByLabel("Password").fill("Secret-Typed-1");
      await Promise.all([page.waitForNavigation(), page.getByLabel("Password").press("Enter")]);
      const landed = new URL(page.url());
      expect(landed.pathname + landed.search).toBe("/auth");
      expect(page.url()).not.toContain("Secret-Typed-1");
      expect(await scriptNeededNote(page).textContent()).toBe(SCRIPT_NEEDED.auth);
    });
  });

  it("contact says so with the company's address, and a submit posts back to the page", async () => {
    await withoutScript(async (page) => {
      await page.goto("/contact?plan=Social%20Starter");
      const note = scriptNeededNote(page);
      expect(await note.textContent()).toBe(`${SCRIPT_NEEDED.contact} ${company.email}.`);
      expect(await note.locator("a").getAttribute("href")).toBe(`mailto:${company.email}`);
      await page.getByLabel(/first name/i).fill("Ada");
      await page.getByLabel(/tell us about your project/i).fill("A private plan for our launch");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: contactPage.submit }).click()]);
      expect(page.url()).toBe(`${product.server.url}/contact?plan=Social%20Starter`);
      expect(await note.textContent()).toContain(SCRIPT_NEEDED.contact);
    });
  });

  it("a page the app draws says it needs JavaScript instead of showing nothing", async () => {
    await withoutScript(async (page) => {
      await page.goto("/auth?view=forgot");
      expect(await scriptNeededNote(page).textContent()).toBe(SCRIPT_NEEDED.shell);
    });
  });

  it("a post to anything but a page's own path is a 404", async () => {
    const post = (path: string) =>
      fetch(`${product.server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a%40b.test",
      });
    expect((await post("/auth")).status).toBe(303);
    for (const path of ["//evil.example/contact", "/nowhere", "/api/nowhere"]) {
      const answer = await post(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("location"), path).toBeNull();
    }
  });
});

describe("contact form", () => {
  it("shows validation errors and sends nothing when required fields are empty or wrong", async () => {
    const { page, context } = await visit("/contact");
    try {
      let posted = 0;
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/enquiries")) posted++;
      });
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      for (const message of [
        "First name is required",
        "Last name is required",
        "E-mail is required",
        "Message is required",
      ]) {
        await page.getByText(message).waitFor();
      }
      await page.getByLabel("E-mail").fill("not-an-email");
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByText("Enter a valid e-mail address").waitFor();
      expect(await page.getByLabel("First name").getAttribute("aria-invalid")).toBe("true");
      expect(posted).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("keyboard only: what is typed before the form code arrives is kept, with focus and caret where they were", async () => {
    const { page, context, errors } = await visit("/contact");
    try {
      // Hold react-hook-form's chunk back so the visitor types into the prerendered fields first.
      const { release, requested } = await holdRequests(page, /\/assets\/enquiryForm-[^/]+\.js$/);
      const firstName = page.getByLabel("First name");
      await firstName.focus();
      await page.keyboard.type("Bisi");
      await page.keyboard.press("ArrowLeft");
      // Focus asked for the chunk; on a busy machine the request can reach the route after the keys.
      // Held, it has not arrived, so the typing above still came first.
      await expect.poll(requested, { timeout: 5_000 }).toBeGreaterThan(0);
      const arrived = page.waitForResponse(/\/assets\/enquiryForm-[^/]+\.js$/);
      release();
      await arrived;
      await page.keyboard.type("X");
      expect(await firstName.inputValue()).toBe("BisXi");
      expect(await firstName.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await page.getByText("Last name is required").waitFor();
      // The first invalid field gets focus; the valid one keeps its value.
      expect(await page.getByLabel("Last name").evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await firstName.inputValue()).toBe("BisXi");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps what was typed and explains the failure when the server errors", async () => {
    const { page, context } = await visit("/contact");
    try {
      await page.route("**/api/enquiries", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({
            error: { code: "internal", message: "Something went wrong on our side. Please try again." },
          }),
        }),
      );
      await fillRequired(page, {
        first: "Bisi",
        last: "Adewale",
        email: "bisi@example.com",
        message: "A new online store.",
      });
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByRole("alert").filter({ hasText: "Something went wrong on our side" }).waitFor();
      expect(await page.getByLabel("First name").inputValue()).toBe("Bisi");
      expect(await page.getByLabel("Tell us about your project").inputValue()).toBe("A new online store.");
    } finally {
      await context.close();
    }
  });

  it("says so when the form's code cannot load, and a later Send goes through once it can", async () => {
    const { page, context } = await visit("/contact");
    try {
      const formCode = "**/assets/enquiryForm-*.js";
      await page.route(formCode, (route) => route.abort("internetdisconnected"));
      await fillRequired(page, { first: "Tobi", last: "Ade", email: "tobi@example.com", message: "A booking site." });
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByRole("alert").filter({ hasText: "could not finish loading" }).waitFor();
      expect(await page.getByLabel("First name").inputValue()).toBe("Tobi");

      await page.unroute(formCode);
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByRole("status").filter({ hasText: "Your enquiry has been sent" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a plan chosen on /plans arrives preselected; the enquiry is stored and visible to an administrator", async () => {
    const { page, context, errors } = await visit("/plans");
    try {
      await page.getByRole("link", { name: "Get started with Social Premium" }).click();
      await waitForPath(page, "/contact");
      expect(new URL(page.url()).searchParams.get("plan")).toBe("social-premium");
      const plan = page.getByLabel(/Selected plan/);
      expect(await plan.inputValue()).toBe("social-premium");
      const marker = `E2E enquiry ${Date.now()}`;
      await fillRequired(page, { first: "Chioma", last: "Obi", email: "chioma@example.com", message: marker });
      await page.getByLabel(/Company/).fill("Obi Foods");
      await page.getByLabel(/Service you need/).selectOption("digital-marketing");
      await page.getByLabel(/Budget/).selectOption("50k-100k");
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.getByRole("status").filter({ hasText: "Thank you! Your enquiry has been sent." }).waitFor();

      const api = new Api(product.server.url);
      const enquiries = await api.get<
        { message: string; plan: string; service: string; budget: string; company: string }[]
      >("/api/enquiries", ADMIN_EMAIL);
      expect(enquiries[0]).toMatchObject({
        message: marker,
        plan: "social-premium",
        service: "digital-marketing",
        budget: "50k-100k",
        company: "Obi Foods",
      });
      const mails = await api.outbox("hello@lagos-studio.test");
      expect(mails[0]?.subject).toContain("Chioma Obi");
      // Another enquiry: the button goes, and focus goes to the empty form's first field.
      await page.getByRole("button", { name: "Send another enquiry" }).click();
      const firstName = page.getByLabel(/First name/);
      await expect.poll(() => isFocused(firstName)).toBe(true);
      expect(await firstName.inputValue()).toBe("");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a plan in the URL that is not a plan's name is ignored, as if none were given", async () => {
    const { page, context } = await visit("/contact?plan=..%2Fadmin");
    try {
      await page.getByLabel(/Company/).focus();
      // The page is live and asks for nothing more: the field's chunk, which a plan in the URL loads, was
      // not asked for. It shows only for a plan.
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
      await page.waitForLoadState("networkidle");
      expect(await page.getByLabel(/Selected plan/).count()).toBe(0);
      expect(await page.getByText("../admin").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("prerendered HTML", () => {
  it.each(["/", "/about", "/services", "/services/it-solutions", "/plans", "/contact"])(
    "%s carries its own head, JSON-LD and content before any script runs",
    async (path) => {
      const response = await fetch(`${product.server.url}${path}`, { headers: { "accept-encoding": "br" } });
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("vary")).toContain("accept-encoding");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const etag = response.headers.get("etag") ?? "";
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+\| Lagos Studio<\/title>|<title>Lagos Studio \|/);
      expect(html).toContain('<meta name="description" content="');
      expect(html).toContain(`<link rel="canonical" href="${product.server.url}${path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${product.server.url}${path}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
      const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "{}");
      expect(jsonLd["@type"]).toContain("ProfessionalService");
      expect(jsonLd.address.addressLocality).toBe("Lagos");
      expect(jsonLd.openingHoursSpecification).toHaveLength(2);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toMatch(/__[A-Z_]+__/);
      // Public pages never load portal or admin code.
      const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1],
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((src) => /\/(portal|admin|PortalShell|invoices|settings)[-.]/i.test(src ?? ""))).toEqual(
        [],
      );
      const again = await fetch(`${product.server.url}${path}`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    },
  );

  it("hashed assets are cached for a year and sent precompressed; sitemap and robots are served", async () => {
    const html = await (await fetch(product.server.url)).text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const response = await fetch(`${product.server.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const sitemap = await (await fetch(`${product.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${product.server.url}/services/web-app-development</loc>`);
    const robots = await (await fetch(`${product.server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /portal");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain("Disallow: /unsubscribe");
  });

  it.each([
    ["/auth?view=forgot", "src/routes/_site/auth.tsx"],
    ["/unsubscribe", "src/routes/_site/unsubscribe.tsx"],
  ])(
    "the SPA shell for %s preloads that route's code (%s), every link an asset that exists",
    async (path, routeFile) => {
      const manifest = JSON.parse(readFileSync(`${ROOT}/dist/client/.vite/manifest.json`, "utf8"));
      const routeChunk = manifest[`${routeFile}?tsr-split=component`]?.file;
      expect(routeChunk).toBeDefined();
      const html = await (await fetch(`${product.server.url}${path}`)).text();
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+\.js)"/g)].map(
        (match) => match[1] ?? "",
      );
      expect(preloads).toContain(routeChunk);
      for (const file of preloads) expect((await fetch(`${product.server.url}/${file}`)).status, file).toBe(200);
    },
  );
});
