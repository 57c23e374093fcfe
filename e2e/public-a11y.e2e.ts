import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { newUser, renderEveryBand, type User, wordsSplitAcrossLines } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * axe-core on every public route at desktop and phone widths: zero
 * violations. Default run-time settings (no social links configured), so this
 * also checks that no social icons are shown when none are set.
 */
const ROUTES = [
  "/",
  "/about",
  "/services",
  "/services/web-app-development",
  "/services/it-solutions",
  "/plans",
  "/contact",
  "/contact?plan=social-growth",
  "/not-a-page",
];
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

const product = setupProduct();

describe("accessibility (axe-core)", () => {
  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}px`, () => {
      // One browser profile for the width's routes: a visitor's public pages keep no state between loads, and
      // each route is loaded afresh (a profile a route cost ~1 s of a loaded machine's CPU).
      let visitor: User;
      beforeAll(async () => {
        visitor = await newUser(product.browser, product.server.url);
        await visitor.page.setViewportSize(viewport);
        await visitor.page.emulateMedia({ reducedMotion: "reduce" });
      });
      afterAll(async () => {
        await visitor?.context.close();
      });

      it.each(ROUTES)("%s has no violations", async (route) => {
        const { page } = visitor;
        // The prerendered page as loaded: it hydrates on a first interaction, which no scan makes.
        await page.goto(route);
        expect(await axeViolations(page)).toEqual([]);
        // Landmarks: one of each, and headings start at h1.
        expect(await page.locator("header").count()).toBe(1);
        expect(await page.locator("main").count()).toBe(1);
        expect(await page.locator("footer").count()).toBe(1);
        expect(await page.locator("h1").count()).toBe(1);
        // The same load, its bands rendered by the scan, serves the check the other widths make below (a load
        // is ~1 s of a loaded machine's CPU). A plan's price at 820 px once read "₦300,00 / 0/month".
        expect(await wordsSplitAcrossLines(page), "words squeezed letter by letter").toEqual([]);
      });
    });
  }

  // One width a test: the nine routes at three widths in one test outlasted its minute on a loaded CI machine.
  // 768 px is the tightest header: the first width without the drawer. 375 and 1280 px are checked above.
  it.each([768, 820])("squeezes no word letter by letter on any page at %i px", async (width) => {
    const { page, context } = await newUser(product.browser, product.server.url);
    const found: string[] = [];
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize({ width, height: 900 });
      for (const route of ROUTES) {
        await page.goto(route);
        await renderEveryBand(page);
        for (const word of await wordsSplitAcrossLines(page)) found.push(`${route}: ${word}`);
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it("shows no social icons when no social URL is configured", async () => {
    const html = await (await fetch(product.server.url)).text();
    expect(html).not.toContain("data-social");
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.goto("/");
      expect(
        await page
          .getByRole("contentinfo")
          .getByRole("link", { name: /on (Facebook|Instagram|X|LinkedIn)/ })
          .count(),
      ).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the header, drawer and form work from the keyboard with a visible focus ring", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.goto("/contact", { waitUntil: "networkidle" });
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return active ? getComputedStyle(active).outlineStyle : "none";
      });
      expect(outline).not.toBe("none");
    } finally {
      await context.close();
    }
  });

  it("focus rings keep 3:1 against what is around them: the header's gold button, a hero's link, the footer's links", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/services/web-app-development", { waitUntil: "networkidle" });
      await page.keyboard.press("Tab");
      await renderEveryBand(page);
      const ringContrast = async (target: Locator) => {
        await target.focus();
        return target.evaluate((element) => {
          // "rgb(r, g, b)", "rgba(…, a)", or "color(srgb r g b / a)" with channels from 0 to 1 (white/95).
          const rgb = (text: string) => {
            const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
            const scale = text.startsWith("color(srgb") ? 255 : 1;
            return [r * scale, g * scale, b * scale, a];
          };
          const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
            const channel = (value: number) => {
              const c = value / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            };
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          // The first ancestor with a background of its own is what the ring, drawn outside, sits on.
          let band: Element | null = element.parentElement;
          while (band && (rgb(getComputedStyle(band).backgroundColor)[3] ?? 1) < 0.5) band = band.parentElement;
          const ring = luminance(rgb(getComputedStyle(element).outlineColor));
          const ground = luminance(rgb(band ? getComputedStyle(band).backgroundColor : "rgb(255, 255, 255)"));
          return (Math.max(ring, ground) + 0.05) / (Math.min(ring, ground) + 0.05);
        });
      };
      const header = page.getByRole("banner");
      const footer = page.getByRole("contentinfo");
      for (const [where, target] of [
        ["the header's gold button", header.getByRole("link", { name: /Get a Free Consultation/ }).last()],
        ["the hero's back link", page.getByRole("link", { name: /All services/ })],
        ["a footer link", footer.getByRole("link", { name: "Contact", exact: true })],
      ] as const) {
        expect(await ringContrast(target), where).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await context.close();
    }
  });
});
