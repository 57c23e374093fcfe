import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { type ProductServer, startProduct } from "./server";

export type ProductOptions = {
  /** Run-time settings on top of startProduct's defaults, e.g. to prove the server injects them. */
  env?: Record<string, string>;
  /** False for files that only speak HTTP, so they do not pay for Chromium's start-up. */
  browser?: boolean;
};

export type Product = {
  readonly server: ProductServer;
  readonly browser: Browser;
};

/**
 * The built product on a fresh database, and Chromium, for one journey file.
 * Call it at the top of the file: it registers the file's beforeAll and
 * afterAll itself, and the getters hand the started pair to the tests (they
 * cannot be destructured up front, as nothing has started yet).
 */
export function setupProduct(options: ProductOptions & { browser: false }): Omit<Product, "browser">;
export function setupProduct(options?: ProductOptions & { browser?: true }): Product;
export function setupProduct({ env, browser: withBrowser = true }: ProductOptions = {}): Product {
  let server: ProductServer | undefined;
  let browser: Browser | undefined;
  let started: Promise<[PromiseSettledResult<ProductServer>, PromiseSettledResult<Browser | undefined>]> | undefined;

  beforeAll(async () => {
    // allSettled, not all: with Promise.all a failed launch would drop the
    // server that did start, and its process and data directory would outlive the run.
    started = Promise.allSettled([startProduct(env), withBrowser ? launchBrowser() : Promise.resolve(undefined)]);
    const [serverStart, browserStart] = await started;
    if (serverStart.status === "fulfilled") server = serverStart.value;
    if (browserStart.status === "fulfilled") browser = browserStart.value;
    const failures = [serverStart, browserStart].flatMap((start) =>
      start.status === "rejected" ? [start.reason] : [],
    );
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, "Neither the product nor Chromium started");
  });

  afterAll(async () => {
    // Waits for a start that outlived beforeAll's timeout too, so whatever it started is still closed.
    const [serverStart, browserStart] = (await started) ?? [];
    try {
      if (browserStart?.status === "fulfilled") await browserStart.value?.close();
    } finally {
      if (serverStart?.status === "fulfilled") await serverStart.value.stop();
    }
  });

  return {
    get server() {
      if (!server) throw new Error("The product is not running: setupProduct() starts it in beforeAll");
      return server;
    },
    get browser() {
      if (!browser) {
        throw new Error(
          withBrowser
            ? "Chromium is not running: setupProduct() launches it in beforeAll"
            : "setupProduct({ browser: false }) launches no Chromium",
        );
      }
      return browser;
    },
  };
}
