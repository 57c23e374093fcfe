// Types for chromium.mjs, so the browser suite launches Chromium as the benchmarks do.
export declare const CHROMIUM_PATH: string;
export declare const DISABLED_FEATURES: string[];
export declare const CHROMIUM_ARGS: string[];
