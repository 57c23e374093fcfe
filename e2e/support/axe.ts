import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { renderEveryBand } from "./browser";
import { ROOT } from "./server";

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

type AxeNode = { target: string[]; html: string; failureSummary?: string };
type AxeResult = { violations: { id: string; impact: string; help: string; nodes: AxeNode[] }[] };

const describeNode = (node: AxeNode) =>
  `${node.target.join(" ")} ${node.html.slice(0, 120)}${node.failureSummary ? ` (${node.failureSummary.replaceAll("\n", " ")})` : ""}`;

/** Runs axe-core on the page as it is now; one line per violation, so `expect(...).toEqual([])` reads well. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours caught mid-transition (a button leaving its loading state) would read as contrast failures.
  // Endless ones (spinners) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  // axe scrolls to each element it checks for contrast and reads the colours under it at once, before a
  // band below the fold has rendered, and then found the footer's yellow headings on the page's white
  // (once in a CI run). They are checked as a visitor who scrolled there sees them: rendered.
  await renderEveryBand(page);
  const loaded = await page.evaluate(() => "axe" in window);
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script> tag would be refused).
  if (!loaded) await page.evaluate(readFileSync(AXE, "utf8"));
  // Only violations are read: axe then details one node of each passing or incomplete check instead of all of them.
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(
      document,
      { resultTypes: ["violations"] },
    ),
  )) as AxeResult;
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map(describeNode).join(", ")}`,
  );
}
