import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISABLED_FEATURES } from "../scripts/chromium.mjs";
import { launchBrowser } from "./support/browser";

/**
 * The journeys' and the benchmarks' browser (scripts/chromium.mjs): its one `--disable-features` must keep every feature Playwright
 * disables (Chromium reads only the last such flag), and the omnibox WebUI it adds must really stay shut.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the journeys' Chromium", () => {
  it("runs with every feature Playwright disables, and without the omnibox popup's WebUI", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("chrome://version");
    const commandLine = (await page.locator("#command_line").textContent()) ?? "";
    const lists = commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith("--disable-features="))
      .map((arg) => arg.slice("--disable-features=".length).split(","));
    expect(lists.length).toBeGreaterThan(0);
    const effective = lists.at(-1) ?? [];
    expect(effective).toEqual(DISABLED_FEATURES);
    // What Playwright (or Debian's wrapper) passed before ours, and ours would otherwise drop.
    const dropped = lists
      .slice(0, -1)
      .flat()
      .filter((feature) => !effective.includes(feature));
    expect(dropped).toEqual([]);

    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send("Target.getTargets");
    expect(targetInfos.map((target) => target.url).filter((url) => url.includes("omnibox"))).toEqual([]);
    await context.close();
  });
});
