import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, errors, type Locator, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { DEMO_PASSWORD } from "../../seed/accounts";

export const CHROMIUM_MISSING = `Chromium not found at ${CHROMIUM_PATH}; install with apt-get install -y chromium`;

/**
 * Debian's Chromium driven by playwright-core: the suite never downloads a
 * browser. A missing Chromium is a failure, locally and in CI alike, so a
 * green run always means the journeys really ran.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

export type User = { context: BrowserContext; page: Page };

/** Each profile's product URL (Playwright does not say a context's baseURL), for `signIn`'s Origin header. */
const productUrls = new WeakMap<BrowserContext, string>();

/**
 * A locator waits 10 s; a page load 30 s, as it is the journeys' largest piece of CPU (the server's
 * render, then the scripts): at a load average of 11, a first /portal of a file outlasted 10 s.
 */
export function setTimeouts(context: BrowserContext): void {
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(30_000);
}

/**
 * A fresh, cookie-less browser profile: one per person in a journey. `javaScript: false` makes it a browser with
 * JavaScript turned off (what a page without its app shows and does).
 */
export async function newUser(browser: Browser, baseURL: string, { javaScript = true } = {}): Promise<User> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  productUrls.set(context, baseURL);
  setTimeouts(context);
  const page = await context.newPage();
  return { context, page };
}

/** The same on a phone: a touch screen 375 px wide whose browser says it is a phone (as a server-rendered page reads it). */
export async function newPhoneUser(browser: Browser, baseURL: string): Promise<User> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
  });
  productUrls.set(context, baseURL);
  setTimeouts(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs the page's profile in as `email`, for the journeys about what comes after: the session comes from
 * the auth API into the profile's cookies (`page.request` shares them), which spares each journey loading
 * /auth and hydrating its form; the form itself is auth.e2e.ts's journey. The page stays where it was:
 * each journey opens the page it is about (loading /portal first cost ~2.5 s of CPU a sign-in, 66 times a
 * run, where the suite's two workers keep both cores busy).
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const productUrl = productUrls.get(page.context());
  if (!productUrl) throw new Error("signIn needs a profile made by newUser or newPhoneUser");
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: productUrl },
  });
  if (!response.ok()) throw new Error(`Sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs a new client up from the page's profile, as its sign-up form would: the profile then holds the
 * account's device cookie, so the verification link (`Api.latestLink`) opened here signs it in.
 */
export async function signUpHere(page: Page, person: { fullName: string; email: string; password: string }) {
  const productUrl = productUrls.get(page.context());
  if (!productUrl) throw new Error("signUpHere needs a profile made by newUser or newPhoneUser");
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: person,
    headers: { origin: productUrl },
  });
  if (!response.ok())
    throw new Error(`Sign-up of ${person.email} failed: ${response.status()} ${await response.text()}`);
}

/** Waits until the page's path (not its query) matches, e.g. after a client-side redirect. */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === "string" ? url.pathname === path : path.test(url.pathname)), {
    timeout,
    waitUntil: "commit",
  });
}

/**
 * Reads of `path` the app makes a page of `appSize` at a time are asked for `size` instead, so a
 * little data spans several pages (`sizeParam`: "limit" for a list read by cursor, "pageSize" for an
 * admin table's). Only the browser's reads: open the list with `openInApp`.
 */
export async function smallerPages(
  page: Page,
  path: string,
  appSize: number,
  size: number,
  sizeParam = "limit",
): Promise<void> {
  await page.route(
    (url) => url.pathname === path && url.searchParams.get(sizeParam) === String(appSize),
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set(sizeParam, String(size));
      return route.continue({ url: url.toString() });
    },
  );
}

/**
 * The next `times` reads of `path` past its first page (those whose query `later` picks out) fail as
 * a lost connection would: what "Load more" says when it cannot read its page.
 */
export async function failLaterPages(
  page: Page,
  path: string,
  later: (query: URLSearchParams) => boolean,
  times: number,
): Promise<void> {
  await page.route(
    (url) => url.pathname === path && later(url.searchParams),
    (route) => route.abort(),
    { times },
  );
}

/**
 * Until the returned function is called, reads of `path` get a 503 in the API's error shape with
 * `message`: the server's own words, which some screens show as they are (spec §8).
 */
export async function serverDown(page: Page, path: string, message = "Down"): Promise<() => Promise<void>> {
  const reads = (url: URL) => url.pathname === path;
  await page.route(reads, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { message } }) }),
  );
  return () => page.unroute(reads);
}

/**
 * A release replaced every script this page knows (each build names its chunks by their content), until
 * the page loads afresh: `reloaded` settles on that navigation (an object, as an async function returning
 * the promise itself would wait for it), when the page the server then
 * sends names the release's files, which exist. The switch is made when the navigation is requested,
 * before that page can ask for any file (unrouting after it raced the new page's first scripts).
 */
export async function releaseReplacesScripts(page: Page): Promise<{ reloaded: Promise<void> }> {
  const gone = /\/assets\/.+\.js$/;
  let reloaded = false;
  await page.route(gone, (route) =>
    reloaded ? route.continue() : route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" }),
  );
  const navigation = page.waitForRequest((request) => {
    if (request.isNavigationRequest()) reloaded = true;
    return reloaded;
  });
  return { reloaded: navigation.then(() => page.unroute(gone)) };
}

/**
 * Opens `path` in the app the page runs (hydrating it first): a client-side navigation, whose reads the
 * browser makes, so `page.route` applies to them (a page loaded anew is read by the server).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await hydratePage(page);
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await waitForPath(page, path.split("?")[0] ?? path);
}

/**
 * A prerendered public page, or a portal page the server rendered, hydrates on the visitor's first
 * interaction (src/main.tsx): moves the pointer over it, as a visitor would, and waits until it is live.
 * The page's text arrives before its script: a move made before the script listens is not seen, so the
 * pointer moves again (to another point: a move to where it already is may not be reported) until the
 * page is live or `timeout` has passed.
 */
export async function hydratePage(page: Page, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (let point = 1; ; point = 3 - point) {
    await page.mouse.move(point, point);
    try {
      const wait = Math.min(1_000, Math.max(1, deadline - Date.now()));
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset, undefined, { timeout: wait });
      return;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || Date.now() >= deadline) throw error;
    }
  }
}

/**
 * Notes every Content-Security-Policy violation on the context's pages (a library's `new Function` probe is
 * refused and reported even when it catches the error, and the console says nothing of it): read a page's
 * with `cspViolations`.
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} refused ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

/** The violations `recordCspViolations` noted on the page since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/**
 * Holds the page's requests to `url` (only those of `method`, when given: others go on) until
 * `release` is called; then they go on, or fail with `outcome: "abort"`. `requested` says how
 * many arrived. Remove the route with `unrouteAll({ behavior: "wait" })` or after they have gone on.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  options: { method?: string; outcome?: "continue" | "abort" } = {},
): Promise<{ release: () => void; requested: () => number }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = 0;
  await page.route(url, async (route) => {
    if (options.method && route.request().method() !== options.method) return route.continue();
    requested += 1;
    await gate;
    return options.outcome === "abort" ? route.abort() : route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Runs `steps` with the page's reads (GET) of `url` failing as a dropped connection fails them, then lets
 * them through again, whatever `steps` did. Open the page in the app (openInApp) inside `steps`: a page
 * loaded anew is read by the server.
 */
export async function withReadsFailing(page: Page, url: string | RegExp, steps: () => Promise<void>): Promise<void> {
  await page.route(url, (route) => (route.request().method() === "GET" ? route.abort() : route.continue()));
  try {
    await steps();
  } finally {
    await page.unroute(url);
  }
}

/**
 * The figure card (src/components/StatCard.tsx) whose label is exactly `label`,
 * in `scope`; its value is `.getByTestId("stat-value")`, its help line `stat-help`.
 */
export function statCard(scope: Page | Locator, label: string): Locator {
  // `has` is matched inside each card, so it starts from the page, not from `scope`.
  const page = "page" in scope ? scope.page() : scope;
  return scope.getByTestId("stat-card").filter({
    has: page.getByTestId("stat-label").getByText(label, { exact: true }),
  });
}

/** The stat cards' figures (their text) drawn on more than one line, or wider than their card. */
export function figuresOffOneLine(page: Page): Promise<string[]> {
  return page.locator("[data-testid=stat-value]").evaluateAll((figures) =>
    figures
      .filter((figure) => figure.getClientRects().length > 0)
      .filter((figure) => {
        const range = document.createRange();
        range.selectNodeContents(figure);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return lines > 1 || figure.scrollWidth > figure.clientWidth;
      })
      .map((figure) => figure.textContent ?? ""),
  );
}

/**
 * The tables (their accessible names) wider than the box they scroll in (src/components/DataTable.tsx):
 * a column past the card's edge. A chart's visually hidden table has no such box.
 */
export function tablesPastTheirBox(page: Page): Promise<string[]> {
  return page.locator("table").evaluateAll((tables) =>
    tables
      .filter((table) => table.parentElement && getComputedStyle(table.parentElement).overflowX === "auto")
      .filter((table) => table.getClientRects().length > 0)
      .filter((table) => table.scrollWidth > (table.parentElement as HTMLElement).clientWidth + 1)
      .map((table) => {
        const labelledBy = table.getAttribute("aria-labelledby");
        return (labelledBy && document.getElementById(labelledBy)?.textContent) || "a table";
      }),
  );
}

/** The placeholders wider than the box they are drawn in, which the browser cuts off ("Search by invoice number or"). */
export function placeholdersCutOff(page: Page): Promise<string[]> {
  return page.locator("input[placeholder]:visible, textarea[placeholder]:visible").evaluateAll((fields) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return [];
    return (fields as HTMLInputElement[])
      .filter((field) => {
        const style = getComputedStyle(field);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return context.measureText(field.placeholder).width > room + 1;
      })
      .map((field) => field.placeholder);
  });
}

/**
 * The words of up to 18 characters drawn broken across two lines between two letters or digits:
 * text squeezed by what sits beside it ("Offli / ne deli / very" in a card whose badges took its
 * width). A longer word (a URL, an e-mail address) may break where it does not fit, and a break
 * after a hyphen or a slash is a line's ordinary end. Text nobody sees (visually hidden, off the page) is left out.
 */
export function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split = new Set<string>();
    const walker = document.createTreeWalker(document.querySelector("main") ?? document.body, NodeFilter.SHOW_TEXT);
    const topsOf = (node: Text, from: number, to: number) => {
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      return [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
    };
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const element = node.parentElement;
      const box = element?.getBoundingClientRect();
      // Not drawn, visually hidden (a 1 px box) or moved off the page (a form's honeypot).
      if (!element || !box || box.width <= 2 || box.right <= 0 || element.getClientRects().length === 0) continue;
      for (const match of node.data.matchAll(/\S{2,18}(?!\S)/g)) {
        const start = match.index ?? 0;
        if (new Set(topsOf(node, start, start + match[0].length)).size < 2) continue;
        for (let i = 1; i < match[0].length; i++) {
          const [before] = topsOf(node, start + i - 1, start + i);
          const [after] = topsOf(node, start + i, start + i + 1);
          const inWord = /[\p{L}\p{N}]/u.test(match[0][i - 1] ?? "") && /[\p{L}\p{N}]/u.test(match[0][i] ?? "");
          if (before !== undefined && after !== undefined && after > before + 2 && inWord) split.add(match[0]);
        }
      }
    }
    return [...split];
  });
}

/**
 * Bands below the fold are `content-visibility: auto` (src/features/site/Section.tsx): the browser renders
 * them only near the viewport. Renders them all, as a visitor who scrolled down the page has seen them.
 * A layout read renders them in any case; the frame waited for is bounded (a scroll loop that waited for a
 * frame a screen, with no bound, once outlasted its test's minute in CI, where that test takes ~7 s here).
 */
export function renderEveryBand(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
      setTimeout(resolve, 200);
    });
  });
}

/** How many of the page's canvases have something drawn on them (a chart the app has drawn). */
export function paintedCanvases(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll("canvas")].filter((canvas) => {
        const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha]) return true;
        return false;
      }).length,
  );
}

/**
 * How light the edges of an element's box are as drawn: the median lightness (0-255) of the middle
 * third of the column `inset` px inside its left and right edges. Mostly background, so the
 * median is the background's: the card's white, 255, or darker under an edge's shadow, whatever
 * text, badge or border crosses the column. The middle, as an edge's shadow fades towards the corners.
 */
export async function edgeLightness(page: Page, box: Locator, inset = 2): Promise<{ left: number; right: number }> {
  const png = (await box.screenshot()).toString("base64");
  return page.evaluate(
    async ({ png, inset }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.drawImage(image, 0, 0);
      const lightness = (x: number) => {
        const third = Math.floor(image.height / 3);
        const pixels = context.getImageData(x, third, 1, third).data;
        const values: number[] = [];
        for (let i = 0; i < pixels.length; i += 4)
          values.push(Math.round(((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0)) / 3));
        return values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      };
      return { left: lightness(inset), right: lightness(image.width - 1 - inset) };
    },
    { png, inset },
  );
}

/** Whether the element `locator` finds has the focus. */
export const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * The text fields in `scope` that carry no maxlength, by name: each should stop typing at the
 * length its schema checks. Amounts are left out: cut short, a pasted figure would change value.
 */
export const textFieldsWithoutLimit = (scope: Locator) =>
  scope
    .locator("input:not([type]), input[type=text], input[type=email], input[type=url], input[type=search], textarea")
    .evaluateAll((fields) =>
      fields
        .filter((field) => !field.hasAttribute("maxlength") && field.getAttribute("inputmode") !== "decimal")
        .map((field) => field.getAttribute("name") ?? field.id),
    );

/** The text an element's aria-describedby names, as assistive technology reads it after its name. */
export const accessibleDescription = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
      .join(" ")
      .trim(),
  );

/**
 * What a page says where JavaScript is off (src/components/ScriptNeeded.tsx, the shells' note): found by
 * its place, as Playwright's text matching skips whatever is inside a noscript.
 */
export const scriptNeededNote = (page: Page) => page.locator("noscript > p");
