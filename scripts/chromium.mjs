import config from "../e2e/support/chromium.json" with { type: "json" };

/** Debian's Chromium, which the browser suite and the benchmarks drive with playwright-core: nothing downloads a browser. */
export const CHROMIUM_PATH = config.path;

/**
 * The one `--disable-features` given to Chromium. Chromium 156 starts its omnibox popup's WebUI in every profile,
 * headless too: ~1.5 s of CPU a launch and ~0.5 s a browser context, which no journey or benchmark uses. Chromium
 * reads only the last `--disable-features` it is given, and Playwright passes its own list first; so this one
 * carries Playwright's list (that of the pinned playwright-core: e2e/chromium.e2e.ts fails when it drifts) with the
 * WebUI's.
 */
export const DISABLED_FEATURES = [...config.disabledFeatures.playwright, ...config.disabledFeatures.omniboxWebUI];

/** Chromium's flags for playwright-core's `launch`: the sandbox's (e2e/support/chromium.json) and the features off. */
export const CHROMIUM_ARGS = [...config.args, `--disable-features=${DISABLED_FEATURES.join(",")}`];
